import type { WireSessionDetail } from '../../../../shared/contract/wire-methods';
import { formatBytes, formatInt } from '../../../../shared/format';

const H = 64;
const BAR = 14;
const GAP = 4;

/**
 * The session's requests as a small chart: each bar is a model request's size,
 * its darker part the share of its input the provider read from cache. A click
 * shows that request.
 */
export function WireHistory({ detail, shown, onPick }: { detail: WireSessionDetail; shown: number | null; onPick: (seq: number) => void }) {
  const requests = detail.requests.filter((r) => r.api !== null);
  if (requests.length === 0) return null;
  const max = Math.max(...requests.map((r) => r.requestBytes), 1);
  const width = requests.length * (BAR + GAP);
  return (
    <figure className="wire-history" data-testid="wire-history">
      <svg width={Math.max(width, 40)} height={H + 2} role="img" aria-label={`Request sizes of ${requests.length} requests`}>
        {requests.map((r, i) => {
          const h = Math.max(2, Math.round((r.requestBytes / max) * H));
          const cached = r.usage?.input ? Math.round(h * Math.min(1, (r.usage.cacheRead ?? 0) / r.usage.input)) : 0;
          const x = i * (BAR + GAP);
          return (
            <g key={r.seq} className={r.seq === shown ? 'bar is-shown' : 'bar'} onClick={() => onPick(r.seq)} data-seq={r.seq}>
              <title>
                {`#${r.seq}: ${formatBytes(r.requestBytes)}${r.usage?.input ? `, input ${formatInt(r.usage.input)} tokens, ${formatInt(r.usage.cacheRead ?? 0)} from cache` : ''}`}
              </title>
              <rect x={x} y={H - h} width={BAR} height={h} className="bar-size" />
              {cached > 0 && <rect x={x} y={H - cached} width={BAR} height={cached} className="bar-cache" />}
            </g>
          );
        })}
      </svg>
      <figcaption className="hint">
        Size of each request ({formatBytes(max)} the largest); the darker part is what the provider read from its cache. Click a bar to show that request.
      </figcaption>
    </figure>
  );
}
