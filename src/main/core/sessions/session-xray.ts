import { isAbsolute } from 'node:path';
import type { SessionManifest } from '../../../shared/contract/sessions';
import type { Directive, DirectiveKind } from '../../../shared/contract/xray';
import { LoupeError } from '../../../shared/errors';
import type { CoreDeps } from '../deps';
import { isCredentialPath } from '../secrets';
import { deleteSessionDirective, listContinuations, listSessionDirectives, putSessionDirective, sessionKey } from '../threads/directive-store';
import { assertSessionDirective, withSessionDirectives } from './session-directives';
import type { SessionStore } from './session-store';

/**
 * X-Ray on an imported session (what xray.* does for a `sessionFile`): its
 * manifest with its directives, and directives set, undone and listed.
 * Directives are stored apart, keyed by the transcript's real path and
 * session id; they stay intent until the session is continued as a thread.
 */
export interface SessionXray {
  manifest(file: string, signal?: AbortSignal): Promise<SessionManifest>;
  direct(file: string, segmentId: string, kind: DirectiveKind, author: Directive['author'], summary?: string): Promise<SessionManifest>;
  restore(file: string, segmentId: string): Promise<SessionManifest>;
  directives(file: string): Promise<Directive[]>;
}

/** Throws unless `file` is an absolute path Loupe may open (a credential file never is). */
export function checkTranscriptPath(file: string): void {
  if (!isAbsolute(file)) throw new LoupeError('invalid-input', `The transcript must be an absolute path (got "${file}").`);
  if (isCredentialPath(file)) throw new LoupeError('forbidden', `${file} is a credential file; Loupe does not open it.`);
}

export function sessionXray(deps: CoreDeps, store: SessionStore): SessionXray {
  const read = async (file: string, signal?: AbortSignal) => {
    checkTranscriptPath(file);
    return store.read(file, signal);
  };
  const manifest = async (file: string, signal?: AbortSignal): Promise<SessionManifest> => {
    const session = await read(file, signal);
    const key = sessionKey(session);
    return withSessionDirectives(await store.manifestOf(session, signal), session, listSessionDirectives(deps.db, key), listContinuations(deps.db, key));
  };
  return {
    manifest,
    async direct(file, segmentId, kind, author = 'user', summary) {
      const session = await read(file);
      assertSessionDirective(session, segmentId, kind);
      putSessionDirective(deps.db, sessionKey(session), { segmentId, kind, ...(summary !== undefined ? { summary } : {}), author, createdAt: deps.now().toISOString() });
      return manifest(file);
    },
    async restore(file, segmentId) {
      const session = await read(file);
      const had = deleteSessionDirective(deps.db, sessionKey(session), segmentId);
      if (!had && !session.entries.some((e) => e.id === segmentId)) throw new LoupeError('not-found', `${file} has no segment ${segmentId}.`, { segmentId });
      return manifest(file);
    },
    async directives(file) {
      return listSessionDirectives(deps.db, sessionKey(await read(file)));
    },
  };
}
