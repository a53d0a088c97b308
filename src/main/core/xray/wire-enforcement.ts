/**
 * Enforcement on the wire as X-Ray shows it (issue 21): the segments the CLI
 * sent in its latest main request (one that offers tools; side calls for
 * titles or routing carry little), each with the directive in force, and per
 * recent request what the relay withheld, which pinned segments the CLI's
 * own compaction dropped and which of them Loupe re-sent. For a run's thread it spans the thread's resumed
 * CLI sessions; for a wrapped CLI, its one session.
 */
import type { WireRequestRecord } from '../../../shared/contract/wire';
import type { Directive, Segment, SegmentStatus, WireWithheldView } from '../../../shared/contract/xray';
import { LoupeError } from '../../../shared/errors';
import type { Db } from '../store/store';
import { activeTurnStart } from '../wire/enforce/evictions';
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
      // Re-sent only where the outgoing check found the block in the bytes of a request that left.
      reinsertedPinned: sent ? (r.enforcement?.pins?.reinserted ?? []).filter((p) => check?.reinserted?.includes(p.id)).map((p) => ({ id: p.id, bytes: p.bytes })) : [],
      unavailablePinned: r.enforcement?.pins?.unavailable ?? [],
      carriedPinned: (r.enforcement?.pins?.skipped ?? []).filter((p) => p.reason !== 'in-request').map((p) => p.id),
    };
  });
  return { latest, enforcement: { sessionId: latest.sessionId, seq: latest.seq, requests } };
}

const STATUS: Record<Directive['kind'], SegmentStatus> = { pin: 'pinned', evict: 'evicted', summarize: 'summarized' };

/**
 * The manifest's segments with the wire's: a segment the transcript already
 * has (same content, same id) is marked as on the wire; the others are
 * appended in the request's order, with the directive in force. The active
 * turn is protected while that request's turn is in progress (a request of
 * an earlier turn has no active turn any more: its ask is history now).
 */
export function withWireSegments(segments: readonly Segment[], view: WireView, directives: readonly Directive[], turnInProgress: boolean): Segment[] {
  const r = view.latest;
  const byId = new Map(directives.map((d) => [d.segmentId, d]));
  const start = turnInProgress ? activeTurnStart(r.segments) : -1;
  const onWire = new Map(r.segments.map((g) => [g.id, g]));
  const out = segments.map((s) => {
    const g = onWire.get(s.id);
    return g ? { ...s, wire: { seq: r.seq, withheld: g.withheld !== undefined } } : s;
  });
  const known = new Set(segments.map((s) => s.id));
  const next = segments.reduce((n, s) => Math.max(n, (s.seq ?? -1) + 1), 0);
  r.segments.forEach((g, i) => {
    if (known.has(g.id)) return;
    const d = byId.get(g.id);
    const status: SegmentStatus = d ? STATUS[d.kind] : start >= 0 && i >= start ? 'protected' : 'active';
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
