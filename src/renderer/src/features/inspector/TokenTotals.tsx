import { useMemo } from 'react';
import type { InspectResult } from '../../../../shared/contract/context';
import { formatBytes, formatInt, percentOf, plural } from '../../../../shared/format';
import type { TextMix } from '../../../../shared/tokens/estimate-error';
import { Meter } from '../../ui/Meter';
import { TokenEstimate, TokenExact } from '../../ui/TokenEstimate';
import { useTokenCounts } from './token-count-store';

/** UTF-8 bytes per kind of text over the inspected files. */
export function mixOfFiles(files: InspectResult['files']): TextMix {
  const mix: TextMix = {};
  for (const f of files) mix[f.textKind] = (mix[f.textKind] ?? 0) + f.bytes;
  return mix;
}

/**
 * The inspected text in tokens: the estimate with the range its mix of text is
 * likely off by, and beside it the exact count for the model in force (with
 * its encoding, progress while main's workers count), or why there is none.
 */
export function TokenTotals({ result }: { result: InspectResult }) {
  const counts = useTokenCounts((s) => s.counts);
  const mix = useMemo(() => mixOfFiles(result.files), [result.files]);
  const tokens = result.totals.inspectedTokens;
  return (
    <div className="token-totals" data-testid="token-totals" data-exact={counts.state}>
      <TokenEstimate tokens={tokens} mix={mix} testId="total-tokens" exactShown={counts.state === 'done'} />
      {counts.state === 'counting' && (
        <div className="tok-counting" data-testid="tokens-exact" role="status">
          <span className="hint">
            Counting exactly with {counts.encoding} in Loupe’s token workers… {counts.total ? `${Math.floor(percentOf(counts.done, counts.total))}% of ${formatBytes(counts.total)}` : ''}
          </span>
          <Meter value={counts.done} max={counts.total || 1} level="ok" label={`Exact count with ${counts.encoding}`} />
        </div>
      )}
      {counts.state === 'done' && (
        <span data-testid="tokens-exact">
          <TokenExact count={counts.total} encoding={counts.encoding} />
          <span className="hint">
            {' '}
            · the estimate is {describeDiff(tokens, counts.total)}
            {counts.missing > 0 ? ` · ${plural(counts.missing, 'file')} no longer held: inspect again to count them` : ''}
          </span>
        </span>
      )}
      {counts.state === 'estimate-only' && (
        <span className="hint" data-testid="tokens-exact">
          No exact count: {counts.reason}
        </span>
      )}
      {counts.state === 'error' && (
        <span className="hint" data-testid="tokens-exact">
          The exact count with {counts.encoding} failed: {counts.error.message}
        </span>
      )}
    </div>
  );
}

/** "4.3% high", "12.1% low", "equal": the estimate against the exact count, named. */
function describeDiff(estimate: number, exact: number): string {
  if (exact === 0 || estimate === exact) return 'equal to it';
  const pct = ((estimate - exact) / exact) * 100;
  return `${Math.abs(pct).toFixed(1)}% ${pct > 0 ? 'above' : 'below'} it`;
}
