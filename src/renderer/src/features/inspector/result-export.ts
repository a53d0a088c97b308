/**
 * Taking an inspection along: the file list as text for the clipboard, and
 * the whole result as a JSON file (the same document `loupe inspect --json`
 * prints), saved through ui/save-file (a save dialog in Electron, a download
 * in the browser host).
 */
import type { InspectResult } from '../../../../shared/contract/context';

/** One path per line: the files a run would receive, then what was left out, marked. */
export function fileListText(result: InspectResult): string {
  const lines = result.files.map((f) => f.path);
  if (result.omissions.length) {
    lines.push('', `# Left out (${result.omissions.length}):`, ...result.omissions.map((o) => `# ${o.path} (${o.reason})`));
  }
  return `${lines.join('\n')}\n`;
}

/** `loupe-<repo folder>-<short commit>.json`, safe as a file name everywhere. */
export function exportFileName(result: InspectResult): string {
  const folder = result.repo.split(/[\\/]/).filter(Boolean).pop() ?? 'repo';
  const safe = folder.replace(/[^A-Za-z0-9._-]+/g, '-').replace(/^-+|-+$/g, '') || 'repo';
  return `loupe-${safe}-${result.baseCommit.slice(0, 10)}.json`;
}

/** The whole inspection as the JSON document `loupe inspect --json` prints. */
export function resultJson(result: InspectResult): string {
  return `${JSON.stringify(result, null, 2)}\n`;
}
