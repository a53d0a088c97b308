import type { ImportedEntry, ImportedSession } from '../../../shared/contract/sessions';
import type { TranscriptItem } from '../../../shared/contract/transcript';
import type { StepDirectives } from '../prompt/history';
import { inContext } from './manifest';
import { loadEntryItems } from './rebuild';

/** The history a continued session starts from: the items in order, with the entry each came from. */
export interface PrunedHistory {
  items: TranscriptItem[];
  /** For each item: the imported entry's segment id (to carry pins over to the new thread's ids, by position). */
  from: string[];
  /** Ids among `from` that were pinned. */
  pinned: string[];
  /** What the directives took out, and what is left out because it was not in context (compacted, dropped, subagent work, unknown lines). */
  evicted: { count: number; bytes: number };
  notInContext: { count: number; bytes: number };
}

/** Entries a continuation can carry: in the CLI's context now, and of a kind a transcript item can hold. */
const carried = (e: ImportedEntry) => inContext(e) && e.kind !== 'unknown';

/**
 * The pruned history of an imported session, for prune-and-continue: the
 * entries still in the CLI's context, evicted ones left out, summarized ones
 * replaced by their summary, the rest read back from the transcript (which is
 * only read, never written). What was out of context stays out, as it was
 * for the CLI. The caller folds and measures it like any fresh session.
 */
export async function prunedHistory(session: ImportedSession, directives: StepDirectives, signal?: AbortSignal): Promise<PrunedHistory> {
  const evicted = new Set(directives.evicted);
  const pinned = new Set(directives.pinned);
  const summaries = directives.summaries ?? {};
  const result: PrunedHistory = { items: [], from: [], pinned: [], evicted: { count: 0, bytes: 0 }, notInContext: { count: 0, bytes: 0 } };
  const keep = session.entries.filter((e) => {
    if (!carried(e)) {
      result.notInContext.count += 1;
      result.notInContext.bytes += e.bytes;
      return false;
    }
    // A pin wins over an eviction of the same segment (the X-Ray rule: pinned is kept).
    if (evicted.has(e.id) && !pinned.has(e.id)) {
      result.evicted.count += 1;
      result.evicted.bytes += e.bytes;
      return false;
    }
    return true;
  });
  const bodies = await loadEntryItems(
    session,
    keep.filter((e) => summaries[e.id] === undefined).map((e) => e.index),
    signal,
  );
  for (const e of keep) {
    const summary = summaries[e.id];
    const item: TranscriptItem | undefined = summary !== undefined ? { kind: 'summary', text: summary } : bodies.get(e.index);
    if (!item) continue;
    result.items.push(item);
    result.from.push(e.id);
    if (pinned.has(e.id)) result.pinned.push(e.id);
  }
  return result;
}
