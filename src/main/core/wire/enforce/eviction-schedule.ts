/**
 * When the eviction stage withholds a directed segment (issue 37): one
 * already applied on the wire, always; one asked for now, at once; the
 * others when it is cheap (shared/cost/eviction-timing.ts), priced from the
 * session's latest main request as recorded (Loupe's count of each part, the
 * provider's cache read and write). What waits is pending: sent as the CLI
 * sent it, and said so on the request's record.
 */
import type { WireRequestRecord, WireSegment } from '../../../../shared/contract/wire';
import type { Directive } from '../../../../shared/contract/xray';
import { evictionPrice, placeOf, singlePlaces, type EvictionPrice, type PrefixPart } from '../../../../shared/cost/eviction-price';
import { cacheLifetimeOf, DEFAULT_CACHE_LIFETIME_SECONDS, dueEvictions, looksCompacted, type ApplyReason } from '../../../../shared/cost/eviction-timing';
import type { ModelPrice } from '../../../../shared/cost/price';
import { summaryText } from '../../../../shared/xray/directives';
import type { WireProvider } from '../providers';

/** A segment's tokens when withheld: its placeholder's or its summary's (Loupe's estimate, bytes / 4). */
export function replacementTokens(segment: Pick<WireSegment, 'id' | 'kind' | 'bytes'>, d: Pick<Directive, 'kind' | 'summary'> | undefined, placeholder: (s: Pick<WireSegment, 'id' | 'kind' | 'bytes'>) => string): number {
  const text = d?.kind === 'summarize' && d.summary?.trim() ? summaryText(d.summary) : placeholder(segment);
  return Math.ceil(Buffer.byteLength(text, 'utf8') / 4);
}

/**
 * The price of withholding `ids` from the request `r` records: Loupe's counts of its parts in order
 * (system blocks and tool definitions first, the segments after), the cache it reported.
 */
export function priceOnRecord(
  r: Pick<WireRequestRecord, 'split' | 'segments' | 'usage' | 'cacheTtl'>,
  ids: ReadonlySet<string>,
  replacement: (s: WireSegment) => number,
  price: ModelPrice | null,
): EvictionPrice | null {
  const place = placeOf(headOf(r), partsOf(r, replacement, ids), ids);
  return place ? evictionPrice(place, cacheOf(r), price) : null;
}

/** Every segment of `r` withheld alone, priced in one pass (X-Ray's list: thousands of segments). */
export function pricesOnRecord(r: Pick<WireRequestRecord, 'split' | 'segments' | 'usage' | 'cacheTtl'>, replacement: (s: WireSegment) => number, price: ModelPrice | null): EvictionPrice[] {
  const cache = cacheOf(r);
  return singlePlaces(headOf(r), partsOf(r, replacement, new Set())).map((place) => evictionPrice(place!, cache, price));
}

const headOf = (r: Pick<WireRequestRecord, 'split'>) => (r.split?.system.tokens ?? 0) + (r.split?.tools.tokens ?? 0);
const cacheOf = (r: Pick<WireRequestRecord, 'usage' | 'cacheTtl'>) => ({ cached: r.usage ? (r.usage.cacheRead ?? 0) + (r.usage.cacheWrite ?? 0) : null, prompt: r.usage?.input ?? 0, ...(r.cacheTtl ? { ttl: r.cacheTtl } : {}) });

/** The request's segments in order, each already withheld counted as its replacement (but those in `ids`, which are priced). */
function partsOf(r: Pick<WireRequestRecord, 'segments'>, replacement: (s: WireSegment) => number, ids: ReadonlySet<string>): PrefixPart[] {
  return r.segments.map((s) => ({ id: s.id, tokens: s.tokens.tokens, replacement: replacement(s), ...(s.withheld && !ids.has(s.id) ? { withheld: true } : {}) }));
}

export interface ScheduleInput {
  provider: WireProvider;
  /** The directed segments of this request the stage's rules allow it to withhold, with their directives. */
  candidates: readonly { segment: WireSegment | { id: string; kind: WireSegment['kind']; bytes: number }; directive: Directive }[];
  /** The session's latest main request before this one (its cache), or null. */
  latest: WireRequestRecord | null;
  /** The segment ids of the previous main request and this one's segments (a compaction shows between them). */
  previousIds: ReadonlySet<string> | null;
  current: readonly { id: string; kind: string }[];
  now: Date;
  /** The cache lifetime in force when set (LOUPE_CACHE_LIFETIME_SECONDS); else the one `latest` asked for, else the provider's default. */
  lifetimeSeconds?: number;
  price: ModelPrice | null;
  placeholder: (s: Pick<WireSegment, 'id' | 'kind' | 'bytes'>) => string;
}

export interface Schedule {
  /** Ids to withhold on this request, and for those applied here first, why now. */
  withhold: Map<string, ApplyReason | null>;
  /** The ones still sent, with their price. */
  pending: { id: string; price: EvictionPrice | null }[];
}

/** Which candidates are withheld now and which wait. */
export function scheduleEvictions(input: ScheduleInput): Schedule {
  const withhold = new Map<string, ApplyReason | null>();
  // Once per directive (a segment the CLI sends twice is one directive).
  const seen = new Set<string>();
  const waiting = input.candidates.filter((c) => {
    if (c.directive.applied) withhold.set(c.directive.segmentId, null);
    if (c.directive.applied || seen.has(c.directive.segmentId)) return false;
    seen.add(c.directive.segmentId);
    return true;
  });
  if (!waiting.length) return { withhold, pending: [] };
  const byId = new Map(input.candidates.map((c) => [c.directive.segmentId, c.directive]));
  const replacement = (s: WireSegment) => replacementTokens(s, byId.get(s.id), input.placeholder);
  const priced = (ids: string[]) => (input.latest ? priceOnRecord(input.latest, new Set(ids), replacement, input.price) : null);
  const pending = waiting.map((c) => ({ id: c.directive.segmentId, timing: c.directive.timing ?? ('now' as const), price: priced([c.directive.segmentId]) }));
  const latest = input.latest;
  const ended = latest ? Date.parse(latest.at) + latest.durationMs : null;
  const due = dueEvictions({
    pending,
    together: pending.length > 1 ? priced(pending.map((p) => p.id)) : null,
    idleSeconds: ended === null || Number.isNaN(ended) ? null : Math.max(0, (input.now.getTime() - ended) / 1000),
    // The cache the latest request wrote lives as long as that request asked (Claude Code asks an hour for subscribers).
    lifetimeSeconds: input.lifetimeSeconds ?? (latest ? cacheLifetimeOf(latest) : DEFAULT_CACHE_LIFETIME_SECONDS[input.provider]),
    compacted: input.previousIds !== null && looksCompacted(input.previousIds, input.current),
  });
  for (const [id, reason] of due) withhold.set(id, reason);
  return { withhold, pending: pending.filter((p) => !due.has(p.id)).map(({ id, price }) => ({ id, price })) };
}
