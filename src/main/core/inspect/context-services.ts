import type { Services } from '../../../shared/api';
import type { CoreDeps } from '../deps';
import { warmTokensFor } from '../settings/settings-services';
import { countGate } from '../tokens/count-gate';
import { countKeptTexts } from './count-kept';
import { inspectContext } from './inspect';
import { TextStore } from './text-store';

type ContextServices = Pick<Services, 'context.inspect' | 'context.countTokens'>;

/**
 * The inspector's services: progress goes to the call's own `task:<callId>`
 * stream. Exact counts (request.tokens, or context.countTokens afterwards) run
 * in the runtime's token workers; the texts of recent inspections are kept by
 * content hash so a count asked for later reads nothing again.
 */
export function contextServices(deps: CoreDeps): ContextServices {
  const texts = new TextStore();
  return {
    'context.inspect': (request, ctx) => {
      // The Inspector asks for exact counts right after an inspection: the workers start while it reads.
      warmTokensFor(deps);
      return deps.repos.use(
        request.repo,
        (reader) =>
          inspectContext(reader, request, {
            signal: ctx.signal,
            onProgress: (done, total, label) => ctx.progress(done, total, label),
            keepText: (sha256, text, bytes) => texts.put(sha256, text, bytes),
            ...(request.tokens ? { tokenCounter: deps.tokens } : {}),
          }),
        ctx.signal,
      );
    },
    'context.countTokens': async (request, ctx) => {
      const result = await countKeptTexts(deps.tokens, texts, request, ctx);
      await countGate(deps.env.LOUPE_COUNT_GATE, ctx.signal);
      return result;
    },
  };
}
