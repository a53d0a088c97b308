import { isAbsolute } from 'node:path';
import type { ImportedSession, SessionManifest } from '../../../shared/contract/sessions';
import { LoupeError } from '../../../shared/errors';
import type { Db } from '../store/store';
import { isCredentialPath } from '../secrets';
import { listContinuations, listDirectives, sessionKey } from '../threads/directive-store';
import { withSessionDirectives } from './session-directives';
import type { SessionStore } from './session-store';

/** Throws unless `file` is an absolute path Loupe may open (a credential file never is). */
export function checkTranscriptPath(file: string): void {
  if (!isAbsolute(file)) throw new LoupeError('invalid-input', `The transcript must be an absolute path (got "${file}").`);
  if (isCredentialPath(file)) throw new LoupeError('forbidden', `${file} is a credential file; Loupe does not open it.`);
}

/** The session in a transcript file Loupe may open, read again only when the file changed. */
export async function readSession(store: SessionStore, file: string, signal?: AbortSignal): Promise<ImportedSession> {
  checkTranscriptPath(file);
  return store.read(file, signal);
}

/**
 * An imported session's manifest with its directives shown. Directives are
 * kept apart, keyed by the transcript's real path and session id; they stay
 * intent until the session is continued as a thread.
 */
export async function sessionManifest(db: Db, store: SessionStore, session: ImportedSession, signal?: AbortSignal): Promise<SessionManifest> {
  const key = sessionKey(session);
  return withSessionDirectives(await store.manifestOf(session, signal), session, listDirectives(db, { session: key }), listContinuations(db, key));
}
