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

interface Row {
  segment_id: string;
  kind: DirectiveKind;
  summary: string | null;
  author: 'user' | 'agent';
  created_at: string;
}

/** A session's directives, oldest first. */
export function listSessionDirectives(db: Db, key: SessionKey): Directive[] {
  const rows = db
    .prepare('SELECT segment_id, kind, summary, author, created_at FROM session_directives WHERE file = ? AND session_id = ? ORDER BY created_at, rowid')
    .all(key.file, key.sessionId) as Row[];
  return rows.map((r) => ({ segmentId: r.segment_id, kind: r.kind, ...(r.summary !== null ? { summary: r.summary } : {}), author: r.author, createdAt: r.created_at }));
}

/** Sets a segment's directive, replacing the one it had (one directive per segment, as for threads). */
export function putSessionDirective(db: Db, key: SessionKey, d: Directive): void {
  db.prepare(
    `INSERT INTO session_directives (file, session_id, segment_id, kind, summary, author, created_at) VALUES (?, ?, ?, ?, ?, ?, ?)
     ON CONFLICT (file, session_id, segment_id) DO UPDATE SET kind = excluded.kind, summary = excluded.summary, author = excluded.author, created_at = excluded.created_at`,
  ).run(key.file, key.sessionId, d.segmentId, d.kind, d.summary ?? null, d.author, d.createdAt);
}

/** Removes a segment's directive; true when it had one. */
export function deleteSessionDirective(db: Db, key: SessionKey, segmentId: string): boolean {
  return db.prepare('DELETE FROM session_directives WHERE file = ? AND session_id = ? AND segment_id = ?').run(key.file, key.sessionId, segmentId).changes > 0;
}

/** Records that the session was continued as a Loupe thread. */
export function recordContinuation(db: Db, key: SessionKey, threadId: string, at: Date): void {
  db.prepare('INSERT OR IGNORE INTO session_continuations (file, session_id, thread_id, created_at) VALUES (?, ?, ?, ?)').run(key.file, key.sessionId, threadId, at.toISOString());
}

/** The Loupe threads the session was continued as, oldest first. */
export function listContinuations(db: Db, key: SessionKey): string[] {
  const rows = db.prepare('SELECT thread_id FROM session_continuations WHERE file = ? AND session_id = ? ORDER BY created_at, rowid').all(key.file, key.sessionId) as { thread_id: string }[];
  return rows.map((r) => r.thread_id);
}
