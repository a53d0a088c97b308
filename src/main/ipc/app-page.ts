/**
 * Which URLs count as the app's own page, for the IPC sender check and the
 * navigation guard (Electron security checklist items 13 and 17). Pure, so it
 * is tested without Electron.
 */

function decoded(pathname: string): string {
  try {
    return decodeURIComponent(pathname);
  } catch {
    return pathname;
  }
}

/**
 * True when `url` shows the page at `appUrl`: for a file:// app, exactly that
 * file (any query or hash; percent-encoding differences ignored, so a path with
 * spaces, `%` or non-ASCII letters still matches however Chromium spells it);
 * for a dev server, the same origin. A sibling such as `index.html.evil`, a
 * prefix such as `http://localhost:51730` for `http://localhost:5173`, or
 * anything unparsable is not the app.
 */
export function isAppPage(url: string, appUrl: string): boolean {
  let actual: URL;
  let expected: URL;
  try {
    actual = new URL(url);
    expected = new URL(appUrl);
  } catch {
    return false;
  }
  if (actual.protocol !== expected.protocol || actual.host !== expected.host) return false;
  if (expected.protocol !== 'file:') return actual.origin === expected.origin;
  return decoded(actual.pathname) === decoded(expected.pathname);
}
