import { createHash } from 'node:crypto';
import type {
  CompactionBoundary,
  ContextPoint,
  ImportedEntry,
  ImportedKind,
  SessionSystemPart,
  SourceRef,
} from '../../../shared/contract/sessions';
import type { TranscriptItem } from '../../../shared/contract/transcript';
import type { ReportedUsage } from '../../../shared/contract/agent-events';
import { canonical, contentKey, toolContentKey } from '../threads/segment-id';
import { TRANSCRIPT_OUTPUT_MAX } from '../threads/transcript-collector';
import { hiddenResult } from '../secrets/tool-paths';
import { approxTokens } from '../../../shared/contract/run-limits';
import { PREVIEW_CHARS } from '../../../shared/contract/xray';


/** A preview: whitespace collapsed, at most 200 characters (only the head of a long text is looked at). */
export function previewOf(text: string, max = PREVIEW_CHARS): string {
  const head = text.length > max * 4 ? text.slice(0, max * 4) : text;
  const flat = head.replace(/\s+/g, ' ').trim();
  return flat.length > max ? `${flat.slice(0, max - 1)}…` : flat;
}

/** Texts shorter than this are hashed and checked again rather than kept: a lookup would cost about as much. */
const MEMO_MIN_CHARS = 1024;

const byteLength = (text: string) => Buffer.byteLength(text, 'utf8');
const hashOf = (kind: string, key: string) => `${kind}-${createHash('sha256').update(key).digest('hex').slice(0, 16)}`;


/**
 * For the wire's eviction stage, which only matches ids, on every request:
 * `idsOnly` makes no previews (nor the secret check on results that previews
 * need); `hashIf` hashes only entries of the sizes it wants (identical content
 * has identical size, so the `-n` of a wanted id is still exact) and gives the
 * others an id no directive names.
 */
export interface IdOptions {
  idsOnly?: boolean;
  hashIf?: (bytes: number) => boolean;
  /**
   * Hashes already made, by the entry's raw content (kind, name, input, text):
   * a CLI sends its whole history with every request, so the stage keeps one
   * across a session's requests and hashes each directed segment once.
   */
  memo?: TextMemo<Map<string, string>>;
  /**
   * What the secret check said of a tool result seen before, by its output and
   * the call's input (canonical JSON): the wire's analysis keeps one across
   * requests, so each request scans only the results it adds.
   */
  hidden?: TextMemo<Map<string, string | null>>;
}

/** What a memo by text needs (a Map is one). */
export interface TextMemo<V> {
  get(text: string): V | undefined;
  set(text: string, value: V): unknown;
}

/** What every entry is added with. */
export interface EntryMeta {
  source: SourceRef;
  timestamp?: string | null;
  sidechain?: boolean;
  agentId?: string;
  parentCallId?: string;
  model?: string;
  label?: string;
  /** Claude Code: the line's uuid, for compaction's preserved messages. */
  uuid?: string;
}

interface Draft extends Omit<ImportedEntry, 'id' | 'index'> {
  base: string | null;
  uuid?: string;
}

interface PendingTool {
  draft: Draft;
  index: number;
  name: string;
  input: unknown;
  inputJson: string;
}

interface PendingBoundary extends CompactionBoundary {
  preserved: Set<string>;
}

/** What a parser hands back: entries with ids, boundaries, points with estimates, system parts, bodies when asked. */
export interface BuiltSession {
  entries: ImportedEntry[];
  compactions: CompactionBoundary[];
  contextPoints: ContextPoint[];
  system: SessionSystemPart[];
  toolNames: string[];
  bodies: Map<number, TranscriptItem>;
}

/**
 * Collects a session's entries as a parser streams its lines: each entry keeps
 * a preview, a byte count and its content hash, never its body (unless
 * `keepBodies` asks for it, for prune-and-continue). Tool calls pair with their
 * results by call id; ids, compaction flags and estimates are settled by finish().
 */
export class SessionBuilder {
  private readonly drafts: Draft[] = [];
  private readonly pending = new Map<string, PendingTool>();
  private readonly boundaries: PendingBoundary[] = [];
  private readonly points: (Omit<ContextPoint, 'estimate'> & { sidechain: boolean })[] = [];
  private readonly systemParts: SessionSystemPart[] = [];
  private readonly tools = new Set<string>();
  private readonly bodies = new Map<number, TranscriptItem>();

  constructor(
    private readonly keepBodies?: (index: number) => boolean,
    private readonly ids: IdOptions = {},
  ) {}

  /** The content hash an entry's id is made of, unless `hashIf` says no entry of this size is wanted. */
  private base(kind: string, bytes: number, key: () => string, text?: string): string {
    if (this.ids.hashIf && !this.ids.hashIf(bytes)) return `unhashed-${this.drafts.length}`;
    return this.memoized(text, kind, () => hashOf(kind, key()));
  }

  /**
   * The hash of content seen before, found by its text (as parsed: one pass,
   * no copy) and the rest of its key, else computed and kept.
   */
  private memoized(text: string | undefined, rest: string, hash: () => string): string {
    const memo = this.ids.memo;
    if (!memo || text === undefined || text.length < MEMO_MIN_CHARS) return hash();
    let byRest = memo.get(text);
    if (!byRest) memo.set(text, (byRest = new Map()));
    let base = byRest.get(rest);
    if (base === undefined) byRest.set(rest, (base = hash()));
    return base;
  }

  /** hiddenResult of a call's output, from `ids.hidden` when this output and input were checked before. */
  private hiddenOf(call: PendingTool, output: string): string | null {
    const memo = this.ids.hidden;
    if (!memo || output.length < MEMO_MIN_CHARS) return hiddenResult(call.input, output);
    let byInput = memo.get(output);
    if (!byInput) memo.set(output, (byInput = new Map()));
    let hidden = byInput.get(call.inputJson);
    if (hidden === undefined) byInput.set(call.inputJson, (hidden = hiddenResult(call.input, output)));
    return hidden;
  }

  get size(): number {
    return this.drafts.length;
  }

  private push(draft: Draft, item: TranscriptItem | null): number {
    const index = this.drafts.length;
    this.drafts.push(draft);
    if (item && this.keepBodies?.(index)) this.bodies.set(index, item);
    return index;
  }

  private draft(kind: ImportedKind, bytes: number, preview: string, meta: EntryMeta, base: string | null): Draft {
    const d: Draft = {
      kind,
      base,
      bytes,
      preview,
      sidechain: meta.sidechain ?? false,
      beforeCompaction: false,
      dropped: false,
      source: meta.source,
      timestamp: meta.timestamp ?? null,
    };
    if (meta.label !== undefined) d.label = meta.label;
    if (meta.agentId !== undefined) d.agentId = meta.agentId;
    if (meta.parentCallId !== undefined) d.parentCallId = meta.parentCallId;
    if (meta.model !== undefined) d.model = meta.model;
    if (meta.uuid !== undefined) d.uuid = meta.uuid;
    return d;
  }

  /** A user prompt, assistant text, thinking, or summary. Empty text adds nothing (-1). */
  text(kind: 'user' | 'assistant' | 'thinking' | 'summary', text: string, meta: EntryMeta): number {
    if (!text.trim()) return -1;
    const item: TranscriptItem = { kind, text };
    const bytes = byteLength(text);
    return this.push(this.draft(kind, bytes, this.ids.idsOnly ? '' : previewOf(text), meta, this.base(kind, bytes, () => contentKey(item), text)), item);
  }

  /** A line of a type Loupe does not know: shown as `unknown`, never dropped. */
  unknown(type: string, preview: string, bytes: number, meta: EntryMeta): number {
    return this.push(this.draft('unknown', bytes, previewOf(preview), { ...meta, label: type }, hashOf('unknown', `${type}\n${preview}`)), null);
  }

  /** A tool call; its result joins it by call id (toolResult), whichever line carries it. */
  toolCall(callId: string, name: string, input: unknown, meta: EntryMeta): number {
    const inputJson = canonical(input);
    const d = this.draft('tool', byteLength(inputJson), this.ids.idsOnly ? '' : previewOf(`${name} ${inputSummary(input, inputJson)}`), { ...meta, label: name }, null);
    d.callId = callId;
    d.paired = false;
    d.isError = false;
    const index = this.push(d, null);
    this.pending.set(callId, { draft: d, index, name, input, inputJson });
    this.tools.add(name);
    if (this.keepBodies?.(index)) this.bodies.set(index, { kind: 'tool', callId, name, input, output: null, isError: false });
    return index;
  }

  /** True when a call with this id waits for its result. */
  hasPendingCall(callId: string): boolean {
    return this.pending.has(callId);
  }

  /** A tool's result: completes its call, or (no call seen) stands alone as a tool named `unknown`. */
  toolResult(callId: string, output: string, isError: boolean, meta: EntryMeta): number {
    if (!this.pending.has(callId)) this.toolCall(callId, 'unknown', null, meta);
    const call = this.pending.get(callId)!;
    this.pending.delete(callId);
    const d = call.draft;
    const kept = output.length > TRANSCRIPT_OUTPUT_MAX ? `${output.slice(0, TRANSCRIPT_OUTPUT_MAX)}\n… (cut)` : output;
    const item: TranscriptItem = { kind: 'tool', callId, name: call.name, input: call.input, output: kept, isError };
    d.bytes += byteLength(output);
    d.base =
      this.ids.hashIf && !this.ids.hashIf(d.bytes)
        ? `unhashed-${call.index}`
        : this.memoized(output, `tool\u0000${call.name}\u0000${call.inputJson}\u0000${isError}`, () => hashOf('tool', toolContentKey(call.name, call.input, call.inputJson, kept, isError)));
    d.paired = true;
    d.isError = isError;
    // A result read from a credential file is not previewed at all (redaction cannot tell a bare `password=…`).
    // Nor one that holds a secret or looks like a credential file, whatever the command (printenv, globs, grep -r).
    if (this.ids.idsOnly) return call.index;
    const hidden = this.hiddenOf(call, output);
    if (output) d.preview = previewOf(`${d.preview} → ${hidden ?? output.slice(0, PREVIEW_CHARS * 2)}`);
    d.source = { file: d.source.file, lines: mergeLines(d.source, meta.source) };
    if (this.bodies.has(call.index)) this.bodies.set(call.index, item);
    return call.index;
  }

  /** Marks entries from `from` on as removed by the CLI (or restores them). */
  setDropped(from: number, to: number, dropped: boolean): void {
    for (let i = from; i < to; i++) this.drafts[i]!.dropped = dropped;
  }

  /** A compaction: what comes before it (except `preserved` uuids) leaves the context. */
  boundary(b: Omit<CompactionBoundary, 'entryIndex'>, preserved: Iterable<string> = []): void {
    this.boundaries.push({ ...b, entryIndex: this.drafts.length, preserved: new Set(preserved) });
  }

  /** The provider's count of the context at a point; the estimate is settled by finish(). */
  point(p: Omit<ContextPoint, 'estimate' | 'entryIndex'> & { entryIndex?: number; sidechain?: boolean }): void {
    this.points.push({ ...p, entryIndex: p.entryIndex ?? this.drafts.length, sidechain: p.sidechain ?? false });
  }

  system(part: Omit<SessionSystemPart, 'preview'> & { text: string }): void {
    const { text, ...rest } = part;
    // The same section sent again (after a compaction, on resume) replaces the earlier copy: what is in context now.
    const at = this.systemParts.findIndex((p) => p.title === part.title);
    if (at >= 0) this.systemParts.splice(at, 1);
    this.systemParts.push({ ...rest, preview: previewOf(text) });
  }

  tool(name: string): void {
    this.tools.add(name);
  }

  /** Settles ids (with `-n` for repeats, as threads do), compaction flags and the estimate at each point. */
  finish(): BuiltSession {
    for (const call of this.pending.values()) {
      const key = () => contentKey({ kind: 'tool', callId: '', name: call.name, input: call.input, output: null, isError: false });
      call.draft.base = this.ids.hashIf && !this.ids.hashIf(call.draft.bytes) ? `unhashed-${call.index}` : hashOf('tool', key());
    }
    this.pending.clear();
    const newest = this.boundaries.at(-1);
    const seen = new Map<string, number>();
    const entries: ImportedEntry[] = this.drafts.map((d, index) => {
      const { base, uuid, ...rest } = d;
      const n = seen.get(base!) ?? 0;
      seen.set(base!, n + 1);
      const before = newest !== undefined && index < newest.entryIndex && !(uuid !== undefined && newest.preserved.has(uuid)) && !d.sidechain;
      return { index, id: n === 0 ? base! : `${base}-${n}`, ...rest, beforeCompaction: before };
    });
    return {
      entries,
      compactions: this.boundaries.map(({ preserved: _p, ...b }) => b),
      contextPoints: this.estimates(entries),
      system: this.systemParts,
      toolNames: [...this.tools],
      bodies: this.bodies,
    };
  }

  /** Loupe's bytes/4 estimate at each reported point: main-chain entries in context then. */
  private estimates(entries: ImportedEntry[]): ContextPoint[] {
    const prefix = new Float64Array(entries.length + 1);
    entries.forEach((e, i) => (prefix[i + 1] = prefix[i]! + (counts(e) ? e.bytes : 0)));
    return this.points
      .filter((p) => !p.sidechain)
      .map(({ sidechain: _s, ...p }) => {
        const end = Math.min(p.entryIndex, entries.length);
        const b = [...this.boundaries].reverse().find((x) => x.entryIndex <= end);
        let bytes = prefix[end]! - prefix[b?.entryIndex ?? 0]!;
        if (b && b.preserved.size > 0) {
          for (let i = 0; i < b.entryIndex; i++) if (counts(entries[i]!) && this.drafts[i]!.uuid && b.preserved.has(this.drafts[i]!.uuid!)) bytes += entries[i]!.bytes;
        }
        return { ...p, entryIndex: end, estimate: approxTokens(bytes) };
      });
  }
}

const counts = (e: ImportedEntry) => !e.sidechain && !e.dropped;

function mergeLines(a: SourceRef, b: SourceRef): number[] {
  if (a.file !== b.file) return a.lines;
  return [...new Set([...a.lines, ...b.lines])].sort((x, y) => x - y);
}

const SUMMARY_FIELDS = ['command', 'cmd', 'file_path', 'path', 'dir_path', 'pattern', 'query', 'url', 'description', 'prompt'];

/** A tool input in a few words: its most telling field, else its JSON. */
function inputSummary(input: unknown, json: string): string {
  if (typeof input === 'string') return input;
  if (input && typeof input === 'object') {
    for (const key of SUMMARY_FIELDS) {
      const v = (input as Record<string, unknown>)[key];
      if (typeof v === 'string' && v) return v;
    }
  }
  return json;
}

/** Reported usage as the contract names it; `context` is the count the point compares. */
export function usageOf(parts: { input?: number; output?: number; cacheRead?: number; cacheCreation?: number; cacheCreation1h?: number; context: number }): ReportedUsage {
  const u: ReportedUsage = { contextTokens: parts.context };
  if (parts.input !== undefined) u.inputTokens = parts.input;
  if (parts.output !== undefined) u.outputTokens = parts.output;
  if (parts.cacheRead !== undefined) u.cacheReadTokens = parts.cacheRead;
  if (parts.cacheCreation !== undefined) u.cacheCreationTokens = parts.cacheCreation;
  if (parts.cacheCreation1h) u.cacheCreation1hTokens = parts.cacheCreation1h;
  return u;
}
