// Issue 33 item 9 (the relay's parts) and issue 35's WebSocket attempts: a connection cap
// that leaves room for the CLI and a short headers timeout; paths after the secret that
// would leave the base path; headers named in Connection; a session opens only its CLI's
// provider route; a WebSocket upgrade gets an immediate answer.
import http from 'node:http';
import { connect, type Socket } from 'node:net';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { makeRuntime, removeTempDirs } from '../testing/fixtures';
import { startLocalServer, type LocalServer } from '../testing/http-server';
import { wiringFor } from './cli-wiring';
import { startRelay, type Relay } from './relay';
import { openWireSession } from './session';

let relay: Relay | null = null;
let upstream: LocalServer | null = null;
const sockets: Socket[] = [];
afterEach(async () => {
  for (const s of sockets.splice(0)) s.destroy();
  await relay?.close();
  await upstream?.close();
  relay = upstream = null;
});
afterAll(() => removeTempDirs());

interface Seen {
  url: string;
  headers: http.IncomingHttpHeaders;
}

async function echoUpstream(): Promise<Seen[]> {
  const seen: Seen[] = [];
  upstream = await startLocalServer((req, res) => {
    req.resume();
    req.on('end', () => {
      seen.push({ url: req.url ?? '', headers: req.headers });
      res.writeHead(200, { 'content-type': 'application/json', connection: 'x-hop-down', 'x-hop-down': 'secret-ish', 'x-kept': '1' });
      res.end('{"ok":true}');
    });
  });
  return seen;
}

/** A raw request through the relay's port (paths node's client would normalise are sent as written). */
function raw(port: number, text: string): Promise<string> {
  return new Promise((resolve) => {
    const s = connect(port, '127.0.0.1');
    let got = '';
    s.on('data', (c: Buffer) => (got += c.toString('latin1')));
    s.on('close', () => resolve(got));
    s.on('error', () => resolve(got));
    s.write(text);
    setTimeout(() => s.end(), 300);
  });
}

function post(url: string, headers: Record<string, string> = {}, body = '{}'): Promise<{ status: number; headers: http.IncomingHttpHeaders; body: string }> {
  return new Promise((resolve, reject) => {
    const req = http.request(url, { method: 'POST', headers: { 'content-type': 'application/json', ...headers } }, (res) => {
      let text = '';
      res.on('data', (c: Buffer) => (text += c.toString()));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: text }));
    });
    req.on('error', reject);
    req.end(body);
  });
}

describe('the relay’s edges', () => {
  it('closes a connection that sends no request head within the headers timeout', async () => {
    await echoUpstream();
    relay = await startRelay({ upstreams: { anthropic: upstream!.url }, headersTimeoutMs: 500 });
    const started = Date.now();
    const closedAt = await new Promise<number>((resolve) => {
      const s = connect(relay!.port, '127.0.0.1');
      sockets.push(s);
      s.on('error', () => {});
      s.on('close', () => resolve(Date.now()));
    });
    // The timeout plus node's once-a-second check: never the 83 s an idle connection lived before.
    expect(closedAt - started).toBeLessThan(3_000);
    // A head that trickles in and never ends (slowloris) is cut off the same way.
    const slowStart = Date.now();
    const slowClosed = await new Promise<number>((resolve) => {
      const s = connect(relay!.port, '127.0.0.1');
      sockets.push(s);
      s.on('error', () => {});
      s.on('data', () => {});
      s.write('POST /x HTTP/1.1\r\nhost: x\r\n');
      const drip = setInterval(() => s.writable && s.write('x-drip: 1\r\n'), 100);
      s.on('close', () => (clearInterval(drip), resolve(Date.now())));
    });
    expect(slowClosed - slowStart).toBeLessThan(3_500);
  });

  it('past its connection cap closes idle connections that never passed the secret, so the CLI still gets through', async () => {
    await echoUpstream();
    relay = await startRelay({ upstreams: { anthropic: upstream!.url }, maxConnections: 20 });
    // The CLI's own kept-alive connection first, then 60 idle ones from "another local program".
    const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
    const cli = (body = '{}') =>
      new Promise<number>((resolve, reject) => {
        const req = http.request(`${relay!.baseUrl('anthropic')}/v1/messages`, { method: 'POST', agent }, (res) => {
          res.resume();
          res.on('end', () => resolve(res.statusCode ?? 0));
        });
        req.on('error', reject);
        req.end(body);
      });
    expect(await cli()).toBe(200);
    for (let i = 0; i < 60; i++) {
      const s = connect(relay.port, '127.0.0.1');
      s.on('error', () => {});
      sockets.push(s);
    }
    await expect.poll(() => relay!.connections()).toBeLessThanOrEqual(20);
    await new Promise((r) => setTimeout(r, 100));
    expect(relay.connections()).toBeLessThanOrEqual(20);
    // The CLI's kept-alive connection survived the flood, and a new one gets through too.
    expect(await cli()).toBe(200);
    expect(await post(`${relay.baseUrl('anthropic')}/v1/messages`)).toMatchObject({ status: 200 });
    agent.destroy();
  });

  it('refuses `..`, `%2e%2e` and `\\` after the secret: nothing leaves the configured base path', async () => {
    const seen = await echoUpstream();
    relay = await startRelay({ upstreams: { anthropic: `${upstream!.url}/base` } });
    const prefix = new URL(relay.baseUrl('anthropic')).pathname;
    const paths = ['/../admin', '/v1/../../admin', '/%2e%2e/admin', '/%2E%2E/admin', '/.%2e/admin', '/v1/%2e%2e/%2e%2e/admin', '/..\\admin', '/\\..\\admin', '/v1\\..\\..\\admin', '/%5c..%5cadmin', '/v1/%2fadmin', '/./v1/messages'];
    const statuses: string[] = [];
    for (const path of paths) {
      const got = await raw(relay.port, `POST ${prefix}${path} HTTP/1.1\r\nhost: x\r\ncontent-type: application/json\r\ncontent-length: 2\r\nconnection: close\r\n\r\n{}`);
      statuses.push(`${path} ${got.slice(9, 12)}`);
    }
    expect(statuses.every((s) => s.endsWith(' 400')), statuses.join(', ')).toBe(true);
    expect(seen.filter((s) => !s.url.startsWith('/base/'))).toEqual([]);
    expect(seen).toEqual([]);
    // A plain path still goes under the base.
    expect((await post(`${relay.baseUrl('anthropic')}/v1/messages`)).status).toBe(200);
    expect(seen.map((s) => s.url)).toEqual(['/base/v1/messages']);
  });

  it('forwards no header a Connection header names, either way', async () => {
    const seen = await echoUpstream();
    relay = await startRelay({ upstreams: { anthropic: upstream!.url } });
    const got = await post(`${relay.baseUrl('anthropic')}/v1/messages`, { connection: 'keep-alive, X-Hop-Up', 'x-hop-up': 'local only', 'x-api-key': 'k' });
    expect(got.status).toBe(200);
    expect(seen[0]!.headers['x-hop-up']).toBeUndefined();
    expect(seen[0]!.headers['x-api-key']).toBe('k');
    expect(got.headers['x-hop-down']).toBeUndefined();
    expect(got.headers['x-kept']).toBe('1');
  });

  it('answers a WebSocket attempt at once with 426 in the provider’s shape (codex then uses HTTP), and 404 without the secret', async () => {
    const seen = await echoUpstream();
    relay = await startRelay({ upstreams: { openai: `${upstream!.url}/v1` } });
    const prefix = new URL(relay.baseUrl('openai')).pathname;
    const started = Date.now();
    const handshake = (path: string, extra = '') =>
      raw(relay!.port, `GET ${path} HTTP/1.1\r\nhost: x\r\nupgrade: websocket\r\nconnection: Upgrade\r\nsec-websocket-key: dGhlIHNhbXBsZSBub25jZQ==\r\nsec-websocket-version: 13\r\n${extra}\r\n`);
    const got = await handshake(`${prefix}/responses`, 'authorization: Bearer chatgpt-token\r\n');
    expect(Date.now() - started).toBeLessThan(1_000);
    expect(got).toMatch(/^HTTP\/1\.1 426 Upgrade Required\r\n/);
    expect(JSON.parse(got.slice(got.indexOf('\r\n\r\n') + 4)).error.message).toMatch(/does not relay WebSocket/);
    expect(await handshake('/wrong-secret/openai/responses')).toMatch(/^HTTP\/1\.1 404 /);
    // An Upgrade header without Connection: upgrade reaches the request handler: the same answer.
    const plain = await raw(relay.port, `GET ${prefix}/responses HTTP/1.1\r\nhost: x\r\nupgrade: websocket\r\nconnection: close\r\n\r\n`);
    expect(plain).toMatch(/^HTTP\/1\.1 426 /);
    expect(seen).toEqual([]);
    // HTTP to the same endpoint goes through; another upgrade (h2c) is served as plain HTTP/1.1.
    expect((await post(`${relay.baseUrl('openai')}/responses`)).status).toBe(200);
    const h2c = await raw(relay.port, `POST ${prefix}/responses HTTP/1.1\r\nhost: x\r\nupgrade: h2c\r\nconnection: Upgrade, HTTP2-Settings\r\nhttp2-settings: AAMAAABkAAQAAP__\r\ncontent-length: 2\r\n\r\n{}`);
    expect(h2c).toMatch(/^HTTP\/1\.1 200 /);
    expect(seen.at(-1)!.headers.upgrade).toBeUndefined();
    expect(seen.at(-1)!.headers['http2-settings']).toBeUndefined();
  });

  it('a wire session opens only its CLI’s own provider route', async () => {
    const seen = await echoUpstream();
    const runtime = makeRuntime();
    const wiring = wiringFor('claude', { ANTHROPIC_BASE_URL: upstream!.url })!;
    expect(wiring.kind).toBe('wired');
    const session = await openWireSession(runtime.deps, { kind: 'wrap', agent: 'claude', repo: null, runId: null, upstreams: wiring.kind === 'wired' ? wiring.upstreams : {} });
    try {
      expect((await post(`${session.relay.baseUrl('anthropic')}/v1/messages`)).status).toBe(200);
      for (const p of ['openai', 'gemini'] as const) {
        const got = await post(`${session.relay.baseUrl(p)}/v1/responses`);
        expect(got.status, p).toBe(404);
      }
      expect(seen).toHaveLength(1);
    } finally {
      await session.close();
      await runtime.close();
    }
  });
});
