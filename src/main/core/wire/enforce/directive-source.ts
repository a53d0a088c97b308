/**
 * Whose directives a wire session enforces: a run's session follows its
 * thread's (the same X-Ray list, across every resumed CLI session of the
 * thread; wire_sessions records the thread); a wrapped session its own. Read
 * on every request, so an eviction or a restore applies to the very next one.
 */
import type { Db } from '../../store/store';
import { listDirectives, markApplied, type DirectiveOwner } from '../../threads/directive-store';
import { latestMainRequestWith, latestMainSegmentIds, recordedBefore, sessionThread, threadWireSessions } from '../store';
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
  // This session's own, else (its first request) the latest of the thread's earlier sessions: a resumed
  // CLI session starts a new wire session, and a compaction on resume drops segments across the two.
  const sessions = () => {
    const o = ownerOf();
    return 'threadId' in o ? [sessionId, ...threadWireSessions(db(), o.threadId).filter((id) => id !== sessionId)] : [sessionId];
  };
  const firstOf = <T>(read: (session: string) => T | null): T | null => {
    for (const session of sessions()) {
      const found = read(session);
      if (found) return found;
    }
    return null;
  };
  /**
   * The records before request `seq` are written when their responses end, and analysed (their
   * parts) by then or soon after (session.ts hurries them while a request is enforced): waits for
   * them (a few seconds at most).
   */
  const analysedBefore = async (seq: number) => {
    const until = Date.now() + SETTLE_MS;
    while (recordedBefore(db(), sessionId, seq, true) < seq - 1 && Date.now() < until) await new Promise((r) => setTimeout(r, 10));
  };
  return {
    directives: () => listDirectives(db(), ownerOf()),
    async previousMainIds(seq) {
      await analysedBefore(seq);
      return firstOf((session) => latestMainSegmentIds(db(), session));
    },
    async latestMain(seq, segmentIds) {
      await analysedBefore(seq);
      return firstOf((session) => latestMainRequestWith(db(), session, segmentIds));
    },
    markApplied: (ids, applied) => markApplied(db(), ownerOf(), ids, applied),
  };
}

/** How long a request waits for the records of the requests before it. */
const SETTLE_MS = 3000;
