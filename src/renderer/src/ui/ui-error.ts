import type { ErrorCode } from '../../../shared/errors';
import { BridgeError } from '../bridge';

/** An error as the UI shows it: a plain title, the service's message, the stable code. */
export interface UiError {
  code: ErrorCode;
  title: string;
  message: string;
}

const TITLES: Partial<Record<ErrorCode, string>> = {
  'invalid-input': 'That input isn’t valid',
  'not-found': 'Nothing is there',
  'not-a-directory': 'That is a file, not a folder',
  'not-a-repo': 'That folder is not a git repository',
  'bad-ref': 'That commit or branch doesn’t exist',
  'too-many-selections': 'Too many selections',
  'budget-exceeded': 'Over the context budget',
  conflict: 'That contradicts what is stored here',
  'protected-segment': 'That segment is protected',
  unsupported: 'Not available here',
  unauthorized: 'This page has lost its access token',
  forbidden: 'Request refused',
  'unknown-method': 'This build doesn’t support that',
  internal: 'Something went wrong',
};

/**
 * Where the renderer words the message itself: the host's text is written for
 * API clients, this one for a person looking at the page (names both ways of
 * starting Loupe, and no Markdown backticks that a page would show literally).
 */
const MESSAGES: Partial<Record<ErrorCode, string>> = {
  unauthorized:
    'Open the address that npm start or loupe serve printed in the terminal: it carries this launch’s access token. ' +
    'If Loupe was restarted, the address has changed.',
};

/** Turns anything thrown by a bridge call into something a person can read. */
export function toUiError(error: unknown): UiError {
  if (error instanceof BridgeError) {
    return { code: error.code, title: TITLES[error.code] ?? 'Something went wrong', message: MESSAGES[error.code] ?? error.message };
  }
  const message = error instanceof Error ? error.message : String(error);
  return { code: 'internal', title: TITLES.internal!, message };
}
