import { realpathSync } from 'node:fs';
import { resolve } from 'node:path';
import type { ImportedSession } from '../../../shared/contract/sessions';
import type { Directive, DirectiveApplied, DirectiveKind } from '../../../shared/contract/xray';
import type { EvictionTiming } from '../../../shared/cost/eviction-timing';
import type { Db } from '../store/store';

/**
 * Which session a directive is for: the transcript's real path (a symlink or a
 * relative path names the same file) and the session id it records ('' when
 * it records none), so a file replaced by another session starts clean.
 */
export interface SessionKey {
  file: string;
  sessionId: string;
}

/**
 * Whose directives: a Loupe thread's (enforced when Loupe assembles its next
 * prompt), an imported session's (intent) or a wire session's.
 */
export type DirectiveOwner = { threadId: string } | { session: SessionKey } | { wireSession: string };

/** The key of a session read from disk. */
export function sessionKey(session: ImportedSession): SessionKey {
  const path = resolve(session.files[0]!.path);
  let file = path;
  try {
    file = realpathSync(path);
  } catch {
    // Gone since it was read: its directives stay under the path it had.
  }
  return { file, sessionId: session.sessionId ?? '' };
}

interface DirectiveRow {
  segment_id: string;
  kind: DirectiveKind;
  summary: string | null;
  author: Directive['author'];
  created_at: string;
  timing: EvictionTiming;
  applied_json: string | null;
}

/** A stored applied record, or undefined when it is not one (a directive that is not applied yet). */
function appliedOf(json: string | null): DirectiveApplied | undefined {
  if (json === null) return undefined;
  try {
    const a = JSON.parse(json) as Partial<DirectiveApplied> | null;
    return typeof a?.seq === 'number' && typeof a.at === 'string' ? (a as DirectiveApplied) : undefined;
  } catch {
    return undefined;
  }
}

const toDirective = (r: DirectiveRow): Directive => {
  const applied = appliedOf(r.applied_json);
  return {
    segmentId: r.segment_id,
    kind: r.kind,
    ...(r.summary !== null ? { summary: r.summary } : {}),
    author: r.author,
    createdAt: r.created_at,
    timing: r.timing,
    ...(applied ? { applied } : {}),
  };
};

/**
 * Where an owner's directives are kept: a thread's in `xray_directives`, an
 * imported session's in `session_directives`, a wire session's in
 * `wire_directives` (three tables, one shape, this one module).
 */
function place(owner: DirectiveOwner): { table: string; where: string; key: string[] } {
  if ('wireSession' in owner) return { table: 'wire_directives', where: 'wire_session = ?', key: [owner.wireSession] };
  return 'threadId' in owner
    ? { table: 'xray_directives', where: 'thread_id = ?', key: [owner.threadId] }
    : { table: 'session_directives', where: 'file = ? AND session_id = ?', key: [owner.session.file, owner.session.sessionId] };
}

/** An owner's directives, oldest first. */
export function listDirectives(db: Db, owner: DirectiveOwner): Directive[] {
  const { table, where, key } = place(owner);
  const rows = db.prepare<string[], DirectiveRow>(`SELECT segment_id, kind, summary, author, created_at, timing, applied_json FROM ${table} WHERE ${where} ORDER BY created_at, rowid`).all(...key);
  return rows.map(toDirective);
}

/**
 * Sets a segment's directive, replacing the one it had (a segment is pinned, evicted or summarized,
 * never two at once). An eviction already applied on the wire stays applied when it becomes a summary
 * or is asked again (sending the segment again would break the cache a second time); a pin ends it.
 */
export function putDirective(db: Db, owner: DirectiveOwner, d: Directive): void {
  const { table, key } = place(owner);
  const keyColumns = 'wireSession' in owner ? ['wire_session'] : 'threadId' in owner ? ['thread_id'] : ['file', 'session_id'];
  const columns = [...keyColumns, 'segment_id', 'kind', 'summary', 'author', 'created_at', 'timing'];
  db.prepare(
    `INSERT INTO ${table} (${columns.join(', ')}) VALUES (${columns.map(() => '?').join(', ')})
     ON CONFLICT (${[...keyColumns, 'segment_id'].join(', ')}) DO UPDATE SET kind = excluded.kind, summary = excluded.summary, author = excluded.author,
       created_at = excluded.created_at, timing = excluded.timing, applied_json = CASE WHEN excluded.kind = 'pin' THEN NULL ELSE applied_json END`,
  ).run(...key, d.segmentId, d.kind, d.summary ?? null, d.author, d.createdAt, d.timing ?? 'now');
}

/** Records the request that first withheld these segments on the wire (a directive already applied keeps its first record). */
export function markApplied(db: Db, owner: DirectiveOwner, segmentIds: readonly string[], applied: DirectiveApplied): void {
  const { table, where, key } = place(owner);
  const update = db.prepare(`UPDATE ${table} SET applied_json = ? WHERE ${where} AND segment_id = ? AND kind != 'pin' AND applied_json IS NULL`);
  const json = JSON.stringify(applied);
  db.transaction(() => {
    for (const id of segmentIds) update.run(json, ...key, id);
  })();
}

/** Removes a segment's directive; true when it had one. */
export function deleteDirective(db: Db, owner: DirectiveOwner, segmentId: string): boolean {
  const { table, where, key } = place(owner);
  return db.prepare(`DELETE FROM ${table} WHERE ${where} AND segment_id = ?`).run(...key, segmentId).changes > 0;
}

/** Records that the session was continued as a Loupe thread. */
export function recordContinuation(db: Db, key: SessionKey, threadId: string, at: Date): void {
  db.prepare('INSERT OR IGNORE INTO session_continuations (file, session_id, thread_id, created_at) VALUES (?, ?, ?, ?)').run(key.file, key.sessionId, threadId, at.toISOString());
}

/** The Loupe threads the session was continued as, oldest first. */
export function listContinuations(db: Db, key: SessionKey): string[] {
  const rows = db.prepare<[string, string], { thread_id: string }>('SELECT thread_id FROM session_continuations WHERE file = ? AND session_id = ? ORDER BY created_at, rowid').all(key.file, key.sessionId);
  return rows.map((r) => r.thread_id);
}

/** Forgets a thread's directives and the continuation that made it (the thread is being removed). */
export function forgetThreadDirectives(db: Db, threadId: string): void {
  db.prepare('DELETE FROM xray_directives WHERE thread_id = ?').run(threadId);
  db.prepare('DELETE FROM session_continuations WHERE thread_id = ?').run(threadId);
}
