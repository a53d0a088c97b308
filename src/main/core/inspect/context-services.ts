import type { Services } from '../../../shared/api';
import type { CoreDeps } from '../deps';
import { inspectContext } from './inspect';

type ContextServices = Pick<Services, 'context.inspect'>;

/** The inspector's service: progress goes to the call's own `task:<callId>` stream. */
export function contextServices(deps: CoreDeps): ContextServices {
  return {
    'context.inspect': (request, ctx) =>
      deps.repos.use(
        request.repo,
        (reader) => inspectContext(reader, request, { signal: ctx.signal, onProgress: (done, total, label) => ctx.progress(done, total, label) }),
        ctx.signal,
      ),
  };
}
