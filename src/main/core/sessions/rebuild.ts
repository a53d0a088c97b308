import type { ImportedSession } from '../../../shared/contract/sessions';
import type { TranscriptItem } from '../../../shared/contract/transcript';
import { LoupeError } from '../../../shared/errors';
import { parseSessionFile } from './parse';

/**
 * The full content of some entries of an imported session, for
 * prune-and-continue: the transcript is read again (never modified) keeping
 * the bodies of just those entries, and each must still have the id it had
 * (the file may have grown since; entries already read keep their place).
 * Unknown entries have no transcript item and are left out.
 */
export async function loadEntryItems(session: ImportedSession, indexes: readonly number[], signal?: AbortSignal): Promise<Map<number, TranscriptItem>> {
  const wanted = new Set(indexes);
  const path = session.files[0]!.path;
  const { session: again, bodies } = await parseSessionFile(path, { signal, keepBodies: (i) => wanted.has(i) });
  for (const i of wanted) {
    const before = session.entries[i];
    const now = again.entries[i];
    if (!before || !now || before.id !== now.id) {
      throw new LoupeError('invalid-input', `${path} changed since it was read (entry ${i} is not what it was); read it again before continuing.`, { reason: 'session-changed', index: i });
    }
  }
  return bodies;
}
