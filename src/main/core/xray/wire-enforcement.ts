/**
 * Enforcement on the wire as X-Ray shows it (issue 21): the segments the CLI
 * sent in its latest main request (one that offers tools; side calls for
 * titles or routing carry little), each with the directive in force, and per
 * recent request what the relay withheld, which pinned segments the CLI's
 * own compaction dropped and which of them Loupe re-sent. For a run's thread it spans the thread's resumed
 * CLI sessions; for a wrapped CLI, its one session.
 */
import type { WireRequestRecord, WireSegment } from '../../../shared/contract/wire';
import type { Directive, Segment, SegmentEviction, SegmentStatus, WireWithheldView } from '../../../shared/contract/xray';
import { APPLY_NEXT_TEXT, cacheLifetimeOf, dueEvictions, pendingText, type TimingInput } from '../../../shared/cost/eviction-timing';
import type { ModelPrice } from '../../../shared/cost/price';
import { LoupeError } from '../../../shared/errors';
import { bundledPrice } from '../catalog/price';
import type { CoreDeps } from '../deps';
import type { Db } from '../store/store';
import { cacheLifetimeOverride } from '../wire/enforce/stages';
import { priceOnRecord, pricesOnRecord, replacementTokens } from '../wire/enforce/eviction-schedule';
import { activeTurnStart, withheldText } from '../wire/enforce/evictions';
import { wireRequests } from '../wire/store';

/** Recent requests shown with their facts. */
const SHOWN_REQUESTS = 20;

export interface WireView {
  /** The latest main request, whose segments X-Ray directs. */
  latest: WireRequestRecord;
  enforcement: WireWithheldView;
}

/** The wire of these sessions (newest first), or null when none recorded a model request. */
export function wireView(db: Db, sessions: readonly string[]): WireView | null {
  const recent: WireRequestRecord[] = [];
  let latest: WireRequestRecord | null = null;
  for (const id of sessions.slice(0, 5)) {
    const requests = wireRequests(db, id, true).reverse();
    latest ??= requests.find((r) => r.tools.length > 0) ?? null;
    recent.push(...requests);
    if (latest && recent.length >= SHOWN_REQUESTS) break;
  }
  latest ??= recent[0] ?? null;
  if (!latest) return null;
  const requests = recent.slice(0, SHOWN_REQUESTS).map((r) => {
    const e = r.enforcement?.evictions;
    // What left, not what was meant: the outgoing check's withheld segments (a record before the check: the stage's).
    const check = r.enforcement?.check;
    const sent = r.answeredBy !== 'relay' || r.enforcement?.check?.ok !== false;
    const confirmed = check ? new Set(check.withheld.map((w) => w.id)) : null;
    const withheld = sent ? (e?.withheld ?? []).filter((w) => !confirmed || confirmed.has(w.id)) : [];
    return {
      sessionId: r.sessionId,
      seq: r.seq,
      at: r.at,
      withheldSegments: withheld.length,
      withheldBytes: withheld.reduce((n, w) => n + w.bytes, 0),
      bodyBytes: e?.bodyBytes ?? r.requestBytes,
      forwardedBytes: e?.forwardedBytes ?? r.requestBytes,
      skipped: e?.skipped.length ?? 0,
      droppedPinned: e?.droppedPinned ?? [],
      ...(e?.pending?.length ? { pending: e.pending.map((p) => p.id) } : {}),
      // First withheld here, as the outgoing check confirmed (a refused request applied nothing).
      ...(sent && e?.applied?.length ? { applied: e.applied.filter((a) => !confirmed || confirmed.has(a.id)) } : {}),
      // Re-sent only where the outgoing check found the block in the bytes of a request that left.
      reinsertedPinned: sent ? (r.enforcement?.pins?.reinserted ?? []).filter((p) => check?.reinserted?.includes(p.id)).map((p) => ({ id: p.id, bytes: p.bytes })) : [],
      unavailablePinned: r.enforcement?.pins?.unavailable ?? [],
      carriedPinned: (r.enforcement?.pins?.skipped ?? []).filter((p) => p.reason !== 'in-request').map((p) => p.id),
    };
  });
  return { latest, enforcement: { sessionId: latest.sessionId, seq: latest.seq, requests } };
}

/**
 * What withholding each wire segment of the latest main request costs, from that request as recorded
 * (the same figures the eviction stage times it by), and for an eviction or summary its state: applied
 * (withheld since a request), next (the CLI's next request withholds it: asked now, or cheap now) or
 * pending (still sent until a cheap moment). None for a part the relay never withholds (thinking, the
 * turn in progress). A compaction the CLI has not made yet cannot be foreseen: it applies pending ones too.
 */
export function segmentEvictions(r: WireRequestRecord, directives: ReadonlyMap<string, Directive>, protectedFrom: number, options: EvictionViewOptions = {}): Map<number, SegmentEviction> {
  const out = new Map<number, SegmentEviction>();
  const priceOf = options.price ?? bundledPrice;
  const model = priceOf(r.model);
  const directedOf = (id: string) => {
    const d = directives.get(id);
    return d && d.kind !== 'pin' ? d : undefined;
  };
  const replacement = (s: WireSegment) => replacementTokens(s, directedOf(s.id), withheldText);
  const lifetime = options.lifetimeSeconds ?? cacheLifetimeOf(r);
  const pending: TimingInput['pending'][number][] = [];
  // Each segment alone, in one pass; withheld ones (applied) are shown without a price.
  const prices = pricesOnRecord(r, replacement, model);
  r.segments.forEach((g, i) => {
    if (g.kind === 'thinking' || (protectedFrom >= 0 && i >= protectedFrom)) return;
    const d = directedOf(g.id);
    const price = d?.applied ? null : prices[i]!;
    if (!d) return out.set(i, { price, state: null });
    if (d.applied) return out.set(i, { price, state: 'applied', timing: d.timing ?? 'now', applied: d.applied });
    out.set(i, { price, state: 'pending', timing: d.timing ?? 'now', note: pendingText(lifetime) });
    pending.push({ id: g.id, timing: d.timing ?? 'now', price });
  });
  if (!pending.length) return out;
  // The stage's own decision, as it would be made now (shared/cost/eviction-timing.ts).
  const ended = Date.parse(r.at) + r.durationMs;
  const due = dueEvictions({
    pending,
    together: pending.length > 1 ? priceOnRecord(r, new Set(pending.map((p) => p.id)), replacement, model) : null,
    idleSeconds: Number.isNaN(ended) ? null : Math.max(0, ((options.now ?? new Date()).getTime() - ended) / 1000),
    lifetimeSeconds: lifetime,
    compacted: false,
  });
  for (const [i, e] of out) {
    const reason = due.get(r.segments[i]!.id);
    if (e.state === 'pending' && reason) out.set(i, { ...e, state: 'next', note: APPLY_NEXT_TEXT[reason] });
  }
  return out;
}

/** The view's clock and the cache lifetime in force (LOUPE_CACHE_LIFETIME_SECONDS), as the eviction stage reads them. */
export function evictionViewOptions(deps: Pick<CoreDeps, 'env' | 'now'>): EvictionViewOptions {
  const lifetimeSeconds = cacheLifetimeOverride(deps.env);
  return { now: deps.now(), ...(lifetimeSeconds !== undefined ? { lifetimeSeconds } : {}) };
}

export interface EvictionViewOptions {
  price?: (model: string | null) => ModelPrice | null;
  lifetimeSeconds?: number;
  now?: Date;
}

const STATUS: Record<Directive['kind'], SegmentStatus> = { pin: 'pinned', evict: 'evicted', summarize: 'summarized' };

/**
 * The manifest's segments with the wire's: a segment the transcript already
 * has (same content, same id) is marked as on the wire; the others are
 * appended in the request's order, with the directive in force. The active
 * turn is protected while that request's turn is in progress (a request of
 * an earlier turn has no active turn any more: its ask is history now).
 */
export function withWireSegments(segments: readonly Segment[], view: WireView, directives: readonly Directive[], turnInProgress: boolean, options: EvictionViewOptions = {}): Segment[] {
  const r = view.latest;
  const byId = new Map(directives.map((d) => [d.segmentId, d]));
  const start = turnInProgress ? activeTurnStart(r.segments) : -1;
  const onWire = new Map(r.segments.map((g, i) => [g.id, i]));
  const evictions = segmentEvictions(r, byId, start, options);
  const evictionOf = (i: number) => evictions.get(i);
  const out = segments.map((s) => {
    const i = onWire.get(s.id);
    if (i === undefined) return s;
    const eviction = evictionOf(i);
    return { ...s, wire: { seq: r.seq, withheld: r.segments[i]!.withheld !== undefined }, ...(eviction ? { eviction } : {}) };
  });
  const known = new Set(segments.map((s) => s.id));
  const next = segments.reduce((n, s) => Math.max(n, (s.seq ?? -1) + 1), 0);
  r.segments.forEach((g, i) => {
    if (known.has(g.id)) return;
    const d = byId.get(g.id);
    const status: SegmentStatus = d ? STATUS[d.kind] : start >= 0 && i >= start ? 'protected' : 'active';
    const eviction = evictionOf(i);
    out.push({
      id: g.id,
      kind: g.kind,
      source: `wire request ${r.seq}`,
      tokens: g.tokens,
      bytes: g.bytes,
      status,
      preview: g.preview,
      ...(g.toolName ? { label: g.filePath ? `${g.toolName} ${g.filePath}` : g.toolName } : g.label ? { label: g.label } : {}),
      ...(d?.kind === 'summarize' && d.summary ? { summary: d.summary } : {}),
      ...(d ? { directiveAuthor: d.author } : {}),
      seq: next + i,
      wire: { seq: r.seq, withheld: g.withheld !== undefined },
      ...(eviction ? { eviction } : {}),
    });
  });
  return out;
}

/**
 * Throws unless the latest main request on the wire has the segment and it
 * may be evicted or summarized now (not in the turn in progress).
 */
export function checkWireSegment(view: WireView | null, segmentId: string, kind: Directive['kind'], turnInProgress: boolean, owner: string): void {
  const segments = view?.latest.segments ?? [];
  const i = segments.findIndex((s) => s.id === segmentId);
  if (i < 0) throw new LoupeError('not-found', `${owner} has no segment ${segmentId}.`, { segmentId });
  if (kind === 'pin' || !turnInProgress) return;
  const start = activeTurnStart(segments);
  if (start >= 0 && i >= start) {
    throw new LoupeError('protected-segment', `Segment ${segmentId} is part of the turn in progress on the wire: it cannot be ${kind === 'evict' ? 'evicted' : 'summarized'} until the turn ends.`, {
      segmentId,
    });
  }
}
