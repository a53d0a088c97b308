import { useEffect } from 'react';
import { useShallow } from 'zustand/react/shallow';
import { cacheReadShare, formatUsd, LIST_PRICE, totalsText } from '../../../../shared/cost/price';
import { COST_GROUPS, type CostGroupBy } from '../../../../shared/cost/report';
import { formatInt } from '../../../../shared/format';
import { EmptyState } from '../../ui/EmptyState';
import { ErrorNotice } from '../../ui/ErrorNotice';
import { CostChart } from './CostChart';
import { CostTable } from './CostTable';
import { useCosts } from './store';

/**
 * Where the money went (issue 36): every request Loupe saw (runs, wrapped
 * sessions, the CLIs' own transcripts) at list price, per day in a chart and
 * by session, model, repository, day or week in a table, with the cache-read
 * share of input and what the cache saved against no cache.
 */
export function CostsView() {
  const { timeline, report, by, since, loading, error } = useCosts(
    useShallow((s) => ({ timeline: s.timeline, report: s.report, by: s.by, since: s.since, loading: s.loading, error: s.error })),
  );
  useEffect(() => void useCosts.getState().load(), []);
  const { setBy, setSince } = useCosts.getState();
  const t = report?.total;
  const ready = !loading && report !== null;

  return (
    <section className="costs" data-ready={ready ? 'true' : 'false'}>
      <header className="costs-head">
        <h1>Costs</h1>
        <span className="muted">{LIST_PRICE} from the model catalog: a subscription or a negotiated rate is not this bill</span>
        <span className="spacer" />
        <label>
          Since{' '}
          <input type="date" value={since ?? ''} onChange={(e) => void setSince(e.target.value || null)} aria-label="Since" />
        </label>
        <label>
          By{' '}
          <select value={by} onChange={(e) => void setBy(e.target.value as CostGroupBy)} aria-label="Group by">
            {COST_GROUPS.map((g) => (
              <option key={g} value={g}>
                {g}
              </option>
            ))}
          </select>
        </label>
      </header>
      {error && <ErrorNotice error={error} />}
      {t && t.requests === 0 && <EmptyState title="No priced requests yet">Runs of claude, codex and gemini, `loupe wrap`, and the CLIs’ own transcripts show here.</EmptyState>}
      {t && t.requests > 0 && (
        <>
          <div className="cost-cards">
            <div className="cost-card" data-testid="cost-total">
              <span className="muted">Total</span>
              <strong>{totalsText(t)}</strong>
              <span className="muted">{formatInt(t.requests)} requests{t.cliUsd !== null ? ` · the CLIs said ${formatUsd(t.cliUsd)}` : ''}</span>
            </div>
            <div className="cost-card">
              <span className="muted">Cache read share of input</span>
              <strong>{Math.round((cacheReadShare(t.tokens) ?? 0) * 100)}%</strong>
              <span className="muted">
                {formatInt(t.tokens.cacheRead)} of {formatInt(t.tokens.input + t.tokens.cacheRead + t.tokens.cacheWrite)} input tokens
              </span>
            </div>
            <div className="cost-card">
              <span className="muted">The cache saved</span>
              <strong>{formatUsd(t.noCacheUsd - t.usd)}</strong>
              <span className="muted">against {formatUsd(t.noCacheUsd)} with no cache</span>
            </div>
          </div>
          {timeline && <CostChart days={timeline.groups} />}
          <CostTable report={report} />
          {report.notes.map((n) => (
            <p key={n} className="muted">
              {n}
            </p>
          ))}
        </>
      )}
    </section>
  );
}
