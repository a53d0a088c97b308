import type { TranscriptEntry, TranscriptItem } from '../../../shared/contract/transcript';
import type { Directive, OutOfContextReason, Segment, SegmentKind, SegmentStatus } from '../../../shared/contract/xray';
import { trimToBudget, utf8ByteLength, type FoldRow, type TrimResult } from '../../../shared/fold';
import type { FoldCountInfo } from '../../../shared/tokens/fold-count';
import { approxTokens } from '../../../shared/contract/runs';
import { applyDirectives, PROTECTED_KINDS, summaryText } from '../../../shared/xray/directives';
import { renderRows, toFoldRows } from '../prompt/history';
import { clipPreview } from '../prompt/section-previews';
import { hiddenResult, redactTexts } from '../secrets';
import { PREVIEW_SOURCE_CHARS } from '../prompt/prompt';

/** How a thread's next turn will reach the model, which decides what counts as in context. */
export type Delivery =
  /** Loupe assembles the history (fresh session): directives applied, folded to `budget`. */
  | { kind: 'fresh'; budget: number }
  /** The CLI resumes its session, begun by `startRunId`'s step, which left `omitted` out. */
  | { kind: 'resume'; startRunId: string; omitted: ReadonlySet<string>; budget: number };

export interface SegmentInput {
  entries: readonly TranscriptEntry[];
  directives: readonly Directive[];
  /** The run in progress (its user, tool and thinking segments are protected), or null. */
  activeRunId: string | null;
  delivery: Delivery;
  /**
   * How a fresh session's history is folded: the runner's fold in the model's
   * best available count (runs/fold-measure.ts), so X-Ray shows what the next
   * turn really carries. The plain estimate when absent.
   */
  fold?: (rows: readonly FoldRow[], budget: number) => Promise<{ result: TrimResult; count: FoldCountInfo | null }>;
}

/** The plain-estimate fold, for callers that give none. */
const estimateFold: NonNullable<SegmentInput['fold']> = async (rows, budget) => ({ result: trimToBudget(rows, budget, { currentUserContent: '' }), count: null });

export interface BuiltSegments {
  segments: Segment[];
  /** The history a fresh session would carry, as rendered (for an exact count of `fresh`). */
  freshText: string;
  /** Estimated tokens the next turn carries (see Manifest.totals.conversation). */
  conversation: number;
  /** Estimated tokens a fresh session would carry with the directives applied. */
  fresh: number;
  /** Estimated tokens the directives take off a fresh-session prompt. */
  reclaimable: number;
  /** The count the fresh-session fold checked its budget in, and the kept history in it (null: the plain estimate). */
  freshFold: { count: FoldCountInfo; countedTokens: number } | null;
}

/** The kind X-Ray shows: a tool call that read a file is a file read. */
export function segmentKind(item: TranscriptItem): SegmentKind {
  return item.kind === 'tool' && item.filePath !== undefined ? 'file-read' : item.kind;
}

/** What a segment's preview is made from: its text, a file read's contents, or a tool call with its result. */
function previewSource(item: TranscriptItem): string {
  if (item.kind !== 'tool') return item.text;
  // A result read from a credential file is not previewed at all (redaction cannot tell a bare `password=…`).
  // Nor one that holds a secret or looks like a credential file, whatever the command (printenv, globs, grep -r).
  const hidden = hiddenResult(item.input, item.output, item.filePath);
  const result = hidden ?? `${item.isError ? 'error: ' : ''}${item.output ?? '(no result)'}`;
  if (item.filePath !== undefined) return result.slice(0, PREVIEW_SOURCE_CHARS);
  const input = JSON.stringify(item.input ?? {});
  return `${item.name} ${input.slice(0, 400)} → ${result}`.slice(0, PREVIEW_SOURCE_CHARS);
}

/** A staged copy (…/runs/<run>/context-…/repo/src/a.ts) shows as the repository path it copies (src/a.ts). */
const STAGED = /[\\/]runs[\\/]r[0-9a-f]{32}[\\/]context-[0-9a-z]+[\\/](repo|attachments)[\\/](.+)$/;

/** How a file read is named in the list: its repository path (or attachment name) when it read a staged copy, else the path as read. */
export function readLabel(path: string): string {
  const m = STAGED.exec(path);
  if (!m) return path;
  return m[1] === 'attachments' ? `attachment: ${m[2]}` : m[2]!;
}

/** A segment's text as an assembled history carries it (thinking: its own text, never sent). */
export function segmentText(entry: TranscriptEntry): string {
  return entry.item.kind === 'thinking' ? entry.item.text : renderRows(toFoldRows([entry]));
}

const bytesCache = new Map<string, number>();

/**
 * Bytes a segment takes in an assembled history (as Loupe renders it), or its
 * text for thinking, which is never sent. Remembered by id: an id is a hash of
 * the content, so it always has the same size.
 */
function segmentBytes(entry: TranscriptEntry): number {
  const hit = bytesCache.get(entry.segmentId);
  if (hit !== undefined) return hit;
  const bytes = utf8ByteLength(segmentText(entry));
  if (bytesCache.size >= PREVIEW_CACHE_MAX) bytesCache.clear();
  bytesCache.set(entry.segmentId, bytes);
  return bytes;
}

/** Redacted previews, remembered by segment id: ids are content hashes, so one id always has one preview. */
const previewCache = new Map<string, string>();
const PREVIEW_CACHE_MAX = 50_000;

async function previews(entries: readonly TranscriptEntry[]): Promise<string[]> {
  const missing = entries.filter((e) => !previewCache.has(e.segmentId));
  if (missing.length) {
    const redacted = await redactTexts(missing.map((e) => previewSource(e.item).slice(0, PREVIEW_SOURCE_CHARS)));
    if (previewCache.size + missing.length > PREVIEW_CACHE_MAX) previewCache.clear();
    missing.forEach((e, i) => previewCache.set(e.segmentId, clipPreview(redacted[i]!.text)));
  }
  return entries.map((e) => previewCache.get(e.segmentId)!);
}

/** Which segments a fresh session would carry (as themselves or as their summary), after directives and the fold. */
async function freshKept(
  entries: readonly TranscriptEntry[],
  directives: readonly Directive[],
  budget: number,
  fold: NonNullable<SegmentInput['fold']>,
): Promise<{ kept: Set<string>; text: string; bytes: number; fold: BuiltSegments['freshFold'] }> {
  const directed = applyDirectives(toFoldRows(entries), {
    pinned: directives.filter((d) => d.kind === 'pin').map((d) => d.segmentId),
    evicted: directives.filter((d) => d.kind === 'evict').map((d) => d.segmentId),
    summaries: new Map(directives.filter((d) => d.kind === 'summarize').map((d) => [d.segmentId, d.summary ?? ''])),
  });
  const { result: trimmed, count } = await fold(directed.rows, budget);
  const text = renderRows(trimmed.rows);
  return {
    kept: new Set(trimmed.keptIndices.flatMap((i) => directed.segments[i] ?? [])),
    text,
    bytes: utf8ByteLength(text),
    fold: count ? { count, countedTokens: trimmed.countedTokens } : null,
  };
}

const STATUS: Record<Directive['kind'], SegmentStatus> = { pin: 'pinned', evict: 'evicted', summarize: 'summarized' };

/**
 * A thread's conversation as X-Ray segments: kind, source run, size in the
 * assembled history (bytes, and tokens estimated as bytes / 4), status from
 * its directive (or protected, for the turn in progress), a redacted preview
 * of at most 200 characters, and whether the next turn carries it.
 */
export async function buildSegments(input: SegmentInput): Promise<BuiltSegments> {
  const { entries, delivery } = input;
  const byId = new Map(input.directives.map((d) => [d.segmentId, d]));
  const shown = await previews(entries);
  const fresh = await freshKept(entries, input.directives, delivery.budget, input.fold ?? estimateFold);
  const startIndex = delivery.kind === 'resume' ? entries.findIndex((e) => e.runId === delivery.startRunId) : -1;
  let conversation = 0;
  let reclaimable = 0;
  const segments = entries.map((entry, i): Segment => {
    const kind = segmentKind(entry.item);
    const bytes = segmentBytes(entry);
    const tokens = approxTokens(bytes);
    const directive = byId.get(entry.segmentId);
    const isProtected = input.activeRunId !== null && entry.runId === input.activeRunId && PROTECTED_KINDS.has(kind);
    const status: SegmentStatus = directive ? STATUS[directive.kind] : isProtected ? 'protected' : 'active';
    const summaryTokens = directive?.kind === 'summarize' ? approxTokens(utf8ByteLength(`Assistant: ${summaryText(directive.summary ?? '')}`)) : undefined;
    let out: OutOfContextReason | undefined;
    if (kind === 'thinking') out = 'not-replayed';
    else if (delivery.kind === 'resume') out = i < startIndex && delivery.omitted.has(entry.segmentId) ? 'not-in-session' : undefined;
    else if (!fresh.kept.has(entry.segmentId) && status !== 'evicted') out = 'fold';
    if (status === 'evicted' && kind !== 'thinking') reclaimable += tokens;
    if (summaryTokens !== undefined) reclaimable += Math.max(0, tokens - summaryTokens);
    if (!out && delivery.kind === 'resume') conversation += tokens;
    const item = entry.item;
    return {
      id: entry.segmentId,
      kind,
      source: entry.runId,
      tokens: { tokens, kind: 'estimate' },
      bytes,
      status,
      preview: shown[i]!,
      ...(item.kind === 'tool' ? { label: kind === 'file-read' ? readLabel(item.filePath!) : item.name } : {}),
      ...(out ? { outOfContext: true, outOfContextReason: out } : {}),
      ...(directive?.kind === 'summarize' ? { summary: directive.summary, summaryTokens: { tokens: summaryTokens!, kind: 'estimate' as const } } : {}),
      ...(directive ? { directiveAuthor: directive.author } : {}),
      seq: entry.seq,
    };
  });
  // A fresh session carries the history exactly as rendered (merges and separators included).
  const freshTokens = approxTokens(fresh.bytes);
  return {
    segments,
    freshText: fresh.text,
    conversation: delivery.kind === 'fresh' ? freshTokens : conversation,
    fresh: freshTokens,
    reclaimable,
    freshFold: fresh.fold,
  };
}
