/**
 * Tool calls and their results travel in pairs: a model API refuses a tool
 * result whose call is missing, and a call left without its result. These
 * helpers keep pairs whole around a trim.
 */
import type { AssistantRow, FoldRow } from './rows';

/**
 * Which rows a trim must never drop: the ones flagged in `pinned`, the newest
 * row when `keepNewest`, and, for each of those that is a tool result, the
 * assistant row carrying its call (so re-pairing cannot take a kept result
 * away). The carrier is the nearest assistant row before the result holding
 * that call id, else the first one after it. One pass each way: O(rows + calls).
 */
export function protectedRows(rows: readonly FoldRow[], pinned: readonly boolean[], keepNewest: boolean): boolean[] {
  const keep = pinned.slice(0, rows.length);
  if (keepNewest && rows.length > 0) keep[rows.length - 1] = true;
  const lastCarrier = new Map<string, number>();
  const firstCarrier = new Map<string, number>();
  const pending: { callId: string; at: number }[] = [];
  rows.forEach((row, i) => {
    if (row.role === 'assistant') {
      for (const call of row.toolCalls ?? []) {
        lastCarrier.set(call.toolCallId, i);
        if (!firstCarrier.has(call.toolCallId)) firstCarrier.set(call.toolCallId, i);
      }
    } else if (row.role === 'tool' && keep[i]) {
      const before = lastCarrier.get(row.toolCallId);
      if (before !== undefined) keep[before] = true;
      else pending.push({ callId: row.toolCallId, at: i });
    }
  });
  for (const { callId } of pending) {
    const after = firstCarrier.get(callId);
    if (after !== undefined) keep[after] = true;
  }
  return keep;
}

export interface RepairResult {
  rows: FoldRow[];
  /** For each output row, the index of the input row it came from. */
  from: number[];
  /** Tool rows removed because no kept assistant row carries their call. */
  droppedResults: number;
  /** Calls stripped from kept assistant rows because their result is not kept. */
  strippedCalls: number;
}

/**
 * Re-pairs a history by call id: drops tool rows whose call is not in any kept
 * assistant row, then strips calls whose result is not in any kept tool row.
 * Rows that need no change are returned as the same objects; a stripped
 * assistant row is a copy (without `toolCalls` when none remain). Both steps
 * only remove, so the serialized history can only shrink.
 */
export function repairToolPairs(rows: readonly FoldRow[]): RepairResult {
  const calls = new Set<string>();
  for (const row of rows) if (row.role === 'assistant') for (const c of row.toolCalls ?? []) calls.add(c.toolCallId);
  const from: number[] = [];
  rows.forEach((row, i) => {
    if (row.role !== 'tool' || calls.has(row.toolCallId)) from.push(i);
  });
  const results = new Set<string>();
  for (const i of from) {
    const row = rows[i]!;
    if (row.role === 'tool') results.add(row.toolCallId);
  }
  let strippedCalls = 0;
  const out = from.map((i) => {
    const row = rows[i]!;
    if (row.role !== 'assistant' || !row.toolCalls || row.toolCalls.every((c) => results.has(c.toolCallId))) return row;
    const kept = row.toolCalls.filter((c) => results.has(c.toolCallId));
    strippedCalls += row.toolCalls.length - kept.length;
    const { toolCalls: _dropped, ...rest } = row;
    return (kept.length ? { ...rest, toolCalls: kept } : rest) as AssistantRow;
  });
  return { rows: out, from, droppedResults: rows.length - from.length, strippedCalls };
}
