/**
 * A CLI that answered while its relay saw no model request went around Loupe
 * (a settings file's own base URL, a custom command that calls its provider
 * itself): nothing it sent was recorded, and nothing Loupe enforces on the
 * wire (a request budget, secrets redaction, X-Ray's evictions and summaries)
 * was applied. Said loudly; with any of those in force the step fails open
 * rather than reading as a success.
 */
import type { RequestBudget } from '../../../shared/contract/runs';
import type { WireSecretsMode } from '../../../shared/contract/run-limits';

export const RELAY_BYPASS_TEXT = "not recorded: the CLI did not use Loupe's relay";

export interface RelayBypass {
  text: string;
  /** True when something was in force that the bypass left unenforced: the step ends failed. */
  failOpen: boolean;
}

/** What to say (and whether to fail) when a CLI answered and its relay recorded no model request. */
export function relayBypass(
  loop: { requestBudget?: RequestBudget | null; wireSecrets?: WireSecretsMode | null },
  directives: { evicted?: readonly string[]; summaries?: Readonly<Record<string, string>> },
): RelayBypass {
  const unenforced: string[] = [];
  if (loop.requestBudget) unenforced.push('the request budget');
  if (loop.wireSecrets === 'redact') unenforced.push('secrets redaction');
  if (directives.evicted?.length || Object.keys(directives.summaries ?? {}).length) unenforced.push("X-Ray's evictions and summaries");
  if (!unenforced.length) return { text: `${RELAY_BYPASS_TEXT} (it answered, and no model request reached the relay).`, failOpen: false };
  return {
    text: `Failed open: ${RELAY_BYPASS_TEXT} (it answered, and no model request reached the relay), so ${unenforced.join(', ')} did not apply to what it sent.`,
    failOpen: true,
  };
}
