import type { AgentId, RunEventRecord, RunInput, RunStatus, RunStreamEvent, RunSummary } from '../../../../shared/contract/runs';
import { fromJson, toJson, type CountRow, type Json } from '../../store/rows';
import type { Db } from '../../store/store';
import { writeTransaction } from '../../store/write';
import { stepCounts } from './evidence';

interface RunRow {
  id: string;
  thread_id: string;
  repo: string;
  agent: AgentId;
  model: string | null;
  ask_preview: string;
  input_json: Json<RunInput>;
  status: RunStatus;
  created_at: string;
  ended_at: string | null;
  staged_dir: string | null;
  owner_pid: number | null;
}

/** Runs as their summaries, with how many steps each has recorded (read from the evidence store). */
function toSummaries(db: Db, rows: readonly RunRow[]): RunSummary[] {
  const steps = stepCounts(
    db,
    rows.map((r) => r.id),
  );
  return rows.map((r) => ({
    id: r.id,
    threadId: r.thread_id,
    repo: r.repo,
    agent: r.agent,
    model: r.model,
    askPreview: r.ask_preview,
    status: r.status,
    createdAt: r.created_at,
    endedAt: r.ended_at,
    stepCount: steps.get(r.id) ?? 0,
    stagedDir: r.staged_dir,
  }));
}

const SELECT = `SELECT r.* FROM runs r`;

export interface NewRun {
  id: string;
  threadId: string;
  repo: string;
  agent: AgentId;
  model: string | null;
  ask: string;
  /** The request as validated: what a retry measures again. */
  input: RunInput;
  now: Date;
}

/** The first 200 characters of the ask, on one line: the run's title in lists. */
export function askPreview(ask: string): string {
  const flat = ask.replace(/\s+/g, ' ').trim();
  const chars = [...flat];
  return chars.length > 200 ? `${chars.slice(0, 199).join('')}…` : flat;
}

export function insertRun(db: Db, run: NewRun): void {
  db.prepare<[string, string, string, AgentId, string | null, string, Json<RunInput>, string, number]>(
    `INSERT INTO runs (id, thread_id, repo, agent, model, ask_preview, input_json, status, created_at, ended_at, staged_dir, owner_pid)
     VALUES (?, ?, ?, ?, ?, ?, ?, 'running', ?, NULL, NULL, ?)`,
  ).run(run.id, run.threadId, run.repo, run.agent, run.model, askPreview(run.ask), toJson(run.input), run.now.toISOString(), process.pid);
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
  const row = db.prepare<[string], RunRow>(`${SELECT} WHERE r.id = ?`).get(id);
  return row ? toSummaries(db, [row])[0]! : null;
}

/** The validated request a run was started with (for retries). */
export function getRunInput(db: Db, id: string): RunInput | null {
  const row = db.prepare<[string], Pick<RunRow, 'input_json'>>('SELECT input_json FROM runs WHERE id = ?').get(id);
  return row ? fromJson(row.input_json) : null;
}

/** Replaces what a run is started with (a retry with other settings). */
export function setRunInput(db: Db, id: string, input: RunInput): void {
  db.prepare<[Json<RunInput>, string]>('UPDATE runs SET input_json = ? WHERE id = ?').run(toJson(input), id);
}

/** What the thread's latest run was started with, or null when it has none. */
export function latestRunInput(db: Db, threadId: string): RunInput | null {
  const row = db.prepare<[string], Pick<RunRow, 'input_json'>>('SELECT input_json FROM runs WHERE thread_id = ? ORDER BY created_at DESC, rowid DESC LIMIT 1').get(threadId);
  return row ? fromJson(row.input_json) : null;
}

/** The thread's run in progress: marked running by a process that is still alive. */
export function activeRunOf(db: Db, threadId: string): string | null {
  const row = db
    .prepare<[string], Pick<RunRow, 'id' | 'owner_pid'>>(`SELECT id, owner_pid FROM runs WHERE thread_id = ? AND status = 'running' ORDER BY created_at DESC, rowid DESC LIMIT 1`)
    .get(threadId);
  if (!row || row.owner_pid === null) return null;
  return row.owner_pid === process.pid || processAlive(row.owner_pid) ? row.id : null;
}

/** The latest runs of `agent` (in `repo` when given), newest first. */
export function recentRunIds(db: Db, agent: string, repo: string | undefined, limit: number): string[] {
  const rows = db
    .prepare<unknown[], Pick<RunRow, 'id'>>(`SELECT id FROM runs WHERE agent = ? ${repo ? 'AND repo = ?' : ''} ORDER BY created_at DESC LIMIT ?`)
    .all(...(repo ? [agent, repo, limit] : [agent, limit]));
  return rows.map((r) => r.id);
}

/** A run's first recorded `session` event from its CLI, or null. */
export function firstSessionEvent(db: Db, runId: string): RunStreamEvent | null {
  const row = db.prepare<[string], Pick<EventRow, 'payload'>>(`SELECT payload FROM run_events WHERE run_id = ? AND payload LIKE '%"type":"session"%' ORDER BY seq LIMIT 1`).get(runId);
  return row ? fromJson(row.payload) : null;
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
  return toSummaries(db, db.prepare<unknown[], RunRow>(sql).all(...args, filter.limit));
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
  const rows = db.prepare<[], Pick<RunRow, 'id' | 'owner_pid' | 'input_json'>>(`SELECT id, owner_pid, input_json FROM runs WHERE status = 'running'`).all();
  const marked: { id: string; keepStaged: boolean }[] = [];
  for (const r of rows) {
    const here = r.owner_pid === process.pid && isActiveHere(r.id);
    if (here || (r.owner_pid !== null && r.owner_pid !== process.pid && processAlive(r.owner_pid))) continue;
    setRunStatus(db, r.id, 'interrupted', now);
    let keepStaged = false;
    try {
      // Read as stored, not as validated: an input kept by an older Loupe may lack settings.
      const stored: Partial<RunInput> = fromJson(r.input_json);
      keepStaged = stored.settings?.keepStaged === true;
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
  const insert = db.prepare<[string, number, Json<RunStreamEvent>]>('INSERT OR IGNORE INTO run_events (run_id, seq, payload) VALUES (?, ?, ?)');
  const remove = db.prepare<[string, number]>(`DELETE FROM run_events WHERE run_id = ? AND seq = ? AND payload LIKE '{"type":"agent"%'`);
  writeTransaction(db, () => {
    for (const seq of drop) remove.run(runId, seq);
    for (const r of records) insert.run(runId, r.seq, toJson(r.event));
  });
}

interface EventRow {
  seq: number;
  payload: Json<RunStreamEvent>;
}

export function readRunEvents(db: Db, runId: string): RunEventRecord[] {
  const rows = db.prepare<[string], EventRow>('SELECT seq, payload FROM run_events WHERE run_id = ? ORDER BY seq').all(runId);
  return rows.map((r) => ({ seq: r.seq, event: fromJson(r.payload) }));
}

/** How many runs each of these threads has (a thread with none is absent). */
export function runCounts(db: Db, threadIds: readonly string[]): Map<string, number> {
  const rows = db
    .prepare<[Json<readonly string[]>], CountRow & { thread_id: string }>(
      'SELECT thread_id, COUNT(*) AS n FROM runs WHERE thread_id IN (SELECT value FROM json_each(?)) GROUP BY thread_id',
    )
    .all(toJson(threadIds));
  return new Map(rows.map((r) => [r.thread_id, r.n]));
}
