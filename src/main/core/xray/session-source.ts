import type { XrayTarget } from '../../../shared/contract/xray-methods';
import { LoupeError } from '../../../shared/errors';
import type { CoreDeps } from '../deps';
import { assertSessionDirective } from '../sessions/session-directives';
import type { SessionStore } from '../sessions/session-store';
import { readSession, sessionManifest } from '../sessions/session-xray';
import { sessionKey } from '../threads/directive-store';
import type { XraySourceKind } from './source';

/**
 * Imported CLI sessions (Claude Code, Codex, Gemini transcripts) as an X-Ray
 * source: the same directive rules as a thread, kept apart under the
 * transcript's real path and session id; advisory until the session is
 * continued as a Loupe thread. The transcript is only read. The database is
 * opened on the first call that needs it (`deps.db` is read then, not here).
 */
export function sessionSources(deps: Pick<CoreDeps, 'db'>, store: SessionStore): XraySourceKind {
  return {
    serves: (target: XrayTarget) => 'sessionFile' in target,
    async open(target, signal) {
      if (!('sessionFile' in target)) throw new LoupeError('invalid-input', 'Not a session transcript.');
      const file = target.sessionFile;
      const session = await readSession(store, file, signal);
      const manifest = async (s: AbortSignal) => sessionManifest(deps.db, store, await readSession(store, file, s), s);
      return {
        owner: { session: sessionKey(session) },
        manifest,
        async checkDirective(segmentId, kind) {
          assertSessionDirective(session, segmentId, kind);
        },
        async requireSegment(segmentId) {
          if (!session.entries.some((e) => e.id === segmentId)) throw new LoupeError('not-found', `${file} has no segment ${segmentId}.`, { segmentId });
        },
        // Nobody follows a session's manifest: its file is watched instead.
        changed: (_reason, s) => manifest(s),
      };
    },
  };
}
