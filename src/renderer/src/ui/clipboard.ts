/**
 * Copies text to the clipboard. Uses the async Clipboard API where the page
 * may (Electron, or the browser host on 127.0.0.1), else a hidden textarea.
 */
export async function copyText(text: string): Promise<boolean> {
  try {
    // Absent where the page is not a secure context (an http address other than localhost).
    const clipboard = navigator.clipboard as Clipboard | undefined;
    if (clipboard) {
      await clipboard.writeText(text);
      return true;
    }
  } catch {
    // Permission denied or not focused: fall through to the textarea way.
  }
  const area = document.createElement('textarea');
  area.value = text;
  area.setAttribute('readonly', '');
  area.style.position = 'fixed';
  area.style.opacity = '0';
  document.body.appendChild(area);
  area.select();
  let ok = false;
  try {
    ok = document.execCommand('copy');
  } catch {
    ok = false;
  }
  area.remove();
  return ok;
}
