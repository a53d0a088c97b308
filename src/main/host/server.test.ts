import { mkdirSync, writeFileSync } from 'node:fs';
import { request } from 'node:http';
import { connect as netConnect } from 'node:net';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { makeRepo, makeRuntime, removeTempDirs, tempDir } from '../core/testing/fixtures';
import { HOST_LIMITS, startHost, type HostLimits } from './server';

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

async function withHost<T>(fn: (h: Awaited<ReturnType<typeof startHost>>) => Promise<T>, limits?: Partial<HostLimits>): Promise<T> {
  const rendererDir = tempDir();
  mkdirSync(join(rendererDir, 'assets'));
  writeFileSync(join(rendererDir, 'index.html'), '<!doctype html><title>Loupe</title>');
  writeFileSync(join(rendererDir, 'assets', 'app.js'), 'console.log(1)');
  const runtime = makeRuntime();
  const host = await startHost({ runtime, rendererDir, token: 'test-token-0123456789', limits });
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
      expect(JSON.parse(ok.body)).toMatchObject({ ok: true });
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
});

/** Writes raw bytes on a socket and collects the whole answer until the server closes or `ms` pass. */
function raw(port: number, bytes: string | Buffer, ms = 3000): Promise<{ text: string; closed: boolean; elapsed: number }> {
  return new Promise((resolve) => {
    const started = Date.now();
    const socket = netConnect(port, '127.0.0.1', () => socket.write(bytes));
    let text = '';
    let done = false;
    const finish = (closed: boolean) => {
      if (done) return;
      done = true;
      socket.destroy();
      resolve({ text, closed, elapsed: Date.now() - started });
    };
    socket.setEncoding('utf8');
    socket.on('data', (c: string) => (text += c));
    socket.on('close', () => finish(true));
    socket.on('error', () => finish(true));
    setTimeout(() => finish(false), ms);
  });
}

describe('browser host hardening', () => {
  it('trades ?token= on the page for an HttpOnly SameSite=Strict cookie and a clean URL; the API takes the cookie, never ?token=', async () => {
    await withHost(async (h) => {
      const host = `127.0.0.1:${h.port}`;
      const boot = await send(h.port, 'GET', `/inspector?token=${h.token}&x=1`, { host });
      expect(boot.status).toBe(303);
      expect(boot.headers.location).toBe('/inspector?x=1');
      const cookie = String(boot.headers['set-cookie']);
      expect(cookie).toContain(`loupe_token_${h.port}=${h.token}`);
      expect(cookie).toMatch(/HttpOnly/);
      expect(cookie).toMatch(/SameSite=Strict/);
      const wrongBoot = await send(h.port, 'GET', '/?token=wrong-token-0000000000', { host });
      expect(wrongBoot.headers['set-cookie']).toBeUndefined();

      const withCookie = await send(h.port, 'POST', '/api/rpc/app.info', { host, cookie: `other=1; loupe_token_${h.port}=${h.token}` }, '{}');
      expect(withCookie.status).toBe(200);
      const viaQuery = await send(h.port, 'POST', `/api/rpc/app.info?token=${h.token}`, { host }, '{}');
      expect(viaQuery.status).toBe(401);
      const otherPortCookie = await send(h.port, 'POST', '/api/rpc/app.info', { host, cookie: `loupe_token_1=${h.token}` }, '{}');
      expect(otherPortCookie.status).toBe(401);
    });
  });

  it('answers a malformed request target with 400 JSON, never a 500', async () => {
    await withHost(async (h) => {
      const r = await raw(h.port, `GET http://[::1/ HTTP/1.1\r\nHost: 127.0.0.1:${h.port}\r\nConnection: close\r\n\r\n`);
      expect(r.text).toMatch(/^HTTP\/1.1 400/);
      const body = JSON.parse(r.text.slice(r.text.indexOf('\r\n\r\n') + 4)) as { error: { code: string; message: string } };
      expect(body.error.code).toBe('invalid-input');
    });
  });

  it('answers a body over 4 MiB with 413 at once and closes the connection', async () => {
    await withHost(async (h) => {
      const big = Buffer.alloc(5 * 1024 * 1024, 'a');
      const head = `POST /api/rpc/app.info HTTP/1.1\r\nHost: 127.0.0.1:${h.port}\r\nx-loupe-token: ${h.token}\r\ncontent-type: application/json\r\ncontent-length: ${big.length}\r\n\r\n`;
      const r = await raw(h.port, Buffer.concat([Buffer.from(head), big]));
      expect(r.text).toMatch(/^HTTP\/1.1 413/);
      expect(r.closed).toBe(true);
      expect(r.elapsed).toBeLessThan(2000);
      // Chunked (no declared length): read up to the limit, then the same answer.
      const chunked = `POST /api/rpc/app.info HTTP/1.1\r\nHost: 127.0.0.1:${h.port}\r\nx-loupe-token: ${h.token}\r\ntransfer-encoding: chunked\r\n\r\n`;
      const body = `${big.length.toString(16)}\r\n`;
      const r2 = await raw(h.port, Buffer.concat([Buffer.from(chunked + body), big, Buffer.from('\r\n0\r\n\r\n')]));
      expect(r2.text).toMatch(/^HTTP\/1.1 413/);
      expect(r2.closed).toBe(true);
    });
  });

  it('answers HTTP parser errors with short JSON, never echoing a huge target', async () => {
    await withHost(async (h) => {
      const huge = `GET /${'a'.repeat(2 * 1024 * 1024)} HTTP/1.1\r\nHost: 127.0.0.1:${h.port}\r\n\r\n`;
      const r = await raw(h.port, huge);
      expect(r.text).toMatch(/^HTTP\/1.1 431/);
      expect(r.text.length).toBeLessThan(1000);
      const garbage = await raw(h.port, 'NOT HTTP AT ALL\r\n\r\n');
      expect(garbage.text).toMatch(/^HTTP\/1.1 400/);
      expect(garbage.text).toContain('"code":"invalid-input"');
    });
  });

  it('sets timeouts suited to a local app and caps connections', async () => {
    await withHost(async (h) => {
      expect(h.server.headersTimeout).toBeLessThanOrEqual(10_000);
      expect(h.server.requestTimeout).toBeLessThanOrEqual(15_000);
      expect(HOST_LIMITS.maxConnections).toBeGreaterThan(0);
      expect(HOST_LIMITS.maxConnections).toBeLessThanOrEqual(256);
    });
    // Node checks those timeouts only every connectionsCheckingInterval: at its 30 s default they would run to 40 s and more.
    expect(HOST_LIMITS.checkIntervalMs).toBeLessThanOrEqual(1_000);
  });

  it('a flood of silent connections from another local program does not lock the page out (issue 33, item 9)', async () => {
    await withHost(
      async (h) => {
        const host = `127.0.0.1:${h.port}`;
        // Twice the cap of connections that connect and say nothing: node refused the page's own once there were 128.
        const silent = await Promise.all(
          Array.from({ length: 2 * 16 }, () => new Promise<import('node:net').Socket>((resolve) => {
            const socket = netConnect(h.port, '127.0.0.1', () => resolve(socket));
            socket.on('error', () => {});
          })),
        );
        const started = Date.now();
        const ok = await send(h.port, 'POST', '/api/rpc/app.info', { 'content-type': 'application/json', host, 'x-loupe-token': h.token }, '{}');
        expect(ok.status).toBe(200);
        // At once, not after the silent ones time out.
        expect(Date.now() - started).toBeLessThan(1_500);
        // The ones that went to make room were silent ones.
        expect(silent.filter((s) => s.destroyed || s.readyState !== 'open').length).toBeGreaterThan(0);
        for (const s of silent) s.destroy();
      },
      { maxConnections: 16, headersTimeoutMs: 5_000 },
    );
  });

  it('cuts off a client that trickles its headers or its body once the timeout passes (checked often, not every 30 s)', async () => {
    const limits = { headersTimeoutMs: 600, requestTimeoutMs: 900, checkIntervalMs: 100 };
    await withHost(async (h) => {
      const closedAfter = (head: string) =>
        new Promise<{ ms: number; answer: string }>((resolve) => {
          const started = Date.now();
          let answer = '';
          const socket = netConnect(h.port, '127.0.0.1', () => socket.write(head));
          socket.on('data', (c) => (answer += c.toString()));
          socket.on('error', () => {});
          socket.on('close', () => resolve({ ms: Date.now() - started, answer }));
        });
      const slowHeaders = await closedAfter(`GET / HTTP/1.1\r\nhost: 127.0.0.1:${h.port}\r\nx-slow: `);
      expect(slowHeaders.answer).toMatch(/^HTTP\/1\.1 408/);
      // Well under Node's default check (30 s): the configured interval does the cutting.
      expect(slowHeaders.ms).toBeLessThan(5_000);
      const slowBody = await closedAfter(
        `POST /api/rpc/app.info HTTP/1.1\r\nhost: 127.0.0.1:${h.port}\r\nx-loupe-token: ${h.token}\r\ncontent-type: application/json\r\ncontent-length: 100\r\n\r\n{`,
      );
      expect(slowBody.ms).toBeLessThan(5_000);
      expect(slowBody.ms).toBeGreaterThanOrEqual(limits.requestTimeoutMs - 100);
    }, limits);
  });

  it('runs a call under the caller id it names, and cancels it when the caller disconnects', async () => {
    const files: Record<string, string> = {};
    for (let i = 0; i < 300; i++) files[`many/f${i}.txt`] = `x${i}\n`.repeat(3000);
    const repo = makeRepo(files);
    const rendererDir = tempDir();
    const runtime = makeRuntime();
    const h = await startHost({ runtime, rendererDir });
    try {
      const headers = { host: `127.0.0.1:${h.port}`, 'x-loupe-token': h.token, 'x-loupe-call-id': 'http-call-1', 'content-type': 'application/json' };
      const req = request({ host: '127.0.0.1', port: h.port, method: 'POST', path: '/api/rpc/context.inspect', headers });
      req.on('error', () => {});
      req.end(JSON.stringify({ repo, paths: ['many'] }));
      const until = Date.now() + 5000;
      while (runtime.inFlight() === 0 && Date.now() < until) await new Promise((r) => setTimeout(r, 5));
      expect(runtime.inFlight()).toBe(1);
      req.destroy();
      while (runtime.inFlight() > 0 && Date.now() < until) await new Promise((r) => setTimeout(r, 5));
      expect(runtime.inFlight()).toBe(0);
      while (runtime.launcher.stats().live > 0 && Date.now() < until) await new Promise((r) => setTimeout(r, 5));
      expect(runtime.launcher.stats().live).toBe(0);
      const bad = await send(h.port, 'POST', '/api/rpc/app.info', { ...headers, 'x-loupe-call-id': 'bad id!' }, '{}');
      expect([bad.status, JSON.parse(bad.body).error.code]).toEqual([400, 'invalid-input']);
    } finally {
      await h.close();
      await runtime.close();
    }
  });
});
