import type { AgentId, ThreadSummary } from '../../../shared/contract/runs';
import type { TranscriptEntry, TranscriptItem } from '../../../shared/contract/transcript';
import type { Db } from '../store/store';
import { segmentIds } from './segment-id';

interface ThreadRow {
  id: string;
  repo: string;
  agent: string;
  model: string | null;
  title: string;
  created_at: string;
  updated_at: string;
  cli_session_id: string | null;
  run_count: number;
}

const toSummary = (r: ThreadRow): ThreadSummary => ({
  id: r.id,
  repo: r.repo,
  agent: r.agent as AgentId,
  model: r.model,
  title: r.title,
  createdAt: r.created_at,
  updatedAt: r.updated_at,
  runCount: r.run_count,
  cliSessionId: r.cli_session_id,
});

const SELECT = `SELECT t.*, (SELECT COUNT(*) FROM runs r WHERE r.thread_id = t.id) AS run_count FROM threads t`;

export function createThread(
  db: Db,
  t: { id: string; repo: string; agent: AgentId; model: string | null; title: string; now: Date },
): void {
  const at = t.now.toISOString();
  db.prepare(
    'INSERT INTO threads (id, repo, agent, model, title, created_at, updated_at, cli_session_id) VALUES (?, ?, ?, ?, ?, ?, ?, NULL)',
  ).run(t.id, t.repo, t.agent, t.model, t.title, at, at);
}

export function getThread(db: Db, id: string): ThreadSummary | null {
  const row = db.prepare(`${SELECT} WHERE t.id = ?`).get(id) as ThreadRow | undefined;
  return row ? toSummary(row) : null;
}

export function listThreads(db: Db, repo: string): ThreadSummary[] {
  return (db.prepare(`${SELECT} WHERE t.repo = ? ORDER BY t.updated_at DESC LIMIT 500`).all(repo) as ThreadRow[]).map(toSummary);
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
  return db.transaction(() => {
    const existing = readTranscript(db, threadId);
    const seen = new Map<string, number>();
    segmentIds(
      existing.map((e) => e.item),
      seen,
    );
    const ids = segmentIds(items, seen);
    let seq = existing.at(-1)?.seq ?? 0;
    const insert = db.prepare('INSERT INTO transcript (thread_id, seq, run_id, kind, segment_id, body) VALUES (?, ?, ?, ?, ?, ?)');
    return items.map((item, i) => {
      seq += 1;
      insert.run(threadId, seq, runId, item.kind, ids[i]!, JSON.stringify(item));
      return { seq, runId, segmentId: ids[i]!, item };
    });
  })();
}

export function readTranscript(db: Db, threadId: string): TranscriptEntry[] {
  const rows = db
    .prepare('SELECT seq, run_id, segment_id, body FROM transcript WHERE thread_id = ? ORDER BY seq')
    .all(threadId) as { seq: number; run_id: string; segment_id: string; body: string }[];
  return rows.map((r) => ({ seq: r.seq, runId: r.run_id, segmentId: r.segment_id, item: JSON.parse(r.body) as TranscriptItem }));
}
