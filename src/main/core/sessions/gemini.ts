import type { EntryMeta, SessionBuilder } from '../conversation/builder';
import { usageOf } from '../conversation/builder';
import { type LineCounts, type SessionFacts } from './facts';
import { num, obj, str } from '../conversation/fields';

/** Message types the CLI shows but does not send to the model. */
const DISPLAY_ONLY = new Set(['info', 'error', 'warning']);

/** Where a JSONL line is in its file: enough to read it again. */
export interface LineAt {
  offset: number;
  bytes: number;
}

/** Reads a line of the file again (null when it no longer parses: the file changed). */
export type ReadLine = (at: LineAt) => Record<string, unknown> | null;

/** Where a record's latest version is: a whole line, one entry of a `$set.messages` line, or a line with no type. */
interface RecordRef extends LineAt {
  index?: number;
  raw?: boolean;
}

interface RecordState {
  /** Held only when there is no file to read it from again (a JSON document's messages, already in memory). */
  rec: Record<string, unknown> | null;
  ref: RecordRef | null;
  lines: number[];
  order: number;
  dropped: boolean;
  /** Left the context in a compression (kept for the full history). */
  compacted?: boolean;
}

/**
 * Replays a Gemini CLI session (README: "Two formats"): message records are
 * upserted by id, `$set.messages` replaces the list (a compression when it
 * brings new records and drops old ones; otherwise what it drops was taken
 * back), `$rewindTo` drops a message and all after it. Every record is kept
 * for the full history; removed ones are flagged. Records can only be settled
 * at the end (the format rewrites them), so until emit() a JSONL file's records
 * are kept as where they are in the file, not as parsed objects, and read again
 * one at a time there: memory follows the number of records, not the file's size
 * (holding them whole took several times the file's size: issue 23, item 7).
 */
export class GeminiReplay {
  projectHash: string | null = null;
  private readonly records = new Map<string, RecordState>();
  private readonly compactions: { order: number; line: number; kept: Set<string>; timestamp: string | null }[] = [];
  private order = 0;
  private readonly completed = new Set<string>();

  constructor(
    private readonly facts: SessionFacts,
    private readonly counts: LineCounts,
  ) {}

  /**
   * One JSONL line, with where it is in the file (`at`), or, for a JSON document,
   * one message with its 1-based index as `lineNo` and no `at` (it is then held).
   */
  line(v: Record<string, unknown>, lineNo: number, at?: LineAt): void {
    if (typeof v.sessionId === 'string' && typeof v.projectHash === 'string') {
      this.facts.note({ sessionId: v.sessionId, timestamp: str(v.startTime) });
      this.projectHash ??= v.projectHash;
      this.counts.bookkeeping += 1;
      return;
    }
    if (v.$set !== undefined) return this.set(obj(v.$set), lineNo, at);
    if (typeof v.$rewindTo === 'string') return this.rewind(v.$rewindTo);
    if (typeof v.id === 'string' && typeof v.type === 'string') return this.upsert(v, lineNo, at && { ...at });
    this.counts.unknown('(no type)');
    this.upsert(rawRecord(lineNo, v), lineNo, at && { ...at, raw: true });
  }

  private upsert(rec: Record<string, unknown>, lineNo: number, ref: RecordRef | undefined): void {
    const id = rec.id as string;
    const known = this.records.get(id);
    if (known) {
      known.rec = ref ? null : rec;
      known.ref = ref ?? null;
      known.lines.push(lineNo);
      known.dropped = false;
    } else this.records.set(id, { rec: ref ? null : rec, ref: ref ?? null, lines: [lineNo], order: this.order++, dropped: false });
    this.facts.time(str(rec.timestamp));
  }

  private set(patch: Record<string, unknown>, lineNo: number, at: LineAt | undefined): void {
    this.counts.bookkeeping += 1;
    if (typeof patch.sessionId === 'string') this.facts.note({ sessionId: patch.sessionId });
    if (!Array.isArray(patch.messages)) return;
    const list = patch.messages.map((m, index) => ({ rec: obj(m), index })).filter(({ rec }) => typeof rec.id === 'string');
    const ids = new Set(list.map(({ rec }) => rec.id as string));
    // On resume the CLI restates a tool result as `<record id>_response`: not new content.
    const isNew = (id: string) => !this.records.has(id) && !(id.endsWith('_response') && this.records.has(id.slice(0, -'_response'.length)));
    const brandNew = list.some(({ rec }) => isNew(rec.id as string));
    const leaving = [...this.records.entries()].filter(([id, r]) => !r.dropped && !r.compacted && !ids.has(id));
    if (brandNew && leaving.length > 0) {
      this.compactions.push({ order: this.order, line: lineNo, kept: ids, timestamp: str(patch.lastUpdated) });
      for (const [, r] of leaving) r.compacted = true;
    } else for (const [, r] of leaving) r.dropped = true;
    for (const { rec, index } of list) {
      const known = this.records.get(rec.id as string);
      if (known) known.dropped = false;
      else this.records.set(rec.id as string, { rec: at ? null : rec, ref: at ? { ...at, index } : null, lines: [lineNo], order: this.order++, dropped: false });
    }
  }

  private rewind(id: string): void {
    this.counts.bookkeeping += 1;
    const from = this.records.get(id)?.order ?? -1;
    for (const r of this.records.values()) if (r.order >= from) r.dropped = true;
  }

  /**
   * Hands every record to the builder in first-seen order, with boundaries, flags and
   * points; records of a JSONL file are read again through `readLine`.
   */
  emit(b: SessionBuilder, file: number, readLine?: ReadLine): void {
    const ordered = [...this.records.entries()].sort((x, y) => x[1].order - y[1].order);
    // Records from one `$set` line come one after another: that line is parsed once for all of them.
    let cached: { offset: number; value: Record<string, unknown> | null } | null = null;
    const reread = (ref: RecordRef): Record<string, unknown> | null => {
      if (cached?.offset !== ref.offset) cached = { offset: ref.offset, value: readLine ? readLine(ref) : null };
      const line = cached.value;
      if (!line) return null;
      if (ref.index !== undefined) return obj((obj(line.$set).messages as unknown[] | undefined)?.[ref.index]);
      return ref.raw ? rawRecord(0, line) : line;
    };
    let c = 0;
    for (const [id, r] of ordered) {
      while (c < this.compactions.length && this.compactions[c]!.order <= r.order) {
        const k = this.compactions[c++]!;
        b.boundary({ source: { file, lines: [k.line] }, trigger: null, preTokens: null, postTokens: null, timestamp: k.timestamp }, k.kept);
      }
      const rec = r.rec ?? (r.ref ? reread(r.ref) : null);
      if (!rec || (!r.ref?.raw && rec.id !== id)) {
        // The file was rewritten since it was read: this record is no longer where it was.
        this.counts.unknown('(changed while read)');
        continue;
      }
      const start = b.size;
      const meta: EntryMeta = { source: { file, lines: r.lines }, timestamp: str(rec.timestamp), uuid: id };
      this.record(b, rec, meta, r.dropped);
      if (r.dropped) b.setDropped(start, b.size, true);
    }
    while (c < this.compactions.length) {
      const k = this.compactions[c++]!;
      b.boundary({ source: { file, lines: [k.line] }, trigger: null, preTokens: null, postTokens: null, timestamp: k.timestamp }, k.kept);
    }
    this.records.clear();
  }

  private record(b: SessionBuilder, rec: Record<string, unknown>, meta: EntryMeta, dropped: boolean): void {
    const type = rec.type as string;
    if (type === 'user') return this.user(b, rec.content, meta);
    if (type === 'gemini' || type === 'model') return this.gemini(b, rec, meta, dropped);
    if (DISPLAY_ONLY.has(type)) {
      this.counts.bookkeeping += 1;
      return;
    }
    if (type !== '(no type)') this.counts.unknown(type);
    const raw = JSON.stringify(rec.raw ?? rec);
    b.unknown(type, raw.slice(0, 400), Buffer.byteLength(raw), meta);
  }

  private user(b: SessionBuilder, content: unknown, meta: EntryMeta): void {
    const parts = typeof content === 'string' ? [{ text: content }] : Array.isArray(content) ? content.map(obj) : [];
    for (const part of parts) {
      const text = str(part.text);
      if (text !== null) {
        if (text.trimStart().startsWith('<session_context>')) {
          const cwd = /Workspace Directories:\*{0,2}\s*\n\s*-\s*(\S[^\n]*)/.exec(text)?.[1]?.trim();
          if (cwd) this.facts.note({ cwd });
          b.system({ title: 'Session context', provenance: 'runtime-context', bytes: Buffer.byteLength(text), text, source: meta.source });
        } else if (b.text('user', text, { ...meta, label: 'prompt' }) >= 0) this.facts.prompt(text);
        continue;
      }
      const response = obj(part.functionResponse);
      const callId = str(response.id);
      if (callId !== null) {
        // The same result is written twice (in the model record's toolCalls, then as this user record): count it once.
        if (this.completed.has(callId)) continue;
        if (!b.hasPendingCall(callId)) b.toolCall(callId, str(response.name) ?? 'unknown', null, meta);
        this.complete(b, callId, responseText(response), false, meta);
        continue;
      }
      if (Object.keys(part).length) b.text('user', JSON.stringify(part), { ...meta, label: 'part' });
    }
  }

  private gemini(b: SessionBuilder, rec: Record<string, unknown>, meta: EntryMeta, dropped: boolean): void {
    const model = str(rec.model);
    if (model) {
      this.facts.addModel(model);
      meta.model = model;
    }
    const tokens = obj(rec.tokens);
    const input = num(tokens.input);
    if (input !== null && input > 0 && !dropped) {
      b.point({
        source: meta.source,
        basis: 'request-input',
        reported: input,
        usage: usageOf({ input, output: num(tokens.output) ?? undefined, cacheRead: num(tokens.cached) ?? undefined, context: input }),
        window: null,
        model,
        timestamp: meta.timestamp ?? null,
      });
    }
    for (const t of Array.isArray(rec.thoughts) ? rec.thoughts.map(obj) : []) {
      b.text('thinking', [str(t.subject), str(t.description)].filter(Boolean).join(': '), meta);
    }
    const parts = typeof rec.content === 'string' ? [{ text: rec.content }] : Array.isArray(rec.content) ? rec.content.map(obj) : [];
    for (const part of parts) {
      const text = str(part.text);
      if (text !== null) b.text(part.thought === true ? 'thinking' : 'assistant', text, meta);
      const call = obj(part.functionCall);
      const callId = str(call.id);
      if (callId && !b.hasPendingCall(callId) && !this.completed.has(callId)) b.toolCall(callId, str(call.name) ?? 'unknown', call.args ?? null, meta);
    }
    for (const call of Array.isArray(rec.toolCalls) ? rec.toolCalls.map(obj) : []) {
      const callId = str(call.id) ?? `call-${meta.source.lines[0]}`;
      if (this.completed.has(callId)) continue;
      if (!b.hasPendingCall(callId)) b.toolCall(callId, str(call.name) ?? 'unknown', call.args ?? null, meta);
      const result = Array.isArray(call.result) ? call.result.map((r) => responseText(obj(obj(r).functionResponse))).join('\n') : '';
      if (Array.isArray(call.result) || call.status) this.complete(b, callId, result, call.status !== undefined && call.status !== 'success', meta);
    }
  }

  private complete(b: SessionBuilder, callId: string, output: string, isError: boolean, meta: EntryMeta): void {
    b.toolResult(callId, output, isError, meta);
    this.completed.add(callId);
  }
}

/** The record standing for a line with no type (shown as unknown, its JSON as preview). */
function rawRecord(lineNo: number, v: Record<string, unknown>): Record<string, unknown> {
  return { id: `line-${lineNo}`, type: '(no type)', raw: v };
}

/** A functionResponse's output: `response.output`, else the response as JSON. */
function responseText(response: Record<string, unknown>): string {
  const r = obj(response.response);
  if (typeof r.output === 'string') return r.output;
  if (typeof r.error === 'string') return r.error;
  return Object.keys(r).length ? JSON.stringify(r) : '';
}
