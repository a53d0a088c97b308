/**
 * X-Ray directives applied to a history before the fold trims it (docs/ARCHITECTURE.md,
 * "X-Ray"). Pure: the runner calls it when it assembles a fresh-session
 * prompt, and X-Ray calls it to show what that prompt would hold.
 */
import type { SegmentKind } from '../contract/xray';
import { LoupeError } from '../errors';
import type { AssistantRow, FoldRow } from '../fold/rows';

/** A thread's directives as the assembly needs them. */
export interface DirectiveSet {
  pinned?: Iterable<string>;
  evicted?: Iterable<string>;
  /** Segment id → the user's summary that stands in for it. */
  summaries?: ReadonlyMap<string, string> | Readonly<Record<string, string>>;
}

export interface DirectedRows {
  /** The rows to fold, oldest first: new objects wherever a directive changed one; the input is never mutated. */
  rows: FoldRow[];
  /** For each output row, the segment ids whose content it carries (two or more after a merge). */
  segments: string[][];
  /** Segments taken out, summarized, and rows merged because an eviction left them side by side. */
  evicted: number;
  summarized: number;
  merged: number;
}

/** What a summary row says, so a reader (and the model) can tell it stands in for something. */
export function summaryText(summary: string): string {
  return `[Summary written in Loupe X-Ray, in place of the original] ${summary.trim()}`;
}

function summaryMap(s: DirectiveSet['summaries']): ReadonlyMap<string, string> {
  if (!s) return new Map();
  return s instanceof Map ? s : new Map(Object.entries(s as Record<string, string>));
}

/** Consecutive rows with the same id are one segment (a tool call and its result). */
function groups(rows: readonly FoldRow[]): { id: string | undefined; rows: FoldRow[] }[] {
  const out: { id: string | undefined; rows: FoldRow[] }[] = [];
  for (const row of rows) {
    const last = out.at(-1);
    if (last && row.id !== undefined && last.id === row.id) last.rows.push(row);
    else out.push({ id: row.id, rows: [row] });
  }
  return out;
}

/** One row in place of a summarized segment: a user's words stay the user's; anything else becomes the assistant's. */
function summaryRow(first: FoldRow, id: string, summary: string, pinned: boolean): FoldRow {
  const flags = pinned ? { id, pinned: true } : { id };
  return first.role === 'user' ? { role: 'user', content: summaryText(summary), ...flags } : { role: 'assistant', text: summaryText(summary), ...flags };
}

/** Two rows an eviction left side by side as one message, or null when they must stay apart. */
function merge(a: FoldRow, b: FoldRow): FoldRow | null {
  const pinned = a.pinned === true || b.pinned === true ? { pinned: true } : {};
  if (a.role === 'user' && b.role === 'user') return { role: 'user', content: `${a.content}\n\n${b.content}`, id: a.id, ...pinned };
  // An assistant row with calls must be followed by their results: nothing may come between.
  if (a.role === 'assistant' && b.role === 'assistant' && !a.toolCalls?.length) {
    const text = [a.text, b.text].filter((t) => t.trim()).join('\n\n');
    const row: AssistantRow = { role: 'assistant', text, id: a.id, ...pinned };
    if (b.toolCalls?.length) row.toolCalls = b.toolCalls;
    return row;
  }
  return null;
}

/**
 * Applies directives to history rows (oldest first, each carrying its
 * segment's id): evicted segments are taken out (a tool call and its result
 * together, as they share the id), summarized ones are replaced by one row of
 * the user's summary, pinned ones are flagged so the fold keeps them, and
 * same-role messages an eviction left side by side are merged into one.
 * A segment both pinned and evicted is evicted.
 */
export function applyDirectives(rows: readonly FoldRow[], directives: DirectiveSet): DirectedRows {
  const evicted = new Set(directives.evicted ?? []);
  const pinned = new Set(directives.pinned ?? []);
  const summaries = summaryMap(directives.summaries);
  const out: FoldRow[] = [];
  const segments: string[][] = [];
  const counts = { evicted: 0, summarized: 0, merged: 0 };
  let gap = false;
  const push = (row: FoldRow, ids: string[]) => {
    const prev = out.at(-1);
    const merged = gap && prev ? merge(prev, row) : null;
    if (merged) {
      out[out.length - 1] = merged;
      segments[segments.length - 1] = [...segments.at(-1)!, ...ids];
      counts.merged++;
    } else {
      out.push(row);
      segments.push(ids);
    }
    gap = false;
  };
  for (const group of groups(rows)) {
    const id = group.id;
    const ids = id === undefined ? [] : [id];
    if (id !== undefined && evicted.has(id)) {
      counts.evicted++;
      gap = true;
      continue;
    }
    const pin = id !== undefined && pinned.has(id);
    const summary = id === undefined ? undefined : summaries.get(id);
    if (summary !== undefined) {
      counts.summarized++;
      push(summaryRow(group.rows[0]!, id!, summary, pin), ids);
      continue;
    }
    for (const row of group.rows) push(pin && row.pinned !== true ? { ...row, pinned: true } : row, ids);
  }
  return { rows: out, segments, ...counts };
}

/** Segment kinds of the turn in progress that no directive may take away: its ask, tool calls and thinking. */
export const PROTECTED_KINDS: ReadonlySet<SegmentKind> = new Set<SegmentKind>(['user', 'tool', 'file-read', 'thinking']);

/** Throws `protected-segment` for a segment of the turn in progress that evict or summarize must not touch. */
export function assertNotProtected(segment: { id: string; kind: SegmentKind; source: string }, activeRunId: string | null, action: string): void {
  if (activeRunId !== null && segment.source === activeRunId && PROTECTED_KINDS.has(segment.kind)) {
    throw new LoupeError(
      'protected-segment',
      `Segment ${segment.id} is part of the turn in progress (its ${segment.kind === 'user' ? 'ask' : segment.kind === 'thinking' ? 'thinking' : 'tool calls'}): it cannot be ${action} until the turn ends.`,
      { segmentId: segment.id, kind: segment.kind, runId: activeRunId },
    );
  }
}
