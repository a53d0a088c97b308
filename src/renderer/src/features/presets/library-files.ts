// Library files chosen or dropped in the app: checked for size before they are
// read, recognised by their "kind", and imported through presets.import.
import { LIBRARY_KIND, LIBRARY_LIMITS, tooLargeMessage } from '../../../../shared/contract/preset-limits';
import { usePresets } from './store';

/** True for a file that may be JSON by its name or type. */
export const isJsonFile = (f: File): boolean => /\.json$/i.test(f.name) || f.type === 'application/json';

/** True when a text says it is a Loupe preset library (import checks the rest). */
export function looksLikeLibrary(text: string): boolean {
  return new RegExp(`"kind"\\s*:\\s*"${LIBRARY_KIND}"`).test(text.slice(0, 65_536));
}

/**
 * Imports each file (in order). With `strict`, a file that doesn't say it is a
 * library is skipped silently and false is returned for it (a drop outside the
 * Presets view); otherwise every file goes to the import, which names what is wrong.
 * Resolves true when at least one file was sent to the import or refused.
 */
export async function importFiles(files: File[], strict: boolean): Promise<boolean> {
  const store = usePresets.getState();
  let handled = false;
  for (const file of files) {
    if (strict && !isJsonFile(file)) continue;
    if (file.size > LIBRARY_LIMITS.maxBytes) {
      if (strict) continue;
      store.refuse(file.name, [{ path: '', pointer: '', message: tooLargeMessage(file.size) }]);
      handled = true;
      continue;
    }
    const text = await file.text();
    if (strict && !looksLikeLibrary(text)) continue;
    await store.importText(text, file.name);
    handled = true;
  }
  return handled;
}
