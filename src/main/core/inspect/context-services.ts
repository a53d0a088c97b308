import type { Services } from '../../../shared/api';
import type { CoreDeps } from '../deps';
import { createTokenCounter, type TokenCounter } from '../tokens/token-counter';
import { inspectContext } from './inspect';

type ContextServices = Pick<Services, 'context.inspect'>;

/**
 * The inspector's service: progress goes to the call's own `task:<callId>` stream.
 * Exact counts (request.tokens) run in worker threads started on the first
 * inspection that asks for them, closed with the runtime.
 */
export function contextServices(deps: CoreDeps): ContextServices {
  let counter: TokenCounter | null = null;
  const tokenCounter = () => {
    if (!counter) {
      counter = createTokenCounter();
      deps.onClose(() => counter?.close());
    }
    return counter;
  };
  return {
    'context.inspect': (request, ctx) =>
      deps.repos.use(
        request.repo,
        (reader) =>
          inspectContext(reader, request, {
            signal: ctx.signal,
            onProgress: (done, total, label) => ctx.progress(done, total, label),
            ...(request.tokens ? { tokenCounter: tokenCounter() } : {}),
          }),
        ctx.signal,
      ),
  };
}
