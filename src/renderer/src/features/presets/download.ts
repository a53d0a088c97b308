/**
 * Saves text as a file through a download of a Blob: the browser saves it, and
 * Electron asks where (its default for downloads). A stand-in until the shared
 * ui/ save helper (native save dialog via app.saveFile in Electron) lands; then
 * the Presets view should call that instead.
 */
export function downloadText(fileName: string, content: string, mime: string): void {
  const url = URL.createObjectURL(new Blob([content], { type: mime }));
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
