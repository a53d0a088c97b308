import type { Services } from '../../../shared/api';
import type { CoreDeps } from '../deps';
import { warmTokensFor } from '../settings/settings-services';
import { countGate } from '../tokens/count-gate';
import { countKeptTexts } from './count-kept';
import { inspectService } from './inspect-service';
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
    // The Inspector asks for exact counts right after an inspection: the workers start while it reads.
    'context.inspect': inspectService(deps, {
      onStart: () => warmTokensFor(deps),
      keepText: (sha256, text, bytes) => texts.put(sha256, text, bytes),
    }),
    'context.countTokens': async (request, ctx) => {
      const result = await countKeptTexts(deps.tokens, texts, request, ctx);
      await countGate(deps.env.LOUPE_COUNT_GATE, ctx.signal);
      return result;
    },
  };
}
