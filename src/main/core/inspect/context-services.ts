import type { Services } from '../../../shared/api';
import { INSPECT_LIMITS, PREVIEW_LIMITS } from '../../../shared/contract/limits';
import type { CoreDeps } from '../deps';
import { warmTokensFor } from '../settings/settings-services';
import { countGate } from '../tokens/count-gate';
import { countKeptTexts } from './count-kept';
import { inspectService } from './inspect-service';
import { TextStore } from './text-store';

type ContextServices = Pick<Services, 'context.inspect' | 'context.countTokens' | 'context.previews'>;

/**
 * Room for the previews of eight full inspections (13 MiB): a row opened long
 * after its inspection, or in another tab, still finds its preview.
 */
export const PREVIEW_STORE_BYTES = 8 * INSPECT_LIMITS.maxEntries * PREVIEW_LIMITS.maxBytes;

/**
 * The inspector's services: progress goes to the call's own `task:<callId>`
 * stream. Exact counts (request.tokens, or context.countTokens afterwards) run
 * in the runtime's token workers; the texts of recent inspections are kept by
 * content hash so a count asked for later reads nothing again, and their
 * redacted previews so an Inspector that asked for none (`previews: false`)
 * gets each one when a row opens.
 */
export function contextServices(deps: CoreDeps): ContextServices {
  const texts = new TextStore();
  const previews = new TextStore(PREVIEW_STORE_BYTES);
  return {
    // The Inspector asks for exact counts right after an inspection: the workers start while it reads.
    'context.inspect': inspectService(deps, {
      onStart: () => warmTokensFor(deps),
      keepText: (sha256, text, bytes) => texts.put(sha256, text, bytes),
      keepPreview: (sha256, preview) => previews.put(sha256, preview, Buffer.byteLength(preview)),
    }),
    // The preview is a function of the content alone (bounded, then redacted), so its hash names it.
    'context.previews': async (request) => ({ previews: request.sha256.map((sha) => previews.get(sha)?.text ?? null) }),
    'context.countTokens': async (request, ctx) => {
      const result = await countKeptTexts(deps.tokens, texts, request, ctx);
      await countGate(deps.env.LOUPE_COUNT_GATE, ctx.signal);
      return result;
    },
  };
}
