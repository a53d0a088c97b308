/**
 * Taking a document out of Loupe, the same way from every feature: the
 * desktop app asks where to save it (app.saveFile, a native dialog); the
 * browser host has no dialog, answers `unsupported`, and the page downloads
 * the file instead (a Blob download: the browser saves it to Downloads).
 */
import { bridge, BridgeError } from '../bridge';

/** How a document left the app: through the save dialog, as a download, or not at all (dialog cancelled). */
export type SaveOutcome = { via: 'dialog'; path: string } | { via: 'download' } | { via: 'cancelled' };

/**
 * Past this size the browser host is not asked first (its answer would be
 * `unsupported` anyway, after uploading the whole document): the page downloads it directly.
 */
const ASK_BROWSER_HOST_MAX_CHARS = 1024 * 1024;

/** Saves `content` as `fileName`: the save dialog where the host has one, else a download. */
export async function saveTextFile(fileName: string, content: string, mime: string): Promise<SaveOutcome> {
  if (bridge.host === 'electron' || content.length <= ASK_BROWSER_HOST_MAX_CHARS) {
    try {
      const saved = await bridge.call('app.saveFile', { suggestedName: fileName, content });
      return saved.saved && saved.path ? { via: 'dialog', path: saved.path } : { via: 'cancelled' };
    } catch (err) {
      if (!(err instanceof BridgeError && err.code === 'unsupported')) throw err;
    }
  }
  downloadText(fileName, content, mime);
  return { via: 'download' };
}

/** Downloads `content` as a file through a Blob URL (the browser decides where it goes). */
export function downloadText(fileName: string, content: string, mime: string): void {
  const blob = new Blob([content], { type: mime });
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = fileName;
  a.rel = 'noopener';
  document.body.appendChild(a);
  a.click();
  a.remove();
  // Revoke after the click has been handled (the download holds its own reference).
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
