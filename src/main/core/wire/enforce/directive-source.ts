/**
 * Whose directives a wire session enforces: a run's session follows its
 * thread's (the same X-Ray list, across every resumed CLI session of the
 * thread); a wrapped session its own. Read on every request, so an eviction
 * or a restore applies to the very next one.
 */
import type { Directive } from '../../../../shared/contract/xray';
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

/** The directives in force for a wire session, read now. */
export function wireDirectives(db: () => Db, sessionId: string, runId: string | null): () => Directive[] {
  let owner: DirectiveOwner | null = null;
  return () => {
    owner ??= wireDirectiveOwner(db(), sessionId, runId);
    return listDirectives(db(), owner);
  };
}
