/**
 * Pins that survive the CLI's own compaction (issue 37). When a CLI compacts
 * its history (a summary in place of the turns), a segment the user pinned in
 * X-Ray is gone from its requests; the eviction stage notices it
 * (exchange.evictions.droppedPinned). This stage, right after it, puts the
 * pinned segment back into every main request that lacks it, as a labelled
 * block of plain text (a tool call and its result become text, never an
 * orphan tool result) at a place that keeps the API's tool pairing valid
 * (./pin-place.ts), spliced into the bytes (./pin-splice.ts). It runs before secrets and the budgets, so redaction
 * applies inside the block and the request budget counts it; the outgoing
 * check proves the block is in the bytes sent, once (checkRestored).
 *
 * The content is what the relay saw in an earlier request of the owner's
 * sessions, held in memory only (./pin-memory.ts): after a restart it is
 * gone, and the request's facts say so. A request that already carries the
 * segment (the CLI sent it again), its whole text (claude re-attaches files it
 * had read) or the block gets no second copy; a segment no longer pinned
 * (unpinned, or restored in X-Ray) is not sent again.
 */
import type { WirePinFacts, WireSegmentKind } from '../../../../shared/contract/wire';
import type { Directive } from '../../../../shared/contract/xray';
import { formatInt } from '../../../../shared/format';
import type { WireStage } from './chain';
import type { WireExchange } from './exchange';
import { pinMemory, type PinMemory, type RememberedSegment } from './pin-memory';
import { placeRestored } from './pin-place';
import { splicedInsertion } from './pin-splice';
import { bodyText } from '../parse';

const KIND_WORDS: Record<WireSegmentKind, string> = {
  user: 'a user message',
  assistant: 'an assistant reply',
  thinking: 'the model’s thinking',
  tool: 'a tool call and its result',
  summary: 'a summary',
  unknown: 'a part of the conversation',
};

/** The first words of a restored block of segment `id`: how a request that carries it is recognised. */
export const restoredHeader = (id: string) => `[Loupe restored pinned context: segment ${id},`;
/** The last line of a restored block of segment `id`. */
export const restoredEnd = (id: string) => `[End of pinned segment ${id} restored by Loupe]`;

/** The block a dropped pinned segment is re-sent as: labelled, its content as the CLI sent it earlier. */
export function restoredBlock(id: string, s: RememberedSegment): string {
  const what = `${KIND_WORDS[s.kind]}${s.label ? ` (${s.label})` : ''}, ${formatInt(s.bytes)} bytes`;
  return (
    `${restoredHeader(id)} ${what}. The user pinned it in Loupe X-Ray; the CLI's own compaction dropped it from the conversation, ` +
    `so Loupe re-sends it here as it was sent earlier in this session.]\n${s.text}\n${restoredEnd(id)}`
  );
}

/** Where a session's pins come from: the directives in force and whose memory holds the content. */
export interface PinSource {
  directives(): readonly Directive[];
  /** The directive owner's key in the memory ("thread:<id>", "wire:<id>"): a thread's resumed sessions share it. */
  owner(): string;
}

/** The blocks this stage put into each exchange, for the outgoing check (never recorded: they hold content). */
const placed = new WeakMap<WireExchange, Map<string, string>>();

/** The segments of the CLI's body, by id, as the memory keeps them. */
function segmentsOf(parsed: NonNullable<ReturnType<WireExchange['outgoing']>>): Map<string, RememberedSegment> {
  const out = new Map<string, RememberedSegment>();
  parsed.segments.forEach((s, i) => {
    const path = parsed.filePaths[i];
    const label = s.kind === 'tool' && s.label ? (path ? `${s.label} ${path}` : s.label) : undefined;
    out.set(s.id, { kind: s.kind as WireSegmentKind, ...(label ? { label } : {}), text: parsed.segmentTexts[i] ?? '', bytes: s.bytes });
  });
  return out;
}

/** Exchanges whose segments the stage remembered before forwarding (pinRecorder leaves them). */
const remembered = new WeakSet<WireExchange>();

const pinnedIds = (source: PinSource) => new Set(source.directives().filter((d) => d.kind === 'pin').map((d) => d.segmentId));

/**
 * The stage for one wire session; `memory` is the process's own unless a test gives one. With no
 * pin in force nothing can be put back, so it leaves the body unparsed: the request's segments are
 * remembered after forwarding (pinRecorder), off the request's path (issue 38).
 */
export function pinStage(source: PinSource, memory: PinMemory = pinMemory): WireStage {
  return (exchange) => {
    if (!exchange.modelCall || exchange.body.length === 0) return;
    const pinned = pinnedIds(source);
    if (pinned.size === 0) return;
    const sent = exchange.sent();
    const parsed = sent?.parsed;
    // Only the CLI's main requests (they offer tools) carry its conversation; side calls (titles) are left alone.
    if (!sent?.json || !parsed || parsed.tools.length === 0) return;
    const mine = memory.owner(source.owner());
    mine.remember(segmentsOf(parsed), pinned);
    memory.trim();
    remembered.add(exchange);
    for (const id of exchange.evictions?.droppedPinned ?? []) if (pinned.has(id)) mine.restoring.add(id);
    if (mine.restoring.size === 0) return;
    const present = new Set(parsed.segments.map((s) => s.id));
    // What the body carries as the stages before left it (a segment withheld by an eviction does not count).
    const carried = exchange.outgoing()?.segmentTexts ?? parsed.segmentTexts;
    const facts: WirePinFacts = { reinserted: [], unavailable: [], skipped: [] };
    const blocks = new Map<string, string>();
    for (const id of mine.restoring) {
      if (present.has(id)) {
        // The CLI sends it again: nothing to put back (a later drop is noticed again).
        facts.skipped.push({ id, reason: 'in-request' });
        mine.restoring.delete(id);
        continue;
      }
      const header = restoredHeader(id);
      if (carried.some((t) => t.includes(header))) {
        facts.skipped.push({ id, reason: 'block-in-request' });
        continue;
      }
      const content = mine.content(id);
      // The CLI may carry the text itself in another form: claude re-attaches, after compacting, the files it had read.
      if (content && carries(carried, content)) {
        facts.skipped.push({ id, reason: 'content-in-request' });
        continue;
      }
      if (!content) {
        // Said once, on the request that showed the drop; not looked for again.
        facts.unavailable.push({ id, reason: 'not-in-memory' });
        mine.restoring.delete(id);
        continue;
      }
      blocks.set(id, restoredBlock(id, content));
      facts.reinserted.push({ id, kind: content.kind, bytes: 0 });
    }
    // The body's text now (the evictions' placeholders in it), which the tree matches: the splice's offsets are into it.
    const text = exchange.body === exchange.request.body ? sent.text : bodyText(exchange.body);
    const insertion = blocks.size ? placeRestored(parsed.api, sent.json, [...blocks.values()]) : null;
    if (blocks.size && !insertion) {
      for (const r of facts.reinserted) facts.unavailable.push({ id: r.id, reason: 'no-place' });
      facts.reinserted = [];
      blocks.clear();
    }
    for (const r of facts.reinserted) r.bytes = Buffer.byteLength(blocks.get(r.id)!);
    if (facts.reinserted.length || facts.unavailable.length || facts.skipped.length) exchange.pins = facts;
    if (!insertion) return;
    placed.set(exchange, blocks);
    // Spliced where it can be; else the whole body from the tree (it holds the evictions' placeholders too: they write both).
    exchange.body = splicedInsertion(exchange.body, text, sent.json, insertion) ?? Buffer.from(JSON.stringify(sent.json), 'utf8');
  };
}

/**
 * After forwarding, for the record: a main request's segments the stage did not remember (no pin
 * was in force) are remembered now, so a pin set later still has the content of a segment the
 * CLI's next compaction drops. Runs while the provider answers, before the answer's end reaches
 * the CLI (the record's order), so the next request's stage sees it.
 */
export function pinRecorder(source: PinSource, memory: PinMemory = pinMemory): WireStage {
  return (exchange) => {
    if (!exchange.modelCall || exchange.body.length === 0 || remembered.has(exchange)) return;
    const parsed = exchange.sent()?.parsed;
    if (!parsed || parsed.tools.length === 0) return;
    memory.owner(source.owner()).remember(segmentsOf(parsed), pinnedIds(source));
    memory.trim();
  };
}

/** Up to three distinctive lines of a block's content (first, middle, last; its label and end line left out), to find in what was sent. */
function samples(block: string): string[] {
  const long = block
    .split('\n')
    .slice(1, -1)
    .map((l) => l.trim())
    .filter((l) => l.length >= 32);
  return long.length ? [...new Set([long[0]!, long[Math.floor(long.length / 2)]!, long.at(-1)!])].map((l) => l.slice(0, 96)) : [];
}

/** Shorter texts are never taken as carried elsewhere (a short reply is found anywhere). */
const CARRIED_MIN = 64;

/**
 * Whether the CLI's body carries a remembered segment's text whole in some other part (a tool
 * segment's result, its call line left out): claude, after compacting, attaches the files it had
 * read in reminders of their own.
 */
function carries(texts: readonly string[], s: RememberedSegment): boolean {
  const text = s.kind === 'tool' ? s.text.slice(s.text.indexOf('\n') + 1) : s.text;
  return text.trim().length >= CARRIED_MIN && texts.some((t) => t.includes(text));
}

const count = (text: string, needle: string) => text.split(needle).length - 1;

/**
 * The outgoing check's part for pins: each block this stage placed is in the
 * outgoing body's conversation exactly once, whole (its label, its content,
 * its end; a redacted secret inside it changes only its own line), or the
 * request is refused. Answers the ids found.
 */
export function checkRestored(exchange: WireExchange, failures: string[]): string[] {
  const blocks = placed.get(exchange);
  if (!blocks?.size) return [];
  const texts = exchange.outgoing()?.segmentTexts;
  if (!texts) {
    failures.push('the outgoing body is not a model request Loupe can read, so the pinned segments it put back cannot be found in it');
    return [];
  }
  const found: string[] = [];
  for (const [id, block] of blocks) {
    const header = restoredHeader(id);
    const holders = texts.filter((t) => t.includes(header));
    const times = holders.reduce((n, t) => n + count(t, header), 0);
    const at = holders[0] ?? '';
    const whole = at.includes(restoredEnd(id)) && (at.includes('[redacted ') || samples(block).every((line) => at.includes(line)));
    if (times !== 1 || !whole) failures.push(`pinned segment ${id}, put back after the CLI's compaction, is ${times === 0 ? 'not in it' : times > 1 ? `in it ${times} times` : 'not whole in it'}`);
    else found.push(id);
  }
  return found;
}

/** `text` without the restored blocks in it (the outgoing check looks for withheld text outside them). */
export function withoutRestored(text: string): string {
  return text.includes('[Loupe restored pinned context: segment ') ? text.replace(/\[Loupe restored pinned context: segment [^,\n]+,[\s\S]*?\[End of pinned segment [^\]\n]+ restored by Loupe\]/g, '') : text;
}
