import type { ExternalReport } from '../../../../shared/contract/xray';
import { formatInt } from '../../../../shared/format';
import { formatWhen } from '../../ui/when';

/** Inventories other hosts posted about this thread (xray.report): their numbers, shown as advisory, never enforced. */
export function ReportsPanel({ reports }: { reports: readonly ExternalReport[] }) {
  if (reports.length === 0) return null;
  return (
    <section className="xray-panel" aria-labelledby="xray-reports-title">
      <h2 id="xray-reports-title">
        Reported by other hosts <span className="hint">advisory: their own counts, not enforced by Loupe</span>
      </h2>
      {reports.map((r) => (
        <div key={r.host} className="xray-report">
          <p>
            <strong>{r.host}</strong>: {formatInt(r.segments)} segments, {formatInt(r.tokens.tokens)} tokens ({r.tokens.kind}) · {formatWhen(r.reportedAt)}
          </p>
          <ul className="sys-list">
            {r.largest.slice(0, 5).map((s) => (
              <li key={s.id} className="xray-report-item">
                <span className="mono">{formatInt(s.tokens)}</span> <span className="seg-badge">{s.kind}</span> <span className="muted">{s.preview}</span>
              </li>
            ))}
          </ul>
        </div>
      ))}
    </section>
  );
}
