import type { Segment } from '../../../../shared/contract/xray';
import { evictionPriceLine, evictionPriceShort, evictionStateWhy, evictionStateWord } from '../../../../shared/xray/eviction-text';

/**
 * What withholding a wire segment costs (issue 37), said before it applies:
 * the tokens saved per request, the one cache re-write, the break-even; and
 * for an eviction or summary its state (pending: still sent; next; applied
 * since a request) with "Apply now" while it is pending.
 */
export function EvictionPrice({ segment: s, busy, onApplyNow, short = false }: { segment: Segment; busy: boolean; onApplyNow?: () => void; short?: boolean }) {
  const e = s.eviction;
  if (!e) return null;
  // A row of the thread's list has one line: the short form, the whole sentence on hover.
  const full = evictionPriceLine(e);
  const line = short ? evictionPriceShort(e) : full;
  const state = evictionStateWord(e);
  return (
    <span className={`eviction-price${short ? ' is-short' : ''}`} data-testid="eviction-price" data-state={e.state ?? 'none'}>
      {state && (
        <span className={`seg-badge eviction-state is-${e.state}`} title={evictionStateWhy(e)}>
          {state}
        </span>
      )}
      {line && e.state !== 'applied' && (
        <span className="eviction-line" title={`${full ?? ''} (list price, from the cache this session reported on its latest request)`}>
          {e.state === null ? 'if evicted: ' : ''}
          {line}
        </span>
      )}
      {e.state === 'pending' && onApplyNow && (
        <button type="button" className="small eviction-now" disabled={busy} onClick={onApplyNow} title="Withhold it from the CLI’s next request: the cache re-write is paid now">
          Apply now
        </button>
      )}
    </span>
  );
}
