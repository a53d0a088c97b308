/**
 * Whose directives a wire session enforces: a run's session follows its
 * thread's (the same X-Ray list, across every resumed CLI session of the
 * thread; wire_sessions records the thread); a wrapped session its own. Read
 * on every request, so an eviction or a restore applies to the very next one.
 */
import type { Db } from '../../store/store';
import { listDirectives, type DirectiveOwner } from '../../threads/directive-store';
import { latestMainSegmentIds, sessionThread, threadWireSessions } from '../store';
import type { DirectiveSource } from './evictions';

/** The owner of a wire session's directives: its run's thread, or the session itself. */
export function wireDirectiveOwner(db: Db, sessionId: string): DirectiveOwner {
  const threadId = sessionThread(db, sessionId);
  return threadId ? { threadId } : { wireSession: sessionId };
}

/** The directives in force for a wire session, read now, and the segments its previous main request carried. */
export function wireDirectives(db: () => Db, sessionId: string): DirectiveSource {
  let owner: DirectiveOwner | null = null;
  const ownerOf = () => (owner ??= wireDirectiveOwner(db(), sessionId));
  return {
    directives: () => listDirectives(db(), ownerOf()),
    previousMainIds() {
      // This session's own, else (its first request) the latest of the thread's earlier sessions: a resumed
      // CLI session starts a new wire session, and a compaction on resume drops segments across the two.
      const o = ownerOf();
      const sessions = 'threadId' in o ? [sessionId, ...threadWireSessions(db(), o.threadId).filter((id) => id !== sessionId)] : [sessionId];
      for (const session of sessions) {
        const ids = latestMainSegmentIds(db(), session);
        if (ids) return ids;
      }
      return null;
    },
  };
}
