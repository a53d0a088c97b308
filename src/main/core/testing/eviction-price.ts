// Test support: an eviction's break-even recomputed from a recorded wire request alone, by the
// rule the issue states (issue 37), apart from the code that shows it: tokens before the segment
// (system blocks, tool definitions, the segments before it, Loupe's count), the cache the provider
// reported (read + write), the kept tokens after the segment that were cached, written again once at
// (write − read), against the segment's tokens less its placeholder read at the read price per request.
import type { WireRequestRecord } from '../../../shared/contract/wire';
import { withheldText } from '../wire/enforce/evictions';

/** claude-sonnet-4-5's list price, USD per million tokens (cache write 1.25x input, cache read 0.1x). */
export const SONNET_CACHE = { write: 3.75, read: 0.3 } as const;

/** The placeholder's tokens (bytes / 4) that takes an evicted segment's place. */
export function placeholderTokens(segment: { id: string; kind: WireRequestRecord['segments'][number]['kind']; bytes: number }): number {
  return Math.ceil(Buffer.byteLength(withheldText(segment)) / 4);
}

/** Requests until evicting segment `id` of `r` pays back, at `price` (USD per million: cache write, cache read). */
export function breakEvenFromRecord(r: WireRequestRecord, id: string, price: { write: number; read: number } = SONNET_CACHE): number {
  const i = r.segments.findIndex((s) => s.id === id);
  if (i < 0) throw new Error(`request ${r.seq} has no segment ${id}`);
  const placeholder = placeholderTokens(r.segments[i]!);
  const head = r.split!.system.tokens + r.split!.tools.tokens;
  const before = head + r.segments.slice(0, i).reduce((n, s) => n + s.tokens.tokens, 0);
  const seg = r.segments[i]!.tokens.tokens;
  const after = r.segments.slice(i + 1).reduce((n, s) => n + s.tokens.tokens, 0);
  const cached = (r.usage?.cacheRead ?? 0) + (r.usage?.cacheWrite ?? 0);
  const rewrite = placeholder + Math.min(after, Math.max(0, cached - before - seg));
  return Math.ceil((rewrite * (price.write - price.read)) / ((seg - placeholder) * price.read) - 1e-9);
}
