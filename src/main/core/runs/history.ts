import type { TranscriptEntry } from '../../../shared/contract/transcript';
import { isToolError, trimToBudget, type FoldRow } from '../../../shared/fold';

export interface HistoryOptions {
  /** The model's fold budget (window minus reserve), in approximate tokens. */
  budget: number;
  /** The ask this turn sends: it counts against the budget and is always sent. */
  ask: string;
  pinnedIds?: Iterable<string>;
  evictedIds?: Iterable<string>;
}

export interface AssembledHistory {
  text: string;
  rows: number;
  kept: number;
  /** Segment ids of the transcript entries whose content is in `text`. */
  keptSegments: string[];
}

/**
 * Transcript entries as fold rows: a tool segment becomes an assistant row
 * with the call and a tool row with its result, both under the segment's id,
 * so pinning or evicting the segment moves them together. Thinking is not
 * replayed (CLIs do not accept it back).
 */
export function toFoldRows(entries: readonly TranscriptEntry[]): FoldRow[] {
  const rows: FoldRow[] = [];
  for (const { item, segmentId: id } of entries) {
    switch (item.kind) {
      case 'user':
        rows.push({ role: 'user', content: item.text, id });
        break;
      case 'assistant':
        rows.push({ role: 'assistant', text: item.text, id });
        break;
      case 'summary':
        rows.push({ role: 'user', content: `Summary of earlier conversation:\n${item.text}`, id });
        break;
      case 'tool': {
        const call = { toolName: item.name, toolCallId: item.callId, args: item.input as never };
        rows.push({ role: 'assistant', text: '', toolCalls: [call], id });
        rows.push(
          item.isError
            ? { role: 'tool', toolName: item.name, toolCallId: item.callId, ok: false, error: item.output ?? '(no result)', id }
            : { role: 'tool', toolName: item.name, toolCallId: item.callId, result: item.output ?? '(no result: the run ended first)', id },
        );
        break;
      }
      case 'thinking':
        break;
    }
  }
  return rows;
}

/** Kept rows as readable text: who said what, tool calls with their results. */
export function renderRows(rows: readonly FoldRow[]): string {
  const out: string[] = [];
  for (const row of rows) {
    if (row.role === 'user') out.push(`User: ${row.content}`);
    else if (row.role === 'assistant') {
      if (row.text.trim()) out.push(`Assistant: ${row.text}`);
      for (const c of row.toolCalls ?? []) out.push(`Assistant called ${c.toolName}(${JSON.stringify(c.args ?? {})})`);
    } else {
      const body = isToolError(row) ? `error: ${row.error}` : typeof row.result === 'string' ? row.result : JSON.stringify(row.result);
      out.push(`${row.toolName} result:\n${body}`);
    }
  }
  return out.join('\n\n');
}

/**
 * The thread's history for a fresh session: the transcript folded to the
 * model's budget (oldest first out, pinned kept, evicted out, tool calls
 * re-paired with their results), as text.
 */
export function assembleHistory(entries: readonly TranscriptEntry[], options: HistoryOptions): AssembledHistory {
  const rows = toFoldRows(entries);
  const trimmed = trimToBudget(rows, options.budget, {
    currentUserContent: options.ask,
    pinnedIds: options.pinnedIds,
    evictedIds: options.evictedIds,
  });
  const keptSegments = [...new Set(trimmed.rows.map((r) => r.id).filter((id): id is string => !!id))];
  return { text: renderRows(trimmed.rows), rows: rows.length, kept: trimmed.rows.length, keptSegments };
}
