import type { AgentId, RunEventRecord, RunInput, RunStatus, RunStreamEvent, RunSummary } from '../../../../shared/contract/runs';
import type { Db } from '../../store/store';
import { writeTransaction } from '../../store/write';

interface RunRow {
  id: string;
  thread_id: string;
  repo: string;
  agent: string;
  model: string | null;
  ask_preview: string;
  input_json: string;
  status: string;
  created_at: string;
  ended_at: string | null;
  staged_dir: string | null;
  step_count: number;
}

const toSummary = (r: RunRow): RunSummary => ({
  id: r.id,
  threadId: r.thread_id,
  repo: r.repo,
  agent: r.agent as AgentId,
  model: r.model,
  askPreview: r.ask_preview,
  status: r.status as RunStatus,
  createdAt: r.created_at,
  endedAt: r.ended_at,
  stepCount: r.step_count,
  stagedDir: r.staged_dir,
});

const SELECT = `SELECT r.*, (SELECT COUNT(*) FROM evidence_steps s WHERE s.run_id = r.id) AS step_count FROM runs r`;

export interface NewRun {
  id: string;
  threadId: string;
  repo: string;
  agent: AgentId;
  model: string | null;
  ask: string;
  inputJson: string;
  now: Date;
}

/** The first 200 characters of the ask, on one line: the run's title in lists. */
export function askPreview(ask: string): string {
  const flat = ask.replace(/\s+/g, ' ').trim();
  const chars = [...flat];
  return chars.length > 200 ? `${chars.slice(0, 199).join('')}…` : flat;
}

export function insertRun(db: Db, run: NewRun): void {
  db.prepare(
    `INSERT INTO runs (id, thread_id, repo, agent, model, ask_preview, input_json, status, created_at, ended_at, staged_dir, owner_pid)
     VALUES (?, ?, ?, ?, ?, ?, ?, 'running', ?, NULL, NULL, ?)`,
  ).run(run.id, run.threadId, run.repo, run.agent, run.model, askPreview(run.ask), run.inputJson, run.now.toISOString(), process.pid);
}

export function setRunStatus(db: Db, id: string, status: RunStatus, endedAt: Date | null): void {
  db.prepare('UPDATE runs SET status = ?, ended_at = ?, owner_pid = ? WHERE id = ?').run(
    status,
    endedAt?.toISOString() ?? null,
    status === 'running' ? process.pid : null,
    id,
  );
}

export function setStagedDir(db: Db, id: string, dir: string | null): void {
  db.prepare('UPDATE runs SET staged_dir = ? WHERE id = ?').run(dir, id);
}

export function getRun(db: Db, id: string): RunSummary | null {
  const row = db.prepare(`${SELECT} WHERE r.id = ?`).get(id) as RunRow | undefined;
  return row ? toSummary(row) : null;
}

/** The validated request a run was started with (for retries). */
export function getRunInput(db: Db, id: string): RunInput | null {
  const row = db.prepare('SELECT input_json FROM runs WHERE id = ?').get(id) as { input_json: string } | undefined;
  return row ? (JSON.parse(row.input_json) as RunInput) : null;
}

/** Replaces what a run is started with (a retry with other settings). */
export function setRunInput(db: Db, id: string, input: RunInput): void {
  db.prepare('UPDATE runs SET input_json = ? WHERE id = ?').run(JSON.stringify(input), id);
}

/** What the thread's latest run was started with, or null when it has none. */
export function latestRunInput(db: Db, threadId: string): RunInput | null {
  const row = db.prepare('SELECT input_json FROM runs WHERE thread_id = ? ORDER BY created_at DESC, rowid DESC LIMIT 1').get(threadId) as { input_json: string } | undefined;
  return row ? (JSON.parse(row.input_json) as RunInput) : null;
}

/** The thread's run in progress: marked running by a process that is still alive. */
export function activeRunOf(db: Db, threadId: string): string | null {
  const row = db
    .prepare(`SELECT id, owner_pid FROM runs WHERE thread_id = ? AND status = 'running' ORDER BY created_at DESC, rowid DESC LIMIT 1`)
    .get(threadId) as { id: string; owner_pid: number | null } | undefined;
  if (!row || row.owner_pid === null) return null;
  return row.owner_pid === process.pid || processAlive(row.owner_pid) ? row.id : null;
}

/** The latest runs of `agent` (in `repo` when given), newest first. */
export function recentRunIds(db: Db, agent: string, repo: string | undefined, limit: number): string[] {
  const rows = db
    .prepare(`SELECT id FROM runs WHERE agent = ? ${repo ? 'AND repo = ?' : ''} ORDER BY created_at DESC LIMIT ?`)
    .all(...(repo ? [agent, repo, limit] : [agent, limit])) as { id: string }[];
  return rows.map((r) => r.id);
}

/** A run's first recorded `session` event from its CLI, or null. */
export function firstSessionEvent(db: Db, runId: string): RunStreamEvent | null {
  const row = db.prepare(`SELECT payload FROM run_events WHERE run_id = ? AND payload LIKE '%"type":"session"%' ORDER BY seq LIMIT 1`).get(runId) as { payload: string } | undefined;
  return row ? (JSON.parse(row.payload) as RunStreamEvent) : null;
}

export function listRuns(db: Db, filter: { repo?: string; threadId?: string; limit: number }): RunSummary[] {
  const where: string[] = [];
  const args: unknown[] = [];
  if (filter.repo) {
    where.push('r.repo = ?');
    args.push(filter.repo);
  }
  if (filter.threadId) {
    where.push('r.thread_id = ?');
    args.push(filter.threadId);
  }
  const sql = `${SELECT} ${where.length ? `WHERE ${where.join(' AND ')}` : ''} ORDER BY r.created_at DESC, r.rowid DESC LIMIT ?`;
  return (db.prepare(sql).all(...args, filter.limit) as RunRow[]).map(toSummary);
}

/** True while a process with this id runs (another Loupe, or the CLI, may own a run). */
export function processAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * Runs still marked running whose owning process is gone were cut off by a
 * crash or a kill: they become `interrupted`. Runs owned by a live process
 * (the app and the CLI share the database) are left alone.
 */
export function markInterrupted(db: Db, now: Date, isActiveHere: (id: string) => boolean): { id: string; keepStaged: boolean }[] {
  const rows = db.prepare(`SELECT id, owner_pid, input_json FROM runs WHERE status = 'running'`).all() as { id: string; owner_pid: number | null; input_json: string }[];
  const marked: { id: string; keepStaged: boolean }[] = [];
  for (const r of rows) {
    const here = r.owner_pid === process.pid && isActiveHere(r.id);
    if (here || (r.owner_pid !== null && r.owner_pid !== process.pid && processAlive(r.owner_pid))) continue;
    setRunStatus(db, r.id, 'interrupted', now);
    let keepStaged = false;
    try {
      keepStaged = (JSON.parse(r.input_json) as { settings?: { keepStaged?: boolean } }).settings?.keepStaged === true;
    } catch {
      // An unreadable input keeps nothing it did not ask for.
    }
    marked.push({ id: r.id, keepStaged });
  }
  return marked;
}

/** How much of a run's stream is kept for the run view. */
export const RUN_EVENTS_KEPT = { events: 5_000, bytes: 4 * 1024 * 1024 } as const;

/** Records a run's events, and removes older agent output that newer output replaced (never status, steps or the end). */
export function appendRunEvents(db: Db, runId: string, records: readonly RunEventRecord[], drop: readonly number[] = []): void {
  if (records.length === 0 && drop.length === 0) return;
  const insert = db.prepare('INSERT OR IGNORE INTO run_events (run_id, seq, payload) VALUES (?, ?, ?)');
  const remove = db.prepare(`DELETE FROM run_events WHERE run_id = ? AND seq = ? AND payload LIKE '{"type":"agent"%'`);
  writeTransaction(db, () => {
    for (const seq of drop) remove.run(runId, seq);
    for (const r of records) insert.run(runId, r.seq, JSON.stringify(r.event));
  });
}

export function readRunEvents(db: Db, runId: string): RunEventRecord[] {
  const rows = db.prepare('SELECT seq, payload FROM run_events WHERE run_id = ? ORDER BY seq').all(runId) as { seq: number; payload: string }[];
  return rows.map((r) => ({ seq: r.seq, event: JSON.parse(r.payload) as RunStreamEvent }));
}
