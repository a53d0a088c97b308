import type { AgentId, ThreadSummary } from '../../../shared/contract/runs';
import type { TranscriptEntry, TranscriptItem } from '../../../shared/contract/transcript';
import { fromJson, isSqliteCode, toJson, type Json } from '../store/rows';
import type { Db } from '../store/store';
import { forgetThreadDirectives } from './directive-store';
import { segmentIds } from './segment-id';
import { writeTransaction } from '../store/write';

/** A thread as its ledger keeps it; how many runs it has is the runs store's to say (threads.list adds it). */
export type ThreadRecord = Omit<ThreadSummary, 'runCount'>;

interface ThreadRow {
  id: string;
  repo: string;
  agent: AgentId;
  model: string | null;
  title: string;
  created_at: string;
  updated_at: string;
  cli_session_id: string | null;
}

const toRecord = (r: ThreadRow): ThreadRecord => ({
  id: r.id,
  repo: r.repo,
  agent: r.agent,
  model: r.model,
  title: r.title,
  createdAt: r.created_at,
  updatedAt: r.updated_at,
  cliSessionId: r.cli_session_id,
});

const SELECT = `SELECT t.* FROM threads t`;

export function createThread(
  db: Db,
  t: { id: string; repo: string; agent: AgentId; model: string | null; title: string; now: Date },
): void {
  const at = t.now.toISOString();
  db.prepare(
    'INSERT INTO threads (id, repo, agent, model, title, created_at, updated_at, cli_session_id) VALUES (?, ?, ?, ?, ?, ?, ?, NULL)',
  ).run(t.id, t.repo, t.agent, t.model, t.title, at, at);
}

export function getThread(db: Db, id: string): ThreadRecord | null {
  const row = db.prepare<[string], ThreadRow>(`${SELECT} WHERE t.id = ?`).get(id);
  return row ? toRecord(row) : null;
}

export function listThreads(db: Db, repo: string): ThreadRecord[] {
  return db.prepare<[string], ThreadRow>(`${SELECT} WHERE t.repo = ? ORDER BY t.updated_at DESC LIMIT 500`).all(repo).map(toRecord);
}

/** Records the CLI session a later turn resumes (null: the next turn starts fresh). */
export function setThreadSession(db: Db, id: string, sessionId: string | null, now: Date): void {
  db.prepare('UPDATE threads SET cli_session_id = ?, updated_at = ? WHERE id = ?').run(sessionId, now.toISOString(), id);
}

export function touchThread(db: Db, id: string, now: Date): void {
  db.prepare('UPDATE threads SET updated_at = ? WHERE id = ?').run(now.toISOString(), id);
}

/** Appends items to a thread's transcript with their content-derived segment ids. */
export function appendTranscript(db: Db, threadId: string, runId: string, items: readonly TranscriptItem[]): TranscriptEntry[] {
  if (items.length === 0) return [];
  return writeTransaction(db, () => {
    const existing = readTranscript(db, threadId);
    const seen = new Map<string, number>();
    segmentIds(
      existing.map((e) => e.item),
      seen,
    );
    const ids = segmentIds(items, seen);
    let seq = existing.at(-1)?.seq ?? 0;
    const insert = db.prepare<[string, number, string, TranscriptItem['kind'], string, Json<TranscriptItem>]>(
      'INSERT INTO transcript (thread_id, seq, run_id, kind, segment_id, body) VALUES (?, ?, ?, ?, ?, ?)',
    );
    return items.map((item, i) => {
      seq += 1;
      insert.run(threadId, seq, runId, item.kind, ids[i]!, toJson(item));
      return { seq, runId, segmentId: ids[i]!, item };
    });
  });
}

interface TranscriptRow {
  seq: number;
  run_id: string;
  segment_id: string;
  body: Json<TranscriptItem>;
}

const toEntry = (r: TranscriptRow): TranscriptEntry => ({ seq: r.seq, runId: r.run_id, segmentId: r.segment_id, item: fromJson(r.body) });

/** A thread's whole transcript, read now. */
export function readTranscript(db: Db, threadId: string): TranscriptEntry[] {
  return db.prepare<[string], TranscriptRow>('SELECT seq, run_id, segment_id, body FROM transcript WHERE thread_id = ? ORDER BY seq').all(threadId).map(toEntry);
}

/** The number of a thread's latest transcript entry (0 for none): the transcript is append-only, so equal numbers, equal transcripts. */
export function lastTranscriptSeq(db: Db, threadId: string): number {
  return db.prepare<[string], { seq: number | null }>('SELECT MAX(seq) AS seq FROM transcript WHERE thread_id = ?').get(threadId)?.seq ?? 0;
}

/** One segment's transcript entry (its first occurrence), without reading the rest of the transcript. */
export function findSegment(db: Db, threadId: string, segmentId: string): TranscriptEntry | null {
  const row = db.prepare<[string, string], TranscriptRow>('SELECT seq, run_id, segment_id, body FROM transcript WHERE thread_id = ? AND segment_id = ? ORDER BY seq LIMIT 1').get(threadId, segmentId);
  return row ? toEntry(row) : null;
}

/** Per database (tests open several), the transcripts of the threads read last. */
const kept = new WeakMap<Db, Map<string, TranscriptEntry[]>>();
const TRANSCRIPTS_KEPT = 8;

/**
 * A thread's transcript, kept between calls: the transcript is append-only,
 * so only entries after the last one read are read and parsed again (a
 * 5,000-entry thread is not re-parsed on every directive). Returns a copy of
 * the list; the entries themselves are shared and must not be changed.
 */
export function transcriptOf(db: Db, threadId: string): TranscriptEntry[] {
  let transcripts = kept.get(db);
  if (!transcripts) kept.set(db, (transcripts = new Map()));
  const known = transcripts.get(threadId) ?? [];
  const after = known.at(-1)?.seq ?? 0;
  const rows = db.prepare<[string, number], TranscriptRow>('SELECT seq, run_id, segment_id, body FROM transcript WHERE thread_id = ? AND seq > ? ORDER BY seq').all(threadId, after);
  const next = rows.length ? [...known, ...rows.map(toEntry)] : known;
  transcripts.delete(threadId);
  transcripts.set(threadId, next);
  if (transcripts.size > TRANSCRIPTS_KEPT) transcripts.delete(transcripts.keys().next().value!);
  return [...next];
}

/**
 * Removes a thread that never got a run (runs.start refused its first turn),
 * with what was put into it: transcript, directives, the continuation that
 * made it. No manifest can exist for it: its id was never handed out. A
 * thread that has a run is kept whole: the runs that name it hold it in the
 * database (runs.thread_id references threads, foreign keys on), so removing
 * it fails and everything removed with it is put back. True when it was removed.
 */
export function dropUnstartedThread(db: Db, threadId: string): boolean {
  try {
    writeTransaction(db, () => {
      db.prepare<[string]>('DELETE FROM transcript WHERE thread_id = ?').run(threadId);
      forgetThreadDirectives(db, threadId);
      db.prepare<[string]>('DELETE FROM threads WHERE id = ?').run(threadId);
    });
    return true;
  } catch (err) {
    if (isSqliteCode(err, 'SQLITE_CONSTRAINT_FOREIGNKEY')) return false;
    throw err;
  }
}
