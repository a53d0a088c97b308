/**
 * What an eviction or a summary on the wire costs before it applies (issue 37).
 * Withholding a segment changes the prompt prefix from that point: the
 * provider's cache is read up to it, and every cached token after it is
 * written to the cache again on the next request (1.25x the input price on
 * Anthropic's 5-minute cache, 2x on its 1-hour cache) instead of read (0.1x). Each later request then
 * reads the segment's tokens less. The break-even is the number of later
 * requests whose smaller reads pay for that one re-write:
 *
 *   re-write tokens  = replacement + the kept tokens after the segment that
 *                      were in the cache (cache read + write the session's
 *                      latest request reported, less what lies before)
 *   extra, once      = re-write tokens × (cache-write price − cache-read price)
 *   saved, a request = (segment − replacement) tokens × cache-read price
 *   break-even       = ceil(extra / saved)
 *
 * Evicting a 10,000-token result early in a 150,000-token context: ~140,000
 * re-written × 1.15 ÷ (10,000 × 0.1) ≈ 160 requests. Pure: the records and
 * the catalog are read in main. A model with no price is "price unknown",
 * never $0, and its break-even is unknown.
 */
import { formatUsd, rowFor, writePrice, type ModelPrice } from './price';

/** Where a withheld part sits in the request Loupe last saw, in tokens (Loupe's count of each part). */
export interface EvictionPlace {
  /** Tokens before the first withheld part: system blocks, tool definitions, the segments before it. */
  before: number;
  /** The withheld parts' tokens (one eviction, or a batch). */
  removed: number;
  /** What stands in their place: the placeholder's or the summary's tokens. */
  replacement: number;
  /** The tokens after the first withheld part that stay (the batch's other parts not counted). */
  afterKept: number;
}

/** What the provider reported holding in its cache after the session's latest request (null: it reported no usage). */
export interface CacheState {
  /** Cache read + cache write tokens of the latest request. */
  cached: number | null;
  /** Every input token of that request (the tier its price is read at). */
  prompt: number;
  /** The cache lives an hour (the request asked for `ttl: "1h"`): its writes cost the 1-hour write price (price.ts writePrice). */
  ttl?: '1h';
}



export type BreakEven = { kind: 'requests'; requests: number } | { kind: 'never'; why: string } | { kind: 'unknown'; why: string };

export interface EvictionPrice {
  /** Tokens each later request carries less (reads less from the cache). */
  savedTokens: number;
  /** Tokens written to the cache again, once, on the request that first withholds it. */
  rewriteTokens: number;
  /** The re-write at the cache-write list price; null: price unknown. */
  rewriteUsd: number | null;
  /** What the re-write costs over reading the same tokens from the cache (what the break-even pays back); null: price unknown. */
  extraUsd: number | null;
  /** What each later request saves at the cache-read list price; null: price unknown. */
  savedUsdPerRequest: number | null;
  breakEven: BreakEven;
  /** Whether the provider reported cache use at all: without it nothing is re-written. */
  cacheReported: boolean;
  /** "list price", or "price unknown". */
  basis: 'list price' | 'price unknown';
}

/** A segment's tokens and whether Loupe already withholds it (it then takes its placeholder's place). */
export interface PrefixPart {
  id: string;
  tokens: number;
  /** Tokens it takes when withheld (its placeholder or summary). */
  replacement: number;
  /** Already withheld on the wire (an applied eviction): it counts as its replacement. */
  withheld?: boolean;
}

/** Where `ids` sit among `parts` (in request order) after `head` tokens of system blocks and tools; null when none is there. */
export function placeOf(head: number, parts: readonly PrefixPart[], ids: ReadonlySet<string>): EvictionPlace | null {
  const size = (p: PrefixPart) => (p.withheld ? p.replacement : p.tokens);
  const first = parts.findIndex((p) => ids.has(p.id));
  if (first < 0) return null;
  let before = head;
  for (let i = 0; i < first; i++) before += size(parts[i]!);
  let removed = 0;
  let replacement = 0;
  let afterKept = 0;
  for (let i = first; i < parts.length; i++) {
    const p = parts[i]!;
    if (ids.has(p.id) && !p.withheld) {
      removed += p.tokens;
      replacement += p.replacement;
    } else afterKept += size(p);
  }
  return { before, removed, replacement, afterKept };
}

/**
 * Where each part sits when withheld alone (null: no place), for all parts at once in one pass
 * (prefix sums): the same as placeOf(head, parts, {id}) for each, without its cost per part.
 * A part whose id appears more than once is placed by placeOf (every copy is withheld).
 */
export function singlePlaces(head: number, parts: readonly PrefixPart[]): (EvictionPlace | null)[] {
  const seen = new Map<string, number>();
  for (const p of parts) seen.set(p.id, (seen.get(p.id) ?? 0) + 1);
  const prefix = [0];
  for (const p of parts) prefix.push(prefix.at(-1)! + (p.withheld ? p.replacement : p.tokens));
  const total = prefix.at(-1)!;
  return parts.map((p, i) => {
    if (seen.get(p.id)! > 1) return placeOf(head, parts.map((q) => (q.id === p.id ? { ...q, withheld: false } : q)), new Set([p.id]));
    return { before: head + prefix[i]!, removed: p.tokens, replacement: p.replacement, afterKept: total - prefix[i + 1]! };
  });
}

/** The price of withholding the parts at `place`, from the cache the session reported and the model's list price. */
export function evictionPrice(place: EvictionPlace, cache: CacheState, price: ModelPrice | null): EvictionPrice {
  const savedTokens = place.removed - place.replacement;
  const cacheReported = (cache.cached ?? 0) > 0;
  // Only what was cached is read at the discount today; the part past the cache is written either way.
  const cachedAfter = Math.max(0, (cache.cached ?? 0) - place.before - place.removed);
  const rewriteTokens = cacheReported ? place.replacement + Math.min(place.afterKept, cachedAfter) : 0;
  const base = { savedTokens, rewriteTokens, cacheReported };
  if (savedTokens <= 0) {
    const never: BreakEven = { kind: 'never', why: 'what stands in its place is as large as the segment: no later request carries less' };
    const known = price ? priceParts(price, cache, rewriteTokens, savedTokens) : null;
    return { ...base, ...(known ?? unknownUsd()), breakEven: never, basis: price ? 'list price' : 'price unknown' };
  }
  if (rewriteTokens === 0) return { ...base, ...(price ? priceParts(price, cache, 0, savedTokens) : unknownUsd()), breakEven: { kind: 'requests', requests: 0 }, basis: price ? 'list price' : 'price unknown' };
  if (!price) return { ...base, ...unknownUsd(), breakEven: { kind: 'unknown', why: 'the catalog has no price for this model' }, basis: 'price unknown' };
  const usd = priceParts(price, cache, rewriteTokens, savedTokens);
  const breakEven: BreakEven =
    usd.savedUsdPerRequest > 0
      ? { kind: 'requests', requests: Math.ceil(usd.extraUsd / usd.savedUsdPerRequest - 1e-9) }
      : { kind: 'never', why: 'cache reads are free for this model: a later request saves nothing' };
  return { ...base, ...usd, breakEven, basis: 'list price' };
}

const unknownUsd = () => ({ rewriteUsd: null, extraUsd: null, savedUsdPerRequest: null });

function priceParts(price: ModelPrice, cache: CacheState, rewrite: number, saved: number) {
  const { row } = rowFor(price, cache.prompt);
  const read = row.cacheRead ?? row.input;
  const write = writePrice(row, cache.ttl === '1h');
  return {
    rewriteUsd: (rewrite * write) / 1e6,
    extraUsd: (rewrite * Math.max(0, write - read)) / 1e6,
    savedUsdPerRequest: (Math.max(0, saved) * read) / 1e6,
  };
}

/** The break-even in words: "pays back after 162 requests", "pays back at once", "never pays back", "break-even unknown". */
export function breakEvenText(b: BreakEven): string {
  if (b.kind === 'requests') return b.requests === 0 ? 'pays back at once' : `pays back after ${b.requests.toLocaleString('en-US')} request${b.requests === 1 ? '' : 's'}`;
  return b.kind === 'never' ? 'never pays back' : `break-even unknown (${b.why})`;
}

/** A price in words: "saves 9,950 tokens a request ($0.0030 list price); re-writes 140,050 cached tokens once ($0.5252); pays back after 162 requests". */
export function evictionPriceText(p: EvictionPrice): string {
  const usd = (v: number | null) => (v === null ? 'price unknown' : `${formatUsd(v)} list price`);
  const saved = `saves ${p.savedTokens.toLocaleString('en-US')} tokens a request (${usd(p.savedUsdPerRequest)})`;
  const rewrite = p.cacheReported
    ? `re-writes ${p.rewriteTokens.toLocaleString('en-US')} cached tokens once (${usd(p.rewriteUsd)})`
    : 'no cache reported: nothing to re-write';
  return `${saved}; ${rewrite}; ${breakEvenText(p.breakEven)}`;
}
