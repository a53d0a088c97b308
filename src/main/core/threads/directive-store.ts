import { realpathSync } from 'node:fs';
import { resolve } from 'node:path';
import type { ImportedSession } from '../../../shared/contract/sessions';
import type { Directive, DirectiveKind } from '../../../shared/contract/xray';
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
}

const toDirective = (r: DirectiveRow): Directive => ({
  segmentId: r.segment_id,
  kind: r.kind,
  ...(r.summary !== null ? { summary: r.summary } : {}),
  author: r.author,
  createdAt: r.created_at,
});

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
  const rows = db.prepare<string[], DirectiveRow>(`SELECT segment_id, kind, summary, author, created_at FROM ${table} WHERE ${where} ORDER BY created_at, rowid`).all(...key);
  return rows.map(toDirective);
}

/** Sets a segment's directive, replacing the one it had (a segment is pinned, evicted or summarized, never two at once). */
export function putDirective(db: Db, owner: DirectiveOwner, d: Directive): void {
  const { table, key } = place(owner);
  const keyColumns = 'wireSession' in owner ? ['wire_session'] : 'threadId' in owner ? ['thread_id'] : ['file', 'session_id'];
  const columns = [...keyColumns, 'segment_id', 'kind', 'summary', 'author', 'created_at'];
  db.prepare(
    `INSERT INTO ${table} (${columns.join(', ')}) VALUES (${columns.map(() => '?').join(', ')})
     ON CONFLICT (${[...keyColumns, 'segment_id'].join(', ')}) DO UPDATE SET kind = excluded.kind, summary = excluded.summary, author = excluded.author, created_at = excluded.created_at`,
  ).run(...key, d.segmentId, d.kind, d.summary ?? null, d.author, d.createdAt);
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
