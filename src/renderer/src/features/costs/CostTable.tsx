import type { CostReport } from '../../../../shared/contract/cost';
import { cacheReadShare, formatUsd, PRICE_UNKNOWN } from '../../../../shared/cost/price';
import type { CostGroup } from '../../../../shared/cost/report';
import { formatInt } from '../../../../shared/format';

const pct = (v: number | null) => (v === null ? '—' : `${Math.round(v * 100)}%`);

function usd(g: CostGroup): string {
  const t = g.totals;
  if (t.priced === 0) return PRICE_UNKNOWN;
  return t.unknown ? `${formatUsd(t.usd)} + ${t.unknown} unknown` : formatUsd(t.usd);
}

/** A session key in words: a transcript's file name, a wire session's short id. */
function label(g: CostGroup, by: CostReport['by']): string {
  if (by !== 'session') return g.key;
  if (g.key.startsWith('file:')) return g.key.slice(g.key.lastIndexOf('/') + 1);
  return g.key.replace(/^(wire|run):/, '').slice(0, 8);
}

/** One row per group: requests, list price, the CLI's own figure, input, the cache-read share, what the cache saved. */
export function CostTable({ report }: { report: CostReport }) {
  return (
    <table className="cost-table">
      <thead>
        <tr>
          <th scope="col">{report.by}</th>
          {report.by === 'session' && <th scope="col">from</th>}
          <th scope="col">requests</th>
          <th scope="col">list price</th>
          <th scope="col">CLI said</th>
          <th scope="col">input tokens</th>
          <th scope="col">cache read</th>
          <th scope="col">cache saved</th>
        </tr>
      </thead>
      <tbody>
        {report.groups.map((g) => (
          <tr key={g.key} data-key={g.key}>
            <td title={g.key} className="cost-key">
              {label(g, report.by)}
            </td>
            {report.by === 'session' && (
              <td>
                {g.agent} · {g.source}
                {g.repo ? ` · ${g.repo.slice(g.repo.lastIndexOf('/') + 1)}` : ''}
              </td>
            )}
            <td className="num">{formatInt(g.totals.requests)}</td>
            <td className="num">{usd(g)}</td>
            <td className="num">{g.totals.cliUsd === null ? '—' : formatUsd(g.totals.cliUsd)}</td>
            <td className="num">{formatInt(g.totals.tokens.input + g.totals.tokens.cacheRead + g.totals.tokens.cacheWrite)}</td>
            <td className="num">{pct(cacheReadShare(g.totals.tokens))}</td>
            <td className="num">{g.totals.priced ? formatUsd(g.totals.noCacheUsd - g.totals.usd) : '—'}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
