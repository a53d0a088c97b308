import { createHash, randomBytes } from 'node:crypto';
import http, { type IncomingMessage, type ServerResponse } from 'node:http';
import { connect, createServer } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { startLocalServer, type LocalServer } from '../testing/http-server';
import { startRelay, type Relay, type RelayOutcome, type RelayRequest } from './relay';

const sha = (b: Buffer) => createHash('sha256').update(b).digest('hex');

interface Got {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: Buffer;
}

/** A plain node http request through `url`, read whole. */
function call(url: string, init: { method?: string; headers?: Record<string, string>; body?: string | Buffer } = {}): Promise<Got> {
  return new Promise((resolve, reject) => {
    const req = http.request(url, { method: init.method ?? 'POST', headers: init.headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }));
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end(init.body);
  });
}

/** A port nothing listens on (bound, then released). */
async function closedPort(): Promise<number> {
  const s = createServer();
  await new Promise<void>((r) => s.listen(0, '127.0.0.1', r));
  const port = (s.address() as { port: number }).port;
  await new Promise<void>((r) => s.close(() => r()));
  return port;
}

let relay: Relay | null = null;
let upstream: LocalServer | null = null;
afterEach(async () => {
  await relay?.close();
  await upstream?.close();
  relay = null;
  upstream = null;
});

describe('the wire relay', () => {
  it('passes a plain response through byte for byte and forwards the request unchanged', async () => {
    const payload = randomBytes(300_000);
    let received: { path: string; body: Buffer; headers: http.IncomingHttpHeaders } | null = null;
    upstream = await startLocalServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (c: Buffer) => chunks.push(c));
      req.on('end', () => {
        received = { path: req.url ?? '', body: Buffer.concat(chunks), headers: req.headers };
        res.writeHead(200, { 'content-type': 'application/octet-stream', 'content-length': payload.length, 'x-upstream': 'yes' });
        res.end(payload);
      });
    });
    relay = await startRelay({ upstreams: { anthropic: `${upstream.url}/prefix` } });
    const body = JSON.stringify({ model: 'm', messages: [{ role: 'user', content: 'hi' }] });
    const got = await call(`${relay.baseUrl('anthropic')}/v1/messages?beta=true`, { body, headers: { 'x-api-key': 'sk-test-forwarded', 'content-type': 'application/json' } });
    expect(got.status).toBe(200);
    expect(sha(got.body)).toBe(sha(payload));
    expect(got.headers['x-upstream']).toBe('yes');
    expect(received!.path).toBe('/prefix/v1/messages?beta=true');
    expect(received!.body.toString()).toBe(body);
    expect(received!.headers['x-api-key']).toBe('sk-test-forwarded');
    expect(received!.headers.host).toBe(new URL(upstream.url).host);
  });

  it('streams an SSE response through unbuffered, byte for byte', async () => {
    const events = Array.from({ length: 40 }, (_, i) => Buffer.from(`event: delta\ndata: {"i":${i},"t":"${'é'.repeat(i)}"}\n\n`));
    let sent = 0;
    upstream = await startLocalServer((req, res) => {
      req.resume();
      res.writeHead(200, { 'content-type': 'text/event-stream' });
      const next = () => {
        if (sent === events.length) return res.end();
        res.write(events[sent++]);
        setTimeout(next, 5);
      };
      next();
    });
    relay = await startRelay({ upstreams: { openai: `${upstream.url}/v1` } });
    // The first event reaches the client while the upstream is still writing: nothing waits for the end.
    const firstAt = await new Promise<number>((resolve, reject) => {
      const chunks: Buffer[] = [];
      const req = http.request(`${relay!.baseUrl('openai')}/responses`, { method: 'POST' }, (res) => {
        let first = -1;
        res.on('data', (c: Buffer) => {
          if (first < 0) first = sent;
          chunks.push(c);
        });
        res.on('end', () => {
          expect(sha(Buffer.concat(chunks))).toBe(sha(Buffer.concat(events)));
          resolve(first);
        });
      });
      req.on('error', reject);
      req.end('{}');
    });
    expect(firstAt).toBeLessThan(events.length / 2);
  });

  it('passes a chunked answer on chunked (extensions read, trailers forwarded), the tap the decoded body, and reuses both connections', async () => {
    // A raw upstream: exact chunks (an extension, a trailer), two requests on one kept-alive connection.
    const framed = '7;x=1\r\ndata: a\r\n12\r\n\ndata: bbbbbbbbbb\r\r\n0\r\nx-done: 1\r\n\r\n';
    const decoded = 'data: a\ndata: bbbbbbbbbb\r';
    let connections = 0;
    const raw = createServer((socket) => {
      connections++;
      let buf = '';
      socket.on('data', (c: Buffer) => {
        buf += c.toString('latin1');
        for (let end = buf.indexOf('\r\n\r\n'); end >= 0; end = buf.indexOf('\r\n\r\n')) {
          const length = Number(/content-length: (\d+)/i.exec(buf.slice(0, end))?.[1] ?? 0);
          if (buf.length < end + 4 + length) return;
          buf = buf.slice(end + 4 + length);
          socket.write(`HTTP/1.1 200 OK\r\ncontent-type: text/event-stream\r\ntrailer: x-done\r\ntransfer-encoding: chunked\r\n\r\n${framed}`);
        }
      });
    });
    await new Promise<void>((r) => raw.listen(0, '127.0.0.1', r));
    const tapped: string[] = [];
    const ends: RelayOutcome[] = [];
    try {
      relay = await startRelay({
        upstreams: { anthropic: `http://127.0.0.1:${(raw.address() as { port: number }).port}` },
        observe: () => ({ chunk: (d) => tapped.push(d.toString('latin1')), end: (o) => ends.push(o) }),
      });
      const base = new URL(relay.baseUrl('anthropic'));
      const cli = connect(Number(base.port), '127.0.0.1');
      let got = '';
      cli.on('data', (c: Buffer) => (got += c.toString('latin1')));
      const ask = `POST ${base.pathname}/v1/messages HTTP/1.1\r\nhost: x\r\ncontent-length: 2\r\n\r\n{}`;
      for (let i = 1; i <= 2; i++) {
        cli.write(ask);
        await expect.poll(() => got.split('x-done: 1\r\n\r\n').length - 1, { timeout: 5000 }).toBe(i);
      }
      cli.destroy();
      // Each response: a chunked head, chunks whose data is the upstream's body, the trailer after the last chunk.
      const responses = got.split('x-done: 1\r\n\r\n').slice(0, 2);
      for (const response of responses) {
        const [head, body] = [response.slice(0, response.indexOf('\r\n\r\n')), response.slice(response.indexOf('\r\n\r\n') + 4)];
        expect(head).toMatch(/^HTTP\/1\.1 200 OK\r\n[^]*transfer-encoding: chunked/i);
        expect(head).toMatch(/\r\ntrailer: x-done/i);
        let data = '';
        for (let at = 0; ; ) {
          const nl = body.indexOf('\r\n', at);
          const size = Number.parseInt(body.slice(at, nl), 16);
          if (size === 0) break;
          data += body.slice(nl + 2, nl + 2 + size);
          at = nl + 2 + size + 2;
        }
        expect(data).toBe(decoded);
      }
      expect(connections).toBe(1);
      expect(tapped.join('')).toBe(decoded + decoded);
      expect(ends.map((o) => [o.status, o.by, o.responseBytes])).toEqual([
        [200, 'upstream', decoded.length],
        [200, 'upstream', decoded.length],
      ]);
    } finally {
      raw.close();
    }
  });

  it('opens a new upstream connection when the upstream closed its idle kept-alive one', async () => {
    const server = http.createServer((req, res) => {
      req.resume();
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end('{"ok":true}');
    });
    // The upstream closes an idle connection after 50 ms (node checks about once a second), before the relay would (4 s).
    server.keepAliveTimeout = 50;
    let connections = 0;
    server.on('connection', () => connections++);
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    try {
      relay = await startRelay({ upstreams: { anthropic: `http://127.0.0.1:${(server.address() as { port: number }).port}` } });
      expect((await call(`${relay.baseUrl('anthropic')}/v1/messages`, { body: '{}' })).status).toBe(200);
      await new Promise((r) => setTimeout(r, 1_600));
      const again = await call(`${relay.baseUrl('anthropic')}/v1/messages`, { body: '{}' });
      expect([again.status, again.body.toString()]).toEqual([200, '{"ok":true}']);
      expect(connections).toBe(2);
    } finally {
      server.closeAllConnections();
      server.close();
    }
  });

  it('sends a request again on a new connection when the kept-alive one is closed as it goes out, once and only then', async () => {
    // A raw upstream that answers the first request on each connection and closes the connection,
    // unanswered, when another request arrives on it: the upstream's idle timeout racing the relay's.
    // With `dropFresh`, it also closes a new connection's first request unanswered.
    let connections = 0;
    let dropFresh = false;
    const raw = createServer((socket) => {
      connections++;
      let served = 0;
      let buf = '';
      socket.on('data', (c: Buffer) => {
        buf += c.toString('latin1');
        const end = buf.indexOf('\r\n\r\n');
        if (end < 0 || buf.length < end + 4 + 2) return;
        buf = '';
        if (served++ > 0 || dropFresh) return void socket.destroy();
        socket.write('HTTP/1.1 200 OK\r\ncontent-type: application/json\r\ncontent-length: 11\r\n\r\n{"ok":true}');
      });
    });
    await new Promise<void>((r) => raw.listen(0, '127.0.0.1', r));
    try {
      relay = await startRelay({ upstreams: { anthropic: `http://127.0.0.1:${(raw.address() as { port: number }).port}` } });
      const url = `${relay.baseUrl('anthropic')}/v1/messages`;
      expect((await call(url, { body: '{}' })).status).toBe(200);
      const again = await call(url, { body: '{}' });
      expect([again.status, again.body.toString(), connections]).toEqual([200, '{"ok":true}', 2]);
      // A new connection closed unanswered is not tried again: the CLI hears of it.
      dropFresh = true;
      const failed = await call(url, { body: '{}' });
      expect(failed.status).toBe(502);
      expect(JSON.parse(failed.body.toString()).error.message).toMatch(/socket hang up|ECONNRESET/);
      // It went out on the kept-alive second connection (closed unanswered), once more on a third
      // (closed unanswered too), and no further.
      expect(connections).toBe(3);
    } finally {
      raw.close();
    }
  });

  it('passes upstream 4xx and 5xx through unchanged', async () => {
    upstream = await startLocalServer((req, res) => {
      req.resume();
      const status = req.url?.includes('429') ? 429 : 529;
      const text = JSON.stringify({ type: 'error', error: { type: 'overloaded_error', message: `upstream says ${status}` } });
      res.writeHead(status, { 'content-type': 'application/json', 'retry-after': '7' });
      res.end(text);
    });
    relay = await startRelay({ upstreams: { anthropic: upstream.url } });
    for (const status of [429, 529]) {
      const got = await call(`${relay.baseUrl('anthropic')}/v1/messages/${status}`, { body: '{}' });
      expect(got.status).toBe(status);
      expect(got.headers['retry-after']).toBe('7');
      expect(JSON.parse(got.body.toString()).error.message).toBe(`upstream says ${status}`);
    }
  });

  it('answers an unreachable upstream in the provider’s own error shape with Loupe’s reason', async () => {
    const port = await closedPort();
    relay = await startRelay({ upstreams: { anthropic: `http://127.0.0.1:${port}`, openai: `http://127.0.0.1:${port}/v1`, gemini: `http://127.0.0.1:${port}` } });
    const a = await call(`${relay.baseUrl('anthropic')}/v1/messages`, { body: '{}' });
    expect(a.status).toBe(502);
    const ab = JSON.parse(a.body.toString());
    expect(ab.type).toBe('error');
    expect(ab.error.message).toMatch(/Loupe's relay could not reach http:\/\/127\.0\.0\.1:\d+: ECONNREFUSED/);
    const o = JSON.parse((await call(`${relay.baseUrl('openai')}/responses`, { body: '{}' })).body.toString());
    expect(o.error.message).toMatch(/could not reach/);
    expect(o.error.type).toBe('server_error');
    const g = JSON.parse((await call(`${relay.baseUrl('gemini')}/v1beta/models/x:generateContent`, { body: '{}' })).body.toString());
    expect(g.error).toMatchObject({ code: 502, status: 'UNAVAILABLE' });
  });

  it('an upstream head it will not guess at (an unknown transfer coding, a head over 64 KiB, not HTTP) reaches the CLI as a 502 with the reason', async () => {
    const heads = [
      'HTTP/1.1 200 OK\r\ntransfer-encoding: gzip, chunked\r\n\r\n',
      `HTTP/1.1 200 OK\r\nx-big: ${'a'.repeat(70 * 1024)}\r\n\r\n`,
      'SSH-2.0-OpenSSH\r\n\r\n',
    ];
    let next = 0;
    const raw = createServer((socket) => {
      const head = heads[next++]!;
      socket.once('data', () => socket.end(head));
    });
    await new Promise<void>((r) => raw.listen(0, '127.0.0.1', r));
    const ends: RelayOutcome[] = [];
    try {
      relay = await startRelay({ upstreams: { anthropic: `http://127.0.0.1:${(raw.address() as { port: number }).port}` }, observe: () => ({ chunk() {}, end: (o) => ends.push(o) }) });
      const reasons = [/unsupported transfer-encoding/, /response head too large/, /invalid status line/];
      for (const reason of reasons) {
        const got = await call(`${relay.baseUrl('anthropic')}/v1/messages`, { body: '{}' });
        expect(got.status).toBe(502);
        const body = JSON.parse(got.body.toString()) as { type: string; error: { type: string; message: string } };
        expect(body.type).toBe('error');
        expect(body.error.message).toMatch(reason);
      }
      expect(ends.map((o) => [o.status, o.by])).toEqual([
        [502, 'relay'],
        [502, 'relay'],
        [502, 'relay'],
      ]);
    } finally {
      raw.close();
    }
  });

  it('reaches an https upstream beside an http one (node:tls is loaded only when one is https)', async () => {
    const port = await closedPort();
    upstream = await startLocalServer((_req, res) => {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end('{"ok":true}');
    });
    relay = await startRelay({ upstreams: { anthropic: upstream.url, openai: `https://127.0.0.1:${port}/v1` } });
    const plain = await call(`${relay.baseUrl('anthropic')}/v1/messages`, { body: '{}' });
    expect(plain.body.toString()).toBe('{"ok":true}');
    // The https client's own refusal, in OpenAI's error shape.
    const o = await call(`${relay.baseUrl('openai')}/responses`, { body: '{}' });
    expect(o.status).toBe(502);
    expect(JSON.parse(o.body.toString()).error.message).toMatch(/could not reach https:\/\/127\.0\.0\.1:\d+: ECONNREFUSED/);
  });

  it('answers 404 to a wrong or missing secret and an unknown provider, forwarding nothing', async () => {
    upstream = await startLocalServer((req, res) => {
      req.resume();
      res.end('should not be reached');
    });
    relay = await startRelay({ upstreams: { anthropic: upstream.url } });
    const base = relay.baseUrl('anthropic');
    const origin = new URL(base).origin;
    const secret = new URL(base).pathname.split('/')[1]!;
    const wrong = secret.slice(0, -1) + (secret.endsWith('A') ? 'B' : 'A');
    for (const path of ['/', '/v1/messages', `/anthropic/v1/messages`, `/${wrong}/anthropic/v1/messages`, `/${secret}/openai/v1/responses`, `/${secret}`, `//${secret}/anthropic/v1/messages`, `/${secret}x/anthropic/v1`]) {
      const got = await call(`${origin}${path}`, { body: '{}', headers: { 'x-api-key': 'k' } });
      expect(got.status, path).toBe(404);
      expect(got.body.toString()).toBe('not found\n');
    }
    expect(upstream.hits).toEqual([]);
    expect(secret.length).toBeGreaterThanOrEqual(43);
  });

  it('aborts the upstream request when the CLI hangs up mid-stream', async () => {
    let upstreamClosed: () => void;
    const closed = new Promise<void>((r) => (upstreamClosed = r));
    let timer: NodeJS.Timeout | undefined;
    upstream = await startLocalServer((req, res) => {
      req.resume();
      res.writeHead(200, { 'content-type': 'text/event-stream' });
      timer = setInterval(() => res.write('data: {"tick":1}\n\n'), 5);
      res.on('close', () => {
        clearInterval(timer);
        upstreamClosed();
      });
    });
    const outcomes: RelayOutcome[] = [];
    relay = await startRelay({ upstreams: { anthropic: upstream.url }, observe: () => ({ chunk() {}, end: (o) => outcomes.push(o) }) });
    await new Promise<void>((resolve) => {
      const req = http.request(`${relay!.baseUrl('anthropic')}/v1/messages`, { method: 'POST' }, (res) => {
        res.once('data', () => {
          req.destroy();
          resolve();
        });
      });
      req.on('error', () => {});
      req.end('{}');
    });
    await closed;
    await expect.poll(() => outcomes.length).toBe(1);
    expect(outcomes[0]!.by).toBe('aborted');
  });

  it('holds a fast upstream back while the CLI reads slowly (backpressure, no buffering)', async () => {
    // Large beside the loopback socket buffers (Linux grows each to a few MiB): only a relay that buffers gets near half.
    const total = 64 * 1024 * 1024;
    const piece = randomBytes(64 * 1024);
    let written = 0;
    const hash = createHash('sha256');
    upstream = await startLocalServer((req, res) => {
      req.resume();
      res.writeHead(200, { 'content-type': 'application/octet-stream', 'content-length': total });
      const pump = () => {
        while (written < total) {
          written += piece.length;
          hash.update(piece);
          if (!res.write(piece)) return res.once('drain', pump);
        }
        res.end();
      };
      pump();
    });
    relay = await startRelay({ upstreams: { gemini: upstream.url } });
    const got = createHash('sha256');
    let read = 0;
    await new Promise<void>((resolve, reject) => {
      const req = http.request(`${relay!.baseUrl('gemini')}/v1beta/models/m:streamGenerateContent`, { method: 'POST' }, (res) => {
        res.pause();
        // While the CLI reads nothing, the upstream can only fill the socket buffers, far from the whole body.
        setTimeout(() => {
          expect(written).toBeLessThan(total / 2);
          res.on('data', (c: Buffer) => {
            read += c.length;
            got.update(c);
          });
          res.on('end', resolve);
          res.resume();
        }, 400);
      });
      req.on('error', reject);
      req.end('{}');
    });
    expect(read).toBe(total);
    expect(got.digest('hex')).toBe(hash.digest('hex'));
  });

  it('shows observers no credential and lets an intercept answer or rewrite a request', async () => {
    const bodies: string[] = [];
    upstream = await startLocalServer((req: IncomingMessage, res: ServerResponse) => {
      const chunks: Buffer[] = [];
      req.on('data', (c: Buffer) => chunks.push(c));
      req.on('end', () => {
        bodies.push(Buffer.concat(chunks).toString());
        res.end('{}');
      });
    });
    const seen: RelayRequest[] = [];
    relay = await startRelay({
      upstreams: { gemini: upstream.url },
      intercept: (r) =>
        r.body.toString().includes('block') ? { kind: 'answer', status: 400, message: 'Loupe blocked this request.' } : { kind: 'forward', body: Buffer.from(r.body.toString().replace('secret-part', '[withheld]')) },
      observe: (r) => {
        seen.push(r);
        return null;
      },
    });
    const headers = { 'x-goog-api-key': 'AIza-test-key', authorization: 'Bearer t', cookie: 'c=1', 'content-type': 'application/json' };
    const blocked = await call(`${relay.baseUrl('gemini')}/v1beta/models/m:generateContent?key=AIza-query-key&alt=sse`, { body: '{"t":"please block"}', headers });
    expect(blocked.status).toBe(400);
    expect(JSON.parse(blocked.body.toString()).error.message).toBe('Loupe blocked this request.');
    await call(`${relay.baseUrl('gemini')}/v1beta/models/m:generateContent`, { body: '{"t":"a secret-part here"}', headers });
    expect(bodies).toEqual(['{"t":"a [withheld] here"}']);
    expect(seen.map((r) => r.endpoint)).toEqual(['/v1beta/models/m:generateContent', '/v1beta/models/m:generateContent']);
    const visible = JSON.stringify(seen.map(({ body: _b, ...r }) => r));
    expect(visible).not.toMatch(/AIza|Bearer|c=1/);
    expect(seen[0]!.query).toEqual({ alt: 'sse' });
  });
});
