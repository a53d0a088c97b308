/**
 * Whose directives a wire session enforces: a run's session follows its
 * thread's (the same X-Ray list, across every resumed CLI session of the
 * thread); a wrapped session its own. Read on every request, so an eviction
 * or a restore applies to the very next one.
 */
import type { DirectiveSource } from './evictions';
import type { Db } from '../../store/store';
import { listDirectives, type DirectiveOwner } from '../../threads/directive-store';

/** The owner of a wire session's directives: its run's thread, or the session itself. */
export function wireDirectiveOwner(db: Db, sessionId: string, runId: string | null): DirectiveOwner {
  if (runId) {
    const row = db.prepare('SELECT thread_id FROM runs WHERE id = ?').get(runId) as { thread_id: string } | undefined;
    if (row) return { threadId: row.thread_id };
  }
  return { wireSession: sessionId };
}

/** The wire sessions whose requests an owner's directives were set on. */
function ownerSessions(db: Db, owner: DirectiveOwner, sessionId: string): string[] {
  if (!('threadId' in owner)) return [sessionId];
  const rows = db.prepare('SELECT w.id FROM wire_sessions w JOIN runs r ON r.id = w.run_id WHERE r.thread_id = ? ORDER BY w.created_at DESC LIMIT 50').all(owner.threadId) as { id: string }[];
  return [sessionId, ...rows.map((r) => r.id)];
}

/** The directives in force for a wire session, read now, and the recorded sizes of the segments they name. */
export function wireDirectives(db: () => Db, sessionId: string, runId: string | null): DirectiveSource {
  let owner: DirectiveOwner | null = null;
  const ownerOf = () => (owner ??= wireDirectiveOwner(db(), sessionId, runId));
  return {
    directives: () => listDirectives(db(), ownerOf()),
    bytesOf(ids) {
      const sessions = ownerSessions(db(), ownerOf(), sessionId);
      const found = new Map<string, number>();
      const look = db().prepare(
        `SELECT json_extract(s.value, '$.bytes') AS bytes FROM wire_requests r, json_each(r.record_json, '$.segments') s
          WHERE r.session_id = ? AND json_extract(s.value, '$.id') = ? ORDER BY r.seq DESC LIMIT 1`,
      );
      for (const id of ids) {
        for (const session of sessions) {
          const row = look.get(session, id) as { bytes: number } | undefined;
          if (row) {
            found.set(id, row.bytes);
            break;
          }
        }
      }
      return found;
    },
  };
}
