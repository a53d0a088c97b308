// Issue 23, item 7: an HTTP method a route does not take is the client's mistake, a
// 4xx: 405 with an Allow header naming what the route takes (never 501, never 5xx).
import { connect } from 'node:net';
import { afterAll, describe, expect, it } from 'vitest';
import { makeRuntime, removeTempDirs } from '../core/testing/fixtures';
import { startHost } from './server';

afterAll(removeTempDirs);

function rawRequest(port: number, text: string): Promise<string> {
  return new Promise((resolve) => {
    const s = connect(port, '127.0.0.1', () => s.write(text));
    let out = '';
    s.on('data', (d) => (out += d.toString()));
    s.on('end', () => resolve(out));
    s.setTimeout(3000, () => {
      s.destroy();
      resolve(out);
    });
  });
}

describe('methods a route does not take', () => {
  it('are answered 405 with Allow, on the API and on pages', async () => {
    const runtime = makeRuntime();
    const h = await startHost({ runtime, rendererDir: '/nonexistent', port: 0 });
    try {
      for (const [method, path, allow] of [
        ['PUT', '/api/rpc/app.info', 'POST'],
        ['PROPFIND', '/api/rpc/app.info', 'POST'],
        ['DELETE', '/api/events', 'GET'],
        ['POST', '/', 'GET, HEAD'],
        ['OPTIONS', '/index.html', 'GET, HEAD'],
      ] as const) {
        const reply = await rawRequest(
          h.port,
          `${method} ${path} HTTP/1.1\r\nHost: 127.0.0.1:${h.port}\r\nx-loupe-token: ${h.token}\r\ncontent-length: 0\r\nconnection: close\r\n\r\n`,
        );
        expect(reply.split('\r\n')[0], `${method} ${path}`).toBe('HTTP/1.1 405 Method Not Allowed');
        expect(reply.toLowerCase()).toContain(`allow: ${allow.toLowerCase()}`);
        expect(reply).toContain('"code":"method-not-allowed"');
      }
    } finally {
      await h.close();
      await runtime.close();
    }
  }, 60_000);
});
