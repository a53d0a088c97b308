import type { KeyboardEvent } from 'react';
import type { WireSessionDetail } from '../../../../shared/contract/wire-methods';
import { formatBytes, formatInt } from '../../../../shared/format';
import { warningsOf } from '../../../../shared/wire/enforcement-text';

const H = 64;
/** Room above the bars for the mark of a warned request. */
const MARK = 8;
const BAR = 14;
const GAP = 4;

/**
 * The session's requests as a small chart: each bar is a model request's size,
 * its darker part the share of its input the provider read from cache. A click
 * shows that request. Each bar is a button for the keyboard too: one Tab stop
 * (the bar shown), arrow keys, Home and End move between bars, Enter or Space shows one.
 */
export function WireHistory({ detail, shown, onPick }: { detail: WireSessionDetail; shown: number | null; onPick: (seq: number) => void }) {
  const requests = detail.requests.filter((r) => r.api !== null);
  if (requests.length === 0) return null;
  const max = Math.max(...requests.map((r) => r.requestBytes), 1);
  const width = requests.length * (BAR + GAP);
  const stop = requests.some((r) => r.seq === shown) ? shown : requests[requests.length - 1]!.seq;
  const onKey = (e: KeyboardEvent<SVGGElement>, seq: number) => {
    if (e.key === 'Enter' || e.key === ' ') {
      e.preventDefault();
      onPick(seq);
      return;
    }
    const bars = [...(e.currentTarget.ownerSVGElement?.querySelectorAll<SVGGElement>('.bar') ?? [])];
    const i = bars.indexOf(e.currentTarget);
    const to = e.key === 'ArrowRight' || e.key === 'ArrowDown' ? i + 1 : e.key === 'ArrowLeft' || e.key === 'ArrowUp' ? i - 1 : e.key === 'Home' ? 0 : e.key === 'End' ? bars.length - 1 : null;
    if (to === null) return;
    e.preventDefault();
    bars[Math.max(0, Math.min(bars.length - 1, to))]?.focus();
  };
  return (
    <figure className="wire-history" data-testid="wire-history">
      <svg width={Math.max(width, 40)} height={MARK + H + 2} role="group" aria-label={`Request sizes of ${requests.length} requests`}>
        {requests.map((r, i) => {
          const h = Math.max(2, Math.round((r.requestBytes / max) * H));
          const cached = r.usage?.input ? Math.round(h * Math.min(1, (r.usage.cacheRead ?? 0) / r.usage.input)) : 0;
          const x = i * (BAR + GAP);
          const said = warningsOf(r.sessionId, r.seq, r.enforcement);
          // A pinned segment re-sent is said in the bar's text, not marked as a warning.
          const warnings = said.filter((w) => w.action !== 'restore');
          const blocked = warnings.some((w) => w.action === 'block');
          const text = `#${r.seq}: ${formatBytes(r.requestBytes)}${r.usage?.input ? `, input ${formatInt(r.usage.input)} tokens, ${formatInt(r.usage.cacheRead ?? 0)} from cache` : ''}${said.map((w) => `\n${w.text}`).join('')}`;
          return (
            <g
              key={r.seq}
              className={`bar${r.seq === shown ? ' is-shown' : ''}${warnings.length ? ' is-warned' : ''}`}
              role="button"
              tabIndex={r.seq === stop ? 0 : -1}
              aria-label={`Show request ${text.replace(/\n/g, '. ')}`}
              aria-pressed={r.seq === shown}
              onClick={() => onPick(r.seq)}
              onKeyDown={(e) => onKey(e, r.seq)}
              data-seq={r.seq}
              data-warned={warnings.length > 0}
            >
              <title>{text}</title>
              <rect x={x} y={MARK + H - h} width={BAR} height={h} className="bar-size" />
              {cached > 0 && <rect x={x} y={MARK + H - cached} width={BAR} height={cached} className="bar-cache" />}
              {warnings.length > 0 && <path d={`M${x + BAR / 2} ${MARK + H - h - 7}l-4 6h8z`} className={blocked ? 'bar-mark is-blocked' : 'bar-mark'} />}
            </g>
          );
        })}
      </svg>
      <figcaption className="hint">
        Size of each request ({formatBytes(max)} the largest); the darker part is what the provider read from its cache; a triangle above a bar: Loupe warned on that request. Click a bar (or Tab to the chart, arrow keys, Enter) to show that request.
      </figcaption>
    </figure>
  );
}
