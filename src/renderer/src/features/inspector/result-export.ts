/**
 * Taking an inspection along: the file list as text for the clipboard, and
 * the whole result as a JSON file (the same document `loupe inspect --json`
 * prints). A Blob download works in both hosts: the browser saves it, and
 * Electron asks where (its default for downloads).
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

/** Saves `data` as pretty-printed JSON through a download of a Blob. */
export function downloadJson(fileName: string, data: unknown): void {
  const blob = new Blob([`${JSON.stringify(data, null, 2)}\n`], { type: 'application/json' });
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
