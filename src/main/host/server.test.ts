import { mkdirSync, writeFileSync } from 'node:fs';
import { request } from 'node:http';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { makeRuntime, removeTempDirs, tempDir } from '../core/testing/fixtures';
import { startHost } from './server';

afterAll(removeTempDirs);

interface Reply {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: string;
}

/** A raw HTTP request, so tests can set any Host/Origin header. */
function send(port: number, method: string, path: string, headers: Record<string, string>, body?: string): Promise<Reply> {
  return new Promise((resolve, reject) => {
    const req = request({ host: '127.0.0.1', port, method, path, headers }, (res) => {
      let text = '';
      res.setEncoding('utf8');
      res.on('data', (c: string) => (text += c));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: text }));
    });
    req.on('error', reject);
    req.end(body);
  });
}

async function withHost<T>(fn: (h: Awaited<ReturnType<typeof startHost>>) => Promise<T>): Promise<T> {
  const rendererDir = tempDir();
  mkdirSync(join(rendererDir, 'assets'));
  writeFileSync(join(rendererDir, 'index.html'), '<!doctype html><title>Loupe</title>');
  writeFileSync(join(rendererDir, 'assets', 'app.js'), 'console.log(1)');
  const runtime = makeRuntime();
  const host = await startHost({ runtime, rendererDir, token: 'test-token-0123456789' });
  try {
    return await fn(host);
  } finally {
    await host.close();
    runtime.close();
  }
}

describe('browser host', () => {
  it('binds 127.0.0.1 and prints a URL carrying the token', async () => {
    await withHost(async (h) => {
      expect(h.server.address()).toMatchObject({ address: '127.0.0.1' });
      expect(h.url).toBe(`http://127.0.0.1:${h.port}/?token=test-token-0123456789`);
    });
  });

  it('answers contract calls with the right token, 401 without, 403 for foreign Host or Origin', async () => {
    await withHost(async (h) => {
      const host = `127.0.0.1:${h.port}`;
      const json = { 'content-type': 'application/json', host };
      const ok = await send(h.port, 'POST', '/api/rpc/app.info', { ...json, 'x-loupe-token': h.token }, '{}');
      expect(ok.status).toBe(200);
      expect(JSON.parse(ok.body).result).toMatchObject({ name: 'Loupe', host: 'browser' });

      const none = await send(h.port, 'POST', '/api/rpc/app.info', json, '{}');
      expect(none.status).toBe(401);
      expect(JSON.parse(none.body).error.code).toBe('unauthorized');

      const wrong = await send(h.port, 'POST', '/api/rpc/app.info', { ...json, 'x-loupe-token': 'nope' }, '{}');
      expect(wrong.status).toBe(401);

      const rebinding = await send(h.port, 'POST', '/api/rpc/app.info', {
        ...json,
        host: `evil.example:${h.port}`,
        'x-loupe-token': h.token,
      }, '{}');
      expect(rebinding.status).toBe(403);

      const foreign = await send(h.port, 'POST', '/api/rpc/app.info', {
        ...json,
        origin: 'http://evil.example',
        'x-loupe-token': h.token,
      }, '{}');
      expect(foreign.status).toBe(403);

      const page = await send(h.port, 'GET', '/', { host: `evil.example:${h.port}` });
      expect(page.status).toBe(403);
    });
  });

  it('turns bad requests into stable error codes', async () => {
    await withHost(async (h) => {
      const headers = { 'content-type': 'application/json', host: `localhost:${h.port}`, authorization: `Bearer ${h.token}` };
      const badJson = await send(h.port, 'POST', '/api/rpc/repo.open', headers, '{nope');
      expect([badJson.status, JSON.parse(badJson.body).error.code]).toEqual([400, 'invalid-input']);
      const badShape = await send(h.port, 'POST', '/api/rpc/repo.open', headers, '{"path": 5}');
      expect(JSON.parse(badShape.body).error).toMatchObject({ code: 'invalid-input' });
      expect(JSON.parse(badShape.body).error.message).toMatch(/path/);
      const unknown = await send(h.port, 'POST', '/api/rpc/nope.nope', headers, '{}');
      expect([unknown.status, JSON.parse(unknown.body).error.code]).toEqual([404, 'unknown-method']);
      // A method name that is not even valid percent-encoding is still just an unknown method.
      const garbled = await send(h.port, 'POST', '/api/rpc/%E0%A4%A', headers, '{}');
      expect([garbled.status, JSON.parse(garbled.body).error.code]).toEqual([404, 'unknown-method']);
      const missing = await send(h.port, 'POST', '/api/rpc/repo.open', headers, JSON.stringify({ path: '/no/such/dir' }));
      expect([missing.status, JSON.parse(missing.body).error.code]).toEqual([404, 'not-found']);
    });
  });

  it('serves the renderer with a CSP, falls back to index.html, and never escapes its folder', async () => {
    await withHost(async (h) => {
      const host = { host: `127.0.0.1:${h.port}` };
      const index = await send(h.port, 'GET', '/', host);
      expect(index.status).toBe(200);
      expect(index.headers['content-security-policy']).toContain("default-src 'self'");
      expect((await send(h.port, 'GET', '/assets/app.js', host)).body).toBe('console.log(1)');
      expect((await send(h.port, 'GET', '/inspector', host)).body).toContain('<title>Loupe</title>');
      expect((await send(h.port, 'GET', '/assets/missing.js', host)).status).toBe(404);
      const escape = await send(h.port, 'GET', '/..%2f..%2f..%2fetc%2fpasswd', host);
      expect(escape.body).not.toContain('root:');
    });
  });

  it('streams push events over Server-Sent Events to token holders', async () => {
    const rendererDir = tempDir();
    const runtime = makeRuntime();
    const h = await startHost({ runtime, rendererDir });
    const received = await new Promise<string>((resolve, reject) => {
      const req = request(
        { host: '127.0.0.1', port: h.port, path: `/api/events?token=${h.token}`, headers: { host: `127.0.0.1:${h.port}` } },
        (res) => {
          let text = '';
          let emitted = false;
          res.setEncoding('utf8');
          res.on('data', (c: string) => {
            text += c;
            if (text.includes('event: ready') && !emitted) {
              emitted = true;
              runtime.deps.emit('task.progress', { task: 'inspect', done: 1, total: 2 });
            }
            if (text.includes('event: task.progress')) {
              req.destroy();
              resolve(text);
            }
          });
        },
      );
      req.on('error', reject);
      req.end();
    });
    expect(received).toContain('data: {"task":"inspect","done":1,"total":2}');
    await h.close();
    runtime.close();
  });
});
