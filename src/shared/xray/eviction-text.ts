/**
 * A wire segment's eviction price and state in a few words (issue 37), the
 * same in X-Ray's rows, the wire session view and `loupe xray`: what it saves
 * per request, what the one cache re-write costs, when it pays back, and
 * whether it is pending (still sent), applied next, or applied since a request.
 */
import type { SegmentEviction } from '../contract/xray';
import { breakEvenText } from '../cost/eviction-price';
import { APPLY_REASON_TEXT } from '../cost/eviction-timing';
import { formatUsd } from '../cost/price';
import { formatInt } from '../format';

/** "saves ≈ 1,200 tokens a request · re-writes ≈ 9,800 cached tokens once ($0.037 list price) · pays back after 97 requests". */
export function evictionPriceLine(e: SegmentEviction): string | null {
  const p = e.price;
  if (!p) return null;
  const usd = (v: number | null) => (v === null ? 'price unknown' : `${formatUsd(v)} list price`);
  const rewrite = p.cacheReported ? `re-writes ≈ ${formatInt(p.rewriteTokens)} cached tokens once (${usd(p.rewriteUsd)})` : 'no cache reported: nothing to re-write';
  return `saves ≈ ${formatInt(Math.max(0, p.savedTokens))} tokens a request · ${rewrite} · ${breakEvenText(p.breakEven)}`;
}

/** The price in short, for a row with little room: "pays back after 97 requests · re-write ≈ 9,800 tokens ($0.037)". */
export function evictionPriceShort(e: SegmentEviction): string | null {
  const p = e.price;
  if (!p) return null;
  const rewrite = p.cacheReported ? ` · re-write ≈ ${formatInt(p.rewriteTokens)} tokens (${p.rewriteUsd === null ? 'price unknown' : formatUsd(p.rewriteUsd)})` : ' · no cache to re-write';
  return `${breakEvenText(p.breakEven)}${rewrite}`;
}

/** The state in one word or two, for a badge: null when there is no eviction on it. */
export function evictionStateWord(e: SegmentEviction): string | null {
  switch (e.state) {
    case 'pending':
      return 'pending: still sent';
    case 'next':
      return 'withheld from the next request';
    case 'applied':
      return e.applied ? `withheld since #${e.applied.seq}` : 'withheld';
    default:
      return null;
  }
}

/** Why the state is what it is, for a title. */
export function evictionStateWhy(e: SegmentEviction): string {
  if (e.state === 'applied' && e.applied) return `${APPLY_REASON_TEXT[e.applied.reason]} (request #${e.applied.seq}); every later request withholds it`;
  return e.note ?? '';
}
