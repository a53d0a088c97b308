import type { TranscriptEntry } from '../../../shared/contract/transcript';
import type { Directive } from '../../../shared/contract/xray';
import { isToolError, type FoldRow } from '../../../shared/fold';
import type { FoldCountInfo } from '../../../shared/tokens/fold-count';
import { applyDirectives } from '../../../shared/xray/directives';
import { foldInBestCount, type FoldMeasureDeps } from './fold-measure';

/** X-Ray directives as history assembly applies them. */
export interface StepDirectives {
  pinned: readonly string[];
  evicted: readonly string[];
  /** Segment id → the user's summary that replaces it. */
  summaries?: Readonly<Record<string, string>>;
}

/** Directives (a thread's, or an imported session's at prune-and-continue) in the shape history assembly applies. */
export function stepDirectives(list: readonly Directive[]): StepDirectives {
  return {
    pinned: list.filter((d) => d.kind === 'pin').map((d) => d.segmentId),
    evicted: list.filter((d) => d.kind === 'evict').map((d) => d.segmentId),
    summaries: Object.fromEntries(list.filter((d) => d.kind === 'summarize').map((d) => [d.segmentId, d.summary ?? ''])),
  };
}

export interface HistoryOptions {
  /** The model's fold budget (window minus reserve), in tokens. */
  budget: number;
  /** The model and agent the history is for: the budget is checked in the model's best available count. */
  model: string | null;
  agent: string;
  signal?: AbortSignal;
  /** The ask this turn sends: it counts against the budget and is always sent. */
  ask: string;
  pinnedIds?: Iterable<string>;
  evictedIds?: Iterable<string>;
  /** X-Ray summaries: segment id → the user's summary that replaces it. */
  summaries?: ReadonlyMap<string, string> | Readonly<Record<string, string>>;
}

export interface AssembledHistory {
  text: string;
  rows: number;
  kept: number;
  /** Segment ids of the transcript entries whose content is in `text` (as itself or as its summary). */
  keptSegments: string[];
  /** Of those, the ones sent as the user's summary. */
  summarizedSegments: string[];
  /** The count the budget was checked in. */
  count: FoldCountInfo;
  /** The kept rows and the ask in that count. */
  countedTokens: number;
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
 * The thread's history for a fresh session: X-Ray directives applied first
 * (evicted out with their tool pairs, summaries in place, neighbours an
 * eviction left merged, pinned flagged), then the transcript folded to the
 * model's budget in its best available count (oldest first out, pinned kept,
 * tool calls re-paired with their results), as text.
 */
export async function assembleHistory(deps: FoldMeasureDeps, entries: readonly TranscriptEntry[], options: HistoryOptions): Promise<AssembledHistory> {
  const rows = toFoldRows(entries);
  const directed = applyDirectives(rows, { pinned: options.pinnedIds, evicted: options.evictedIds, summaries: options.summaries });
  const { result: trimmed, count } = await foldInBestCount(deps, {
    model: options.model,
    agent: options.agent,
    rows: directed.rows,
    budget: options.budget,
    options: { currentUserContent: options.ask },
    signal: options.signal,
  });
  const keptSegments = [...new Set(trimmed.keptIndices.flatMap((i) => directed.segments[i] ?? []))];
  const summaries = options.summaries instanceof Map ? options.summaries : new Map(Object.entries(options.summaries ?? {}));
  return {
    text: renderRows(trimmed.rows),
    rows: rows.length,
    kept: trimmed.rows.length,
    keptSegments,
    summarizedSegments: keptSegments.filter((id) => summaries.has(id)),
    count,
    countedTokens: trimmed.countedTokens,
  };
}
