import type { ParsedRequestOf } from '../../../shared/api';
import type { ExternalReport } from '../../../shared/contract/xray';
import type { CoreDeps } from '../deps';
import { clipPreview } from '../prompt/section-previews';
import { redactTexts } from '../secrets';
import { saveReport } from './store';

/** How many of a report's segments are kept (the largest), with redacted previews. */
export const REPORT_LARGEST = 20;

/**
 * Keeps what an external host reported about a thread's context: its count
 * of segments and tokens (labelled reported: the host's numbers, not
 * Loupe's) and its largest segments with previews redacted and cut to 200
 * characters. Shown as advisory; never enforced.
 */
export async function storeReport(deps: CoreDeps, request: ParsedRequestOf<'xray.report'>): Promise<ExternalReport> {
  const largest = [...request.segments].sort((a, b) => b.tokens - a.tokens).slice(0, REPORT_LARGEST);
  const redacted = await redactTexts(largest.map((s) => s.preview ?? ''));
  const total = request.segments.reduce((n, s) => n + s.tokens, 0);
  const report: ExternalReport = {
    host: request.host,
    segments: request.segments.length,
    tokens: { tokens: total, kind: 'reported' },
    reportedAt: deps.now().toISOString(),
    largest: largest.map((s, i) => ({ id: s.id, kind: s.kind, tokens: s.tokens, preview: clipPreview(redacted[i]!.text) })),
  };
  saveReport(deps.db, request.threadId, report);
  return report;
}

