import type { CostGroup } from '../../../../shared/cost/report';
import { formatUsd } from '../../../../shared/cost/price';

const W = 720;
const H = 180;
const PAD = { left: 56, right: 8, top: 10, bottom: 26 };

/**
 * List price per day as bars (plain SVG): one bar per day, its height the
 * day's dollars; a day with only unpriced requests shows a hollow stub,
 * never a $0 bar.
 */
export function CostChart({ days }: { days: readonly CostGroup[] }) {
  if (days.length === 0) return null;
  const max = Math.max(...days.map((d) => d.totals.usd), 0.01);
  const innerW = W - PAD.left - PAD.right;
  const innerH = H - PAD.top - PAD.bottom;
  const step = innerW / days.length;
  const bar = Math.max(2, Math.min(36, step * 0.7));
  const y = (usd: number) => PAD.top + innerH - (usd / max) * innerH;
  const labelEvery = Math.ceil(days.length / 8);
  return (
    <svg className="cost-chart" viewBox={`0 0 ${W} ${H}`} role="img" aria-label={`List price per day over ${days.length} days`}>
      <line x1={PAD.left} x2={W - PAD.right} y1={y(0)} y2={y(0)} className="cost-axis" />
      <line x1={PAD.left} x2={W - PAD.right} y1={y(max)} y2={y(max)} className="cost-grid" />
      <text x={PAD.left - 6} y={y(max) + 4} textAnchor="end" className="cost-tick">
        {formatUsd(max)}
      </text>
      <text x={PAD.left - 6} y={y(0) + 4} textAnchor="end" className="cost-tick">
        $0
      </text>
      {days.map((d, i) => {
        const x = PAD.left + i * step + (step - bar) / 2;
        const unknownOnly = d.totals.priced === 0;
        const top = unknownOnly ? y(max * 0.05) : y(d.totals.usd);
        return (
          <g key={d.key} data-day={d.key}>
            <rect x={x} y={top} width={bar} height={Math.max(1, y(0) - top)} className={unknownOnly ? 'cost-bar cost-bar-unknown' : 'cost-bar'}>
              <title>{`${d.key}: ${unknownOnly ? 'price unknown' : `${formatUsd(d.totals.usd)} list price`}, ${d.totals.requests} requests`}</title>
            </rect>
            {i % labelEvery === 0 && (
              <text x={x + bar / 2} y={H - 8} textAnchor="middle" className="cost-tick">
                {d.key.slice(5)}
              </text>
            )}
          </g>
        );
      })}
    </svg>
  );
}
