/**
 * The eviction stage (issue 21): what the user evicted or summarized in X-Ray
 * is withheld from every later request of the session. The request is parsed
 * once with the place of each segment in its JSON; a directed segment's
 * content is replaced there by a short placeholder (evicted) or the user's
 * summary (summarized). Only those values are written: their spans in the
 * body are spliced, the rest goes on byte for byte (see splicedBody). Never touched: system
 * blocks and tool definitions (they are not segments), signed thinking, and
 * the active turn (the latest ask and everything after it, which the model is
 * working on). Restoring a segment removes its directive: the next request
 * carries it as the CLI sent it. When a directive is first applied is
 * eviction-schedule.ts's call (issue 37): at once when asked or cheap, else at
 * the next cheap moment; until then it is pending (sent, and recorded so).
 */
import type { WireEvictionFacts, WireRequestRecord, WireSegmentKind, WireSkipReason } from '../../../../shared/contract/wire';
import type { Directive, DirectiveApplied } from '../../../../shared/contract/xray';
import type { ModelPrice } from '../../../../shared/cost/price';
import { formatInt } from '../../../../shared/format';
import { summaryText } from '../../../../shared/xray/directives';
import type { WireStage } from './chain';
import { writePlaceholder } from './rewrite';
import { splicedBody, type Placeholder } from './splice-placeholder';
import { scheduleEvictions, type ScheduleInput } from './eviction-schedule';

const KIND_WORDS: Record<WireSegmentKind, string> = {
  user: 'message',
  assistant: 'reply',
  thinking: 'thinking',
  tool: 'tool result',
  summary: 'summary',
  unknown: 'part',
};

/** What the model reads in place of an evicted segment: that Loupe withheld it, how large it was, how to have it back. */
export function withheldText(segment: { id: string; kind: WireSegmentKind; bytes: number }): string {
  return (
    `[Loupe withheld this ${KIND_WORDS[segment.kind]} (${formatInt(segment.bytes)} bytes): the user evicted it in Loupe X-Ray. ` +
    `To have it sent again, ask the user to restore segment ${segment.id} in X-Ray (loupe xray restore).]`
  );
}

/**
 * Where the active turn begins: the latest ask (a user message that is not
 * a reminder, image or other part the CLI added). Segments from there on are
 * never withheld. -1 when there is no ask (nothing is protected then but
 * what the rules above protect).
 */
export function activeTurnStart(segments: readonly { kind: string; label?: string }[]): number {
  for (let i = segments.length - 1; i >= 0; i--) {
    const s = segments[i]!;
    if (s.kind === 'user' && s.label === undefined) return i;
  }
  return -1;
}

/** A session's directives as the stage reads them, on every request (a restore applies to the next one). */
export interface DirectiveSource {
  directives(): readonly Directive[];
  /**
   * The segment ids of the latest main request recorded before this one: the
   * session's own, or for the first request of a resumed CLI session its
   * thread's previous session's, once the ones before request `seq` are analysed. Asked when
   * the stage has not seen one itself.
   */
  previousMainIds?(seq: number): ReadonlySet<string> | null | Promise<ReadonlySet<string> | null>;
  /**
   * The latest main request recorded before request `seq` that carried one of `segmentIds` (its cache is what
   * evicting them breaks), once the ones before it are written; null when none did (they are newer than every record).
   */
  latestMain?(seq: number, segmentIds: readonly string[]): Promise<WireRequestRecord | null>;
  /** Records the request that first withheld these segments (once its outgoing check proved it). */
  markApplied?(segmentIds: readonly string[], applied: DirectiveApplied): void;
}

/** What the stage needs to time evictions (issue 37); without them every directive applies at once. */
export interface EvictionTimingOptions {
  now: () => Date;
  /** The cache lifetime in force (default: the provider's, shared/cost/eviction-timing.ts). */
  lifetimeSeconds?: number;
  price: (model: string | null) => ModelPrice | null;
}

/**
 * The stage for one wire session. `directives` answers the directives in
 * force now: the run's thread's (across its resumed CLI sessions) or the
 * wrapped session's own. Requests that are not model calls pass untouched.
 * It reads the exchange's one parse of the CLI's body (ids as the CLI sent
 * them, the ids X-Ray directs) and writes the placeholders both in the bytes
 * (spliced) and in the exchange's tree, so the stages after it see them.
 */
export function evictionStage(source: DirectiveSource | (() => readonly Directive[]), timing?: EvictionTimingOptions): WireStage {
  const { directives, previousMainIds, latestMain } = typeof source === 'function' ? { directives: source } : source;
  // Segment ids of the session's previous main request: a pinned one missing now was dropped by the CLI.
  let previous: ReadonlySet<string> | null = null;
  // Its system blocks: a compaction is told only between two requests of the same conversation (a subagent's differ).
  let previousSystem: string | null = null;
  return async (exchange) => {
    if (!exchange.modelCall || exchange.body.length === 0) return;
    const withhold = new Map<string, Directive>();
    const pinned = new Set<string>();
    for (const d of directives()) {
      if (d.kind === 'pin') pinned.add(d.segmentId);
      else withhold.set(d.segmentId, d);
    }
    if (withhold.size === 0 && pinned.size === 0) {
      previous = previousSystem = null;
      return;
    }
    // A body that is not JSON goes on as sent (the provider answers it).
    const sent = exchange.sent();
    const parsed = sent?.parsed;
    if (!sent?.json || !parsed) return;
    const body = exchange.body;
    const active = activeTurnStart(parsed.segments);
    const facts: WireEvictionFacts = { withheld: [], withheldBytes: 0, bodyBytes: body.length, forwardedBytes: body.length, skipped: [], droppedPinned: [] };
    const ids = new Set(parsed.segments.map((s) => s.id));
    const candidates: (ScheduleInput['candidates'][number] & { i: number })[] = [];
    parsed.segments.forEach((s, i) => {
      const d = withhold.get(s.id);
      if (!d) return;
      const skip = skipReason(parsed.segments, i, active, parsed.nodes?.[i]?.length ?? 0);
      if (skip) return facts.skipped.push({ id: s.id, reason: skip });
      candidates.push({ segment: { id: s.id, kind: s.kind as WireSegmentKind, bytes: s.bytes }, directive: d, i });
    });
    // Only the CLI's main requests (they offer tools) say what its conversation holds; side calls (titles, routing) carry little.
    let prior: ReadonlySet<string> | null = null;
    if (parsed.tools.length > 0) {
      // Not seen by this stage (its session's first, or directives set since): the recorded one, across a resume.
      previous ??= (await previousMainIds?.(exchange.request.seq)) ?? null;
      const system = parsed.system.map((b) => b.text).join('\n\u0000');
      if (system === previousSystem) prior = previous;
      if (previous) for (const id of pinned) if (previous.has(id) && !ids.has(id)) facts.droppedPinned.push(id);
      previous = ids;
      previousSystem = system;
    }
    // Which candidates are withheld now (applied before, asked now, or cheap now) and which wait (pending: sent).
    const waiting = candidates.some((c) => !c.directive.applied && (c.directive.timing ?? 'now') !== 'now');
    const schedule = scheduleEvictions({
      provider: exchange.request.provider,
      candidates,
      latest: waiting && timing && latestMain ? await latestMain(exchange.request.seq, [...new Set(candidates.map((c) => c.directive.segmentId))]) : null,
      previousIds: prior,
      current: parsed.segments,
      now: timing?.now() ?? new Date(),
      ...(timing?.lifetimeSeconds !== undefined ? { lifetimeSeconds: timing.lifetimeSeconds } : {}),
      price: timing?.price(parsed.model) ?? null,
      placeholder: (s) => withheldText({ ...s, kind: s.kind as WireSegmentKind }),
    });
    const placeholders: Placeholder[] = [];
    for (const { segment: s, directive: d, i } of candidates) {
      const summarized = d.kind === 'summarize' && d.summary?.trim();
      if (!schedule.withhold.has(s.id)) continue;
      const kind = s.kind as WireSegmentKind;
      placeholders.push({ nodes: parsed.nodes?.[i] ?? [], text: summarized ? summaryText(d.summary!) : withheldText({ id: s.id, kind, bytes: s.bytes }) });
      facts.withheld.push({ id: s.id, kind, bytes: s.bytes, as: summarized ? 'summarized' : 'evicted' });
      facts.withheldBytes += s.bytes;
    }
    if (schedule.pending.length) {
      const as = (id: string) => (withhold.get(id)?.kind === 'summarize' ? 'summarized' : 'evicted');
      facts.pending = schedule.pending.map((p) => ({ id: p.id, as: as(p.id), breakEven: p.price?.breakEven ?? null }));
    }
    if (facts.withheld.length || facts.skipped.length || facts.droppedPinned.length || facts.pending?.length) exchange.evictions = facts;
    if (!facts.withheld.length) return;
    // Spliced where it can be (the rest of the body byte for byte); the tree gets the same values either way.
    const spliced = splicedBody(parsed.api, body, sent.text, sent.json, placeholders);
    for (const p of placeholders) writePlaceholder(parsed.api, p.nodes, p.text);
    exchange.body = spliced ?? Buffer.from(JSON.stringify(sent.json), 'utf8');
    facts.forwardedBytes = exchange.body.length;
    // First withheld here, and why now: once the outgoing check proves them absent, they are marked applied (stages.ts).
    const first = facts.withheld.flatMap((w) => {
      const reason = schedule.withhold.get(w.id);
      return reason ? [{ id: w.id, reason }] : [];
    });
    if (first.length) facts.applied = first;
  };
}

/**
 * Why a directed segment is sent as the CLI sent it, or null when it is withheld:
 * the active turn, signed thinking, or no place to write a placeholder.
 * The outgoing check asks the same question of the same parse.
 */
export function skipReason(segments: readonly { kind: string }[], i: number, active: number, places: number): WireSkipReason | null {
  if (active >= 0 && i >= active) return 'active-turn';
  if (segments[i]!.kind === 'thinking') return 'thinking';
  if (!places) return 'no-place';
  return null;
}
