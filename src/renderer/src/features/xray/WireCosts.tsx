import type { WireSessionDetail } from '../../../../shared/contract/wire-methods';
import { causeText } from '../../../../shared/cost/cache-miss';
import { formatUsd, priceText, totalsText } from '../../../../shared/cost/price';
import { formatInt } from '../../../../shared/format';

/**
 * What the wire session cost at list price (issue 36): its total, the shown
 * request's price, and each cache miss with its first changed part and cost.
 */
export function WireCosts({ detail, shown }: { detail: WireSessionDetail; shown: number }) {
  const costs = detail.costs;
  if (!costs || costs.requests.length === 0) return null;
  const one = costs.requests.find((c) => c.seq === shown);
  const t = costs.total;
  return (
    <div className="wire-costs" data-testid="wire-costs">
      <p>
        <strong>Session: {totalsText(t)}</strong>
        {t.priced > 0 && <span className="muted"> · without the cache {formatUsd(t.noCacheUsd)}</span>}
        {one && <span> · request #{shown}: {priceText(one.price)}</span>}
      </p>
      {costs.misses.length > 0 && (
        <ul className="wire-misses">
          {costs.misses.map((m) => (
            <li key={m.seq} data-seq={m.seq} data-cause={m.cause.kind}>
              Cache miss at #{m.seq}: {formatInt(m.lostTokens)} tokens no longer read ({m.costUsd === null ? 'price unknown' : `${formatUsd(m.costUsd)} more`}): {causeText(m.cause)}
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
