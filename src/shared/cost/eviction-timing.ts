/**
 * When an eviction or a summary on the wire is applied (issue 37). Applied at
 * once, a mid-context eviction makes the next request write everything after
 * it to the cache again; applied when the cache is gone anyway, it costs
 * nothing more. So by default Loupe waits for a cheap moment, and says the
 * segment is pending (it is still sent) until then:
 * - `cheap`: it pays back within QUICK_PAYBACK_REQUESTS requests by itself
 *   (a late segment: little after it to re-write), or the provider reported
 *   no cache use (nothing to re-write);
 * - `lifetime`: the session was idle at least the cache's lifetime since its
 *   latest request ended, so the provider no longer holds the prefix;
 * - `compaction`: the CLI rewrote its own history (most of the previous
 *   request's segments gone): the cache is rebuilt anyway;
 * - `batch`: the pending ones together pay back within
 *   QUICK_PAYBACK_REQUESTS requests (like Anthropic's context editing
 *   `clear_at_least`: clear only when enough is cleared to be worth the
 *   cache it breaks);
 * - `now`: the user (or the agent) asked for it now.
 * Once applied an eviction stays applied: sending it again would break the
 * cache a second time. Pure: the stage feeds it the records' figures.
 */
import { CACHE_LIFETIME_SECONDS } from './cache-miss';
import type { PricedProvider } from './price';
import type { EvictionPrice } from './eviction-price';

/** A pending eviction that pays back within this many requests is applied (alone, or with the others pending). */
export const QUICK_PAYBACK_REQUESTS = 2;

/**
 * How long each provider keeps a prompt prefix cached after its last use, by default:
 * Anthropic 5 minutes (`cache_control` ephemeral, https://docs.claude.com/en/docs/build-with-claude/prompt-caching);
 * OpenAI 5 to 10 minutes of inactivity (https://platform.openai.com/docs/guides/prompt-caching): the shorter is taken;
 * Gemini's implicit caching publishes no lifetime: its explicit caches' shortest useful default is taken as 5 minutes too.
 */
export const DEFAULT_CACHE_LIFETIME_SECONDS: Record<PricedProvider, number> = {
  anthropic: CACHE_LIFETIME_SECONDS.short,
  openai: CACHE_LIFETIME_SECONDS.short,
  gemini: CACHE_LIFETIME_SECONDS.short,
};

/** Why an eviction was applied on the request it was (recorded with the request and the directive). */
/** The lifetime of the cache a request wrote: an hour when it asked for one (Anthropic `ttl: "1h"`), else its provider's default. */
export function cacheLifetimeOf(r: { provider: PricedProvider; cacheTtl?: '1h' }): number {
  return r.cacheTtl === '1h' ? CACHE_LIFETIME_SECONDS.long : DEFAULT_CACHE_LIFETIME_SECONDS[r.provider];
}

export type ApplyReason = 'now' | 'cheap' | 'lifetime' | 'compaction' | 'batch';

/** When a directive asks to be applied: at once, or at the next cheap moment (the default). */
export type EvictionTiming = 'now' | 'cheap';

export interface TimingInput {
  /** The directives not applied yet, each with its own price (null: the segment is not in the request priced). */
  pending: readonly { id: string; timing: EvictionTiming; price: EvictionPrice | null }[];
  /** The price of withholding every pending one together (null: none priced). */
  together: EvictionPrice | null;
  /** Seconds since the session's previous model request ended; null: there is none (nothing cached). */
  idleSeconds: number | null;
  lifetimeSeconds: number;
  /** The CLI compacted its history in this request. */
  compacted: boolean;
}

const quick = (p: EvictionPrice | null) => !p || !p.cacheReported || (p.breakEven.kind === 'requests' && p.breakEven.requests <= QUICK_PAYBACK_REQUESTS);

/** Which pending directives apply on this request, and why (the rest stay pending). */
export function dueEvictions(input: TimingInput): Map<string, ApplyReason> {
  const due = new Map<string, ApplyReason>();
  const all = (reason: ApplyReason) => {
    for (const p of input.pending) if (!due.has(p.id)) due.set(p.id, reason);
    return due;
  };
  for (const p of input.pending) if (p.timing === 'now') due.set(p.id, 'now');
  if (input.idleSeconds === null || input.compacted) return all(input.idleSeconds === null ? 'cheap' : 'compaction');
  if (input.idleSeconds >= input.lifetimeSeconds) return all('lifetime');
  const waiting = input.pending.filter((p) => !due.has(p.id));
  // Each alone: cheap (late in the context, or nothing cached); then the rest together.
  for (const p of waiting) if (quick(p.price)) due.set(p.id, 'cheap');
  if (waiting.length > 1 && input.together && quick(input.together)) all('batch');
  return due;
}

/**
 * Whether the CLI compacted its own history between two of its main requests: a summary
 * part it did not send before, or at least half of the previous request's parts gone
 * (at least four of them: a short exchange rewound is not a compaction).
 */
export function looksCompacted(previous: ReadonlySet<string>, current: readonly { id: string; kind: string }[]): boolean {
  if (current.some((s) => s.kind === 'summary' && !previous.has(s.id))) return true;
  const now = new Set(current.map((s) => s.id));
  let gone = 0;
  for (const id of previous) if (!now.has(id)) gone++;
  return gone >= 4 && gone * 2 >= previous.size;
}

/** Why a pending eviction waits, in words (X-Ray, `loupe xray`). */
export function pendingText(lifetimeSeconds: number): string {
  const minutes = lifetimeSeconds >= 120 ? `${Math.round(lifetimeSeconds / 60)} minutes` : `${lifetimeSeconds} seconds`;
  return `pending: still sent; Loupe withholds it when the cache is gone anyway (after ${minutes} idle, or when the CLI compacts), or once the evictions pending together pay back within ${QUICK_PAYBACK_REQUESTS} requests`;
}

/** Why the CLI's next request withholds a segment not applied yet, in words. */
export const APPLY_NEXT_TEXT: Record<ApplyReason, string> = {
  now: "applied on the CLI's next request, as asked",
  cheap: "applied on the CLI's next request: it pays back at once or within a couple of requests",
  lifetime: "applied on the CLI's next request: the cache's lifetime has passed",
  compaction: "applied on the CLI's next request: the CLI compacted its history",
  batch: "applied on the CLI's next request, with the other pending evictions: together they pay back quickly",
};

export const APPLY_REASON_TEXT: Record<ApplyReason, string> = {
  now: 'applied now, as asked',
  cheap: 'applied at once: it pays back within a couple of requests',
  lifetime: "applied after the cache's lifetime passed",
  compaction: 'applied when the CLI compacted its history',
  batch: 'applied with the other pending evictions: together they pay back quickly',
};
