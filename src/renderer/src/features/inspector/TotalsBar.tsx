import type { InspectResult } from '../../../../shared/contract/context';
import { formatBytes, formatInt, formatTokens, percentOf, plural } from '../../../../shared/format';
import { Meter } from '../../ui/Meter';
import { canReadDropped } from './store';
import { TokenTotals } from './TokenTotals';

/** Share of the inspected-text budget from which the meter turns to a warning. */
const WARN_SHARE = 80;

/** The inspection's totals against the contract's limits. */
export function TotalsBar({ result }: { result: InspectResult }) {
  const { totals, limits } = result;
  const share = percentOf(totals.inspectedBytes, limits.maxInspectedBytes);
  const entries = result.files.length + result.omissions.length;
  const level = share >= 100 ? 'full' : share >= WARN_SHARE ? 'near' : 'ok';
  const unsizedOmissions = result.omissions.filter((o) => o.bytes === null).length;
  const unestimated = result.attachments.filter((a) => a.approxTokens === null).length;

  return (
    <div className="totals" data-testid="totals" aria-label="Totals">
      <div className="total total-wide" data-testid="total-inspected">
        <div className="total-line">
          <span className="total-label">Inspected text</span>
          <span className="total-value">
            {formatBytes(totals.inspectedBytes)} <span className="muted">of {formatBytes(limits.maxInspectedBytes)}</span>
          </span>
        </div>
        <Meter value={totals.inspectedBytes} max={limits.maxInspectedBytes} level={level} label="Inspected text against the limit" />
        <TokenTotals result={result} />
      </div>
      <div className="total" data-testid="total-files">
        <span className="total-label">Entries</span>
        <span className="total-value">
          {plural(result.files.length, 'file')}, {formatInt(result.omissions.length)} left out
        </span>
        <span className="hint">
          {formatInt(entries)} of {formatInt(limits.maxEntries)} entries
        </span>
      </div>
      <div className="total" data-testid="total-omitted">
        <span className="total-label">Left out</span>
        <span className="total-value">{formatBytes(totals.omittedBytes)}</span>
        <span className="hint">
          {unsizedOmissions > 0 ? `+ ${formatInt(unsizedOmissions)} of unknown size` : 'all sizes known'}
        </span>
      </div>
      <div className="total" data-testid="total-attachments">
        <span className="total-label">Attachments</span>
        <span className="total-value">{formatBytes(totals.attachmentBytes)}</span>
        <span className="hint">
          {formatTokens(totals.attachmentTokens)}
          {unestimated > 0 ? `, ${formatInt(unestimated)} not estimated` : ''}
          {!canReadDropped && result.attachments.length > 0 ? '; not sent from the browser host' : ''}
        </span>
      </div>
      <div className="total" data-testid="total-unknown">
        <span className="total-label">Unknown sizes</span>
        <span className="total-value">{formatInt(totals.unknownSizes)}</span>
        <span className="hint">
          {totals.unknownSizes > 0 ? 'not counted in the totals' : 'every size and estimate is known'}
        </span>
      </div>
      {result.truncated && (
        <p className="total-truncated" data-testid="truncated" role="status">
          <strong>Truncated:</strong> only the first {formatInt(limits.maxEntries)} entries are listed;{' '}
          {plural(result.truncatedCount, 'more entry', 'more entries')} were not inspected. Select fewer or smaller
          folders to see them.
        </p>
      )}
    </div>
  );
}
