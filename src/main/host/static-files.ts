import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import type { ServerResponse } from 'node:http';
import { extname, join, normalize, sep } from 'node:path';
import { sendJson } from './http-util';

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.ico': 'image/x-icon',
  '.woff2': 'font/woff2',
};

/** The same CSP the Electron window uses, plus `connect-src 'self'` for the API. */
export const CONTENT_SECURITY_POLICY =
  "default-src 'self'; script-src 'self'; style-src 'self' 'unsafe-inline'; img-src 'self' data:; connect-src 'self'; object-src 'none'; base-uri 'none'; frame-ancestors 'none'";

/**
 * Serves a file of the built renderer, never anything outside `root`; unknown
 * paths without an extension fall back to index.html (client-side views).
 */
export async function serveStatic(root: string, pathname: string, res: ServerResponse): Promise<void> {
  let rel: string;
  try {
    rel = normalize(decodeURIComponent(pathname)).replace(/^([/\\])+/, '');
  } catch {
    rel = '';
  }
  // Browsers and tools ask for /favicon.ico by habit: the app's icon is an SVG.
  if (rel === 'favicon.ico') rel = 'favicon.svg';
  let file = join(root, rel || 'index.html');
  if (!file.startsWith(root + sep) && file !== root) file = join(root, 'index.html');
  let info = await stat(file).catch(() => null);
  if (!info?.isFile()) {
    if (extname(rel)) {
      sendJson(res, 404, { ok: false, error: { code: 'not-found', message: 'No such file in the app.' } });
      return;
    }
    file = join(root, 'index.html');
    info = await stat(file).catch(() => null);
    if (!info?.isFile()) {
      sendJson(res, 503, { ok: false, error: { code: 'unsupported', message: 'The app is not built yet: run npm run build, then reload.' } });
      return;
    }
  }
  res.writeHead(200, {
    'content-type': TYPES[extname(file)] ?? 'application/octet-stream',
    'content-length': info.size,
    'content-security-policy': CONTENT_SECURITY_POLICY,
    'x-content-type-options': 'nosniff',
    'cache-control': file.endsWith('index.html') ? 'no-store' : 'public, max-age=3600',
  });
  createReadStream(file).pipe(res);
}
