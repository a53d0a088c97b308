/**
 * The eviction stage (issue 21): what the user evicted or summarized in X-Ray
 * is withheld from every later request of the session. The request is parsed
 * once with the place of each segment in its JSON; a directed segment's
 * content is replaced there by a short placeholder (evicted) or the user's
 * summary (summarized). Only those values are written: their spans in the
 * body are spliced, the rest goes on byte for byte (see rewriteBody). Never touched: system
 * blocks and tool definitions (they are not segments), signed thinking, and
 * the active turn (the latest ask and everything after it, which the model is
 * working on). Restoring a segment removes its directive: the next request
 * carries it as the CLI sent it.
 */
import type { WireEvictionFacts, WireSegmentKind } from '../../../../shared/contract/wire';
import type { Directive } from '../../../../shared/contract/xray';
import { formatInt } from '../../../../shared/format';
import { summaryText } from '../../../../shared/xray/directives';
import { bodyText, isModelCall, jsonObjectOfText, parseBody } from '../parse';
import type { WireStage } from './chain';
import { SampledTextMap } from './sampled-text-map';
import { rewriteBody, type Placeholder } from './splice-placeholder';

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

/** Most segment hashes the stage keeps between requests (each holds its segment's text). */
const MEMO_MAX = 2000;

/** A session's directives as the stage reads them, on every request (a restore applies to the next one). */
export interface DirectiveSource {
  directives(): readonly Directive[];
  /** The bytes of directed segments, as recorded on the wire before (ids not found are left out). */
  bytesOf?(ids: readonly string[]): Map<string, number>;
  /**
   * The segment ids of the latest main request recorded before this one: the
   * session's own, or for the first request of a resumed CLI session its
   * thread's previous session's. Asked when the stage has not seen one itself.
   */
  previousMainIds?(): ReadonlySet<string> | null;
}

/**
 * The stage for one wire session. `directives` answers the directives in
 * force now: the run's thread's (across its resumed CLI sessions) or the
 * wrapped session's own. Requests that are not model calls pass untouched.
 */
export function evictionStage(source: DirectiveSource | (() => readonly Directive[])): WireStage {
  const { directives, bytesOf, previousMainIds } = typeof source === 'function' ? { directives: source, bytesOf: undefined, previousMainIds: undefined } : source;
  // Segment ids of the session's previous main request: a pinned one missing now was dropped by the CLI.
  let previous: ReadonlySet<string> | null = null;
  // Each directed segment's size: only segments of these sizes need hashing to find their ids.
  const sizes = new Map<string, number>();
  // Hashes of the directed-size segments seen in this session's requests (kept small: cleared past MEMO_MAX entries).
  const memo = new SampledTextMap<Map<string, string>>();
  return ({ request, body }) => {
    if (!isModelCall(request.provider, request.method, request.endpoint) || body.length === 0) return { kind: 'continue' };
    const withhold = new Map<string, Directive>();
    const pinned = new Set<string>();
    for (const d of directives()) {
      if (d.kind === 'pin') pinned.add(d.segmentId);
      else withhold.set(d.segmentId, d);
    }
    if (withhold.size === 0 && pinned.size === 0) {
      previous = null;
      return { kind: 'continue' };
    }
    // A body that is not JSON goes on as sent (the provider answers it).
    if (memo.size > MEMO_MAX) memo.clear();
    const text = bodyText(body);
    const json = jsonObjectOfText(text);
    if (!json) return { kind: 'continue' };
    const directed = [...withhold.keys(), ...pinned];
    if (bytesOf && directed.some((id) => !sizes.has(id))) for (const [id, bytes] of bytesOf(directed.filter((id) => !sizes.has(id)))) sizes.set(id, bytes);
    // A directed segment of unknown size: every segment is hashed (once it is seen, its size is known).
    const wanted = directed.every((id) => sizes.has(id)) ? new Set(directed.map((id) => sizes.get(id)!)) : null;
    const parsed = parseBody(request.provider, request.endpoint, json, body.length, { idsOnly: true, ...(wanted ? { hashIf: (b: number) => wanted.has(b), memo } : {}) });
    const active = activeTurnStart(parsed.segments);
    const facts: WireEvictionFacts = { withheld: [], withheldBytes: 0, bodyBytes: body.length, forwardedBytes: body.length, skipped: [], droppedPinned: [] };
    const ids = new Set<string>();
    const placeholders: Placeholder[] = [];
    parsed.segments.forEach((s, i) => {
      ids.add(s.id);
      if (withhold.has(s.id) || pinned.has(s.id)) sizes.set(s.id, s.bytes);
      const d = withhold.get(s.id);
      if (!d) return;
      const nodes = parsed.nodes?.[i] ?? [];
      if (active >= 0 && i >= active) return facts.skipped.push({ id: s.id, reason: 'active-turn' });
      if (s.kind === 'thinking') return facts.skipped.push({ id: s.id, reason: 'thinking' });
      if (!nodes.length) return facts.skipped.push({ id: s.id, reason: 'no-place' });
      const kind = s.kind as WireSegmentKind;
      const summarized = d.kind === 'summarize' && d.summary?.trim();
      placeholders.push({ nodes, text: summarized ? summaryText(d.summary!) : withheldText({ id: s.id, kind, bytes: s.bytes }) });
      facts.withheld.push({ id: s.id, kind, bytes: s.bytes, as: summarized ? 'summarized' : 'evicted' });
      facts.withheldBytes += s.bytes;
    });
    // Only the CLI's main requests (they offer tools) say what its conversation holds; side calls (titles, routing) carry little.
    if (parsed.tools.length > 0) {
      // Not seen by this stage (its session's first, or pins set since): the recorded one, across a resume.
      previous ??= pinned.size ? (previousMainIds?.() ?? null) : null;
      if (previous) for (const id of pinned) if (previous.has(id) && !ids.has(id)) facts.droppedPinned.push(id);
      previous = ids;
    }
    if (!facts.withheld.length) {
      return facts.skipped.length || facts.droppedPinned.length ? { kind: 'continue', facts: { evictions: facts } } : { kind: 'continue' };
    }
    const out = rewriteBody(parsed.api, body, text, json, placeholders);
    facts.forwardedBytes = out.length;
    return { kind: 'continue', body: out, facts: { evictions: facts } };
  };
}
