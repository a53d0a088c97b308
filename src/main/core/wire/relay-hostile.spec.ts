// Issue 33 item 3: no upstream answer may throw past the relay. A raw TCP upstream answers
// each request with crafted bytes (bad status lines and reason phrases, control characters,
// huge heads, bad chunking, early closes, lying lengths), then a few hundred seeded mutations
// of a good answer. Each exchange must end (a response or a closed connection) within its
// limit, nothing may throw uncaught, and the relay must still serve a good request after.
import http from 'node:http';
import { createServer, type Server } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startRelay, type Relay, type RelayOutcome } from './relay';

const GOOD = 'HTTP/1.1 200 OK\r\ncontent-type: text/event-stream\r\ntransfer-encoding: chunked\r\n\r\n5\r\nhello\r\n0\r\n\r\n';

/** Hand-written hostile answers: [name, bytes, how the upstream ends the connection]. */
const CASES: [string, string | Buffer, 'end' | 'destroy' | 'hold'][] = [
  ['reason phrase with a control character', 'HTTP/1.1 200 O\x01K\r\ncontent-length: 2\r\n\r\n{}', 'end'],
  ['reason phrase with DEL', 'HTTP/1.1 200 OK\x7f\r\ncontent-length: 2\r\n\r\n{}', 'end'],
  ['reason phrase with NUL', 'HTTP/1.1 200 O\x00K\r\ncontent-length: 2\r\n\r\n{}', 'end'],
  ['reason phrase with obs-text', Buffer.from('HTTP/1.1 200 \xff\xfe\r\ncontent-length: 2\r\n\r\n{}', 'latin1'), 'end'],
  ['reason phrase with a bare CR', 'HTTP/1.1 500 Bad\rThing\r\ncontent-length: 2\r\n\r\n{}', 'end'],
  ['reason phrase of 100 KiB', `HTTP/1.1 200 ${'x'.repeat(100 * 1024)}\r\ncontent-length: 2\r\n\r\n{}`, 'end'],
  ['status 99', 'HTTP/1.1 99 Low\r\ncontent-length: 0\r\n\r\n', 'end'],
  ['status 1000', 'HTTP/1.1 1000 High\r\ncontent-length: 0\r\n\r\n', 'end'],
  ['status 600', 'HTTP/1.1 600 Odd\r\ncontent-length: 0\r\n\r\n', 'end'],
  ['status not a number', 'HTTP/1.1 abc OK\r\ncontent-length: 0\r\n\r\n', 'end'],
  ['no reason phrase', 'HTTP/1.1 204\r\n\r\n', 'end'],
  ['HTTP/2 status line', 'HTTP/2 200 OK\r\ncontent-length: 0\r\n\r\n', 'end'],
  ['HTTP/1.0 close-delimited', 'HTTP/1.0 200 OK\r\n\r\nbody until close', 'end'],
  ['HTTP/0.9 body', 'just a body\r\n', 'end'],
  ['empty answer', '', 'end'],
  ['reset at once', '', 'destroy'],
  ['half a status line, then reset', 'HTTP/1.1 20', 'destroy'],
  ['a head, then reset', 'HTTP/1.1 200 OK\r\ncontent-length: 100\r\n\r\nabc', 'destroy'],
  ['101 never asked for', 'HTTP/1.1 101 Switching Protocols\r\nupgrade: websocket\r\nconnection: upgrade\r\n\r\nraw', 'end'],
  ['100 then end', 'HTTP/1.1 100 Continue\r\n\r\n', 'end'],
  ['100 then 200', 'HTTP/1.1 100 Continue\r\n\r\nHTTP/1.1 200 OK\r\ncontent-length: 2\r\n\r\n{}', 'end'],
  ['103 hints with a control character', 'HTTP/1.1 103 Early\x01\r\nlink: </a>\r\n\r\nHTTP/1.1 200 OK\r\ncontent-length: 2\r\n\r\n{}', 'end'],
  ['header value with a control character', 'HTTP/1.1 200 OK\r\nx-bad: a\x01b\r\ncontent-length: 2\r\n\r\n{}', 'end'],
  ['header value with NUL', 'HTTP/1.1 200 OK\r\nx-bad: a\x00b\r\ncontent-length: 2\r\n\r\n{}', 'end'],
  ['header value obs-text', Buffer.from('HTTP/1.1 200 OK\r\nx-odd: caf\xe9\r\ncontent-length: 2\r\n\r\n{}', 'latin1'), 'end'],
  ['header name with a space', 'HTTP/1.1 200 OK\r\nx bad: 1\r\ncontent-length: 2\r\n\r\n{}', 'end'],
  ['header with no name', 'HTTP/1.1 200 OK\r\n: 1\r\ncontent-length: 2\r\n\r\n{}', 'end'],
  ['header line folded', 'HTTP/1.1 200 OK\r\nx-fold: a\r\n b\r\ncontent-length: 2\r\n\r\n{}', 'end'],
  ['header with a bare LF', 'HTTP/1.1 200 OK\nx-lf: 1\ncontent-length: 2\n\n{}', 'end'],
  ['head of 70 KiB', `HTTP/1.1 200 OK\r\nx-big: ${'a'.repeat(70 * 1024)}\r\ncontent-length: 2\r\n\r\n{}`, 'end'],
  ['10,000 headers', `HTTP/1.1 200 OK\r\n${Array.from({ length: 10_000 }, (_, i) => `x-h${i}: v`).join('\r\n')}\r\ncontent-length: 2\r\n\r\n{}`, 'end'],
  ['a head that never ends', `HTTP/1.1 200 OK\r\n${'x-slow: 1\r\n'.repeat(50)}`, 'end'],
  ['content-length negative', 'HTTP/1.1 200 OK\r\ncontent-length: -1\r\n\r\n{}', 'end'],
  ['content-length not a number', 'HTTP/1.1 200 OK\r\ncontent-length: 1e3\r\n\r\n{}', 'end'],
  ['content-length huge', 'HTTP/1.1 200 OK\r\ncontent-length: 99999999999999999999\r\n\r\n{}', 'end'],
  ['two content-lengths that differ', 'HTTP/1.1 200 OK\r\ncontent-length: 2\r\ncontent-length: 5\r\n\r\n{}', 'end'],
  ['content-length longer than the body', 'HTTP/1.1 200 OK\r\ncontent-length: 100\r\n\r\nshort', 'end'],
  ['content-length shorter than the body', 'HTTP/1.1 200 OK\r\ncontent-length: 2\r\n\r\n{}and more bytes', 'end'],
  ['chunked and content-length', 'HTTP/1.1 200 OK\r\ntransfer-encoding: chunked\r\ncontent-length: 5\r\n\r\n5\r\nhello\r\n0\r\n\r\n', 'end'],
  ['transfer-encoding gzip', 'HTTP/1.1 200 OK\r\ntransfer-encoding: gzip\r\n\r\nxxxx', 'end'],
  ['transfer-encoding gzip, chunked', 'HTTP/1.1 200 OK\r\ntransfer-encoding: gzip, chunked\r\n\r\n4\r\nxxxx\r\n0\r\n\r\n', 'end'],
  ['transfer-encoding chunked twice', 'HTTP/1.1 200 OK\r\ntransfer-encoding: chunked, chunked\r\n\r\n0\r\n\r\n', 'end'],
  ['bad chunk size', 'HTTP/1.1 200 OK\r\ntransfer-encoding: chunked\r\n\r\nzz\r\nhello\r\n0\r\n\r\n', 'end'],
  ['chunk size too large', 'HTTP/1.1 200 OK\r\ntransfer-encoding: chunked\r\n\r\nffffffffffffffffff\r\nhello\r\n', 'end'],
  ['chunk data without its CRLF', 'HTTP/1.1 200 OK\r\ntransfer-encoding: chunked\r\n\r\n2\r\nabX\r\n0\r\n\r\n', 'end'],
  ['chunked cut before the last chunk', 'HTTP/1.1 200 OK\r\ntransfer-encoding: chunked\r\n\r\n5\r\nhello\r\n', 'end'],
  ['chunked cut inside a chunk', 'HTTP/1.1 200 OK\r\ntransfer-encoding: chunked\r\n\r\n50\r\nhello', 'end'],
  ['chunk extension of 10 KiB', `HTTP/1.1 200 OK\r\ntransfer-encoding: chunked\r\n\r\n5;${'e'.repeat(10 * 1024)}\r\nhello\r\n0\r\n\r\n`, 'end'],
  ['trailer with a control character', 'HTTP/1.1 200 OK\r\ntransfer-encoding: chunked\r\n\r\n5\r\nhello\r\n0\r\nx-t: a\x01\r\n\r\n', 'end'],
  ['trailer named content-length', 'HTTP/1.1 200 OK\r\ntransfer-encoding: chunked\r\n\r\n5\r\nhello\r\n0\r\ncontent-length: 9\r\n\r\n', 'end'],
  ['trailers of 100 KiB', `HTTP/1.1 200 OK\r\ntransfer-encoding: chunked\r\n\r\n5\r\nhello\r\n0\r\nx-t: ${'t'.repeat(100 * 1024)}\r\n\r\n`, 'end'],
  ['a second answer nobody asked for', `${GOOD}HTTP/1.1 500 Extra\r\ncontent-length: 0\r\n\r\n`, 'end'],
  ['204 with a body', 'HTTP/1.1 204 No Content\r\ncontent-length: 5\r\n\r\nhello', 'end'],
  ['set-cookie with odd values', 'HTTP/1.1 200 OK\r\nset-cookie: a=1; x\r\nset-cookie: ;;;\r\ncontent-length: 2\r\n\r\n{}', 'end'],
  ['connection header naming content-type', 'HTTP/1.1 200 OK\r\nconnection: content-type, x-y\r\ncontent-type: text/plain\r\nx-y: 1\r\ncontent-length: 2\r\n\r\n{}', 'end'],
  ['binary garbage', Buffer.from(Array.from({ length: 512 }, (_, i) => (i * 151) % 256)), 'end'],
];

/** A small seeded generator (mulberry32): the mutations are the same on every run. */
function random(seed: number): () => number {
  return () => {
    seed |= 0;
    seed = (seed + 0x6d2b79f5) | 0;
    let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** Seeded mutations of a good answer: control bytes inserted, bytes flipped, deleted, cut short. */
function mutations(n: number): [string, Buffer, 'end'][] {
  const rand = random(33);
  const base = Buffer.from('HTTP/1.1 200 OK\r\ncontent-type: application/json\r\nx-request-id: abc\r\ntransfer-encoding: chunked\r\ntrailer: x-done\r\n\r\n7\r\n{"a":1}\r\n0\r\nx-done: 1\r\n\r\n', 'latin1');
  const out: [string, Buffer, 'end'][] = [];
  for (let i = 0; i < n; i++) {
    const bytes = [...base];
    const edits = 1 + Math.floor(rand() * 4);
    for (let e = 0; e < edits; e++) {
      const at = Math.floor(rand() * bytes.length);
      const op = Math.floor(rand() * 4);
      const b = [0x00, 0x01, 0x0a, 0x0d, 0x7f, 0x20, 0x3a, 0xff, 0x30][Math.floor(rand() * 9)]!;
      if (op === 0) bytes.splice(at, 0, b);
      else if (op === 1) bytes[at] = b;
      else if (op === 2) bytes.splice(at, 1);
      else bytes.length = at;
    }
    out.push([`mutation ${i}`, Buffer.from(bytes), 'end']);
  }
  return out;
}

const ALL = [...CASES, ...mutations(300)];

let upstream: Server;
let relay: Relay;
const outcomes: RelayOutcome[] = [];
const uncaught: unknown[] = [];
const onUncaught = (err: unknown) => uncaught.push(err);

beforeAll(async () => {
  process.on('uncaughtException', onUncaught);
  upstream = createServer((socket) => {
    socket.on('error', () => {});
    let head = '';
    socket.on('data', (c: Buffer) => {
      head += c.toString('latin1');
      const end = head.indexOf('\r\n\r\n');
      if (end < 0) return;
      const index = Number(/[?&]case=(\d+)/.exec(head)?.[1] ?? -1);
      head = '';
      const answer = index >= 0 ? ALL[index]! : (['good', GOOD, 'end'] as const);
      const [, bytes, ending] = answer;
      if (ending === 'destroy') {
        socket.write(bytes);
        setTimeout(() => socket.resetAndDestroy(), 5);
      } else if (ending === 'end') socket.end(bytes);
      else socket.write(bytes);
    });
  });
  await new Promise<void>((r) => upstream.listen(0, '127.0.0.1', r));
  relay = await startRelay({
    upstreams: { anthropic: `http://127.0.0.1:${(upstream.address() as { port: number }).port}` },
    headersTimeoutMs: 2_000,
    // A tap that throws on everything: the relay must not care.
    observe: () => ({
      head() {
        throw new Error('tap head');
      },
      chunk() {
        throw new Error('tap chunk');
      },
      end: (o) => outcomes.push(o),
    }),
  });
});

afterAll(async () => {
  process.off('uncaughtException', onUncaught);
  await relay.close();
  await new Promise<void>((r) => upstream.close(() => r()));
});

/** One request through the relay: what the CLI saw, or 'hang' past the limit. */
function ask(index: number, limitMs = 4_000): Promise<string> {
  return new Promise((resolve) => {
    const timer = setTimeout(() => {
      req.destroy();
      resolve('hang');
    }, limitMs);
    const req = http.request(`${relay.baseUrl('anthropic')}/v1/messages?case=${index}`, { method: 'POST', agent: false, headers: { 'content-type': 'application/json' } }, (res) => {
      res.on('data', () => {});
      res.on('end', () => (clearTimeout(timer), resolve(String(res.statusCode))));
      res.on('error', () => (clearTimeout(timer), resolve(`${res.statusCode} broken`)));
    });
    req.on('error', (err: NodeJS.ErrnoException) => (clearTimeout(timer), resolve(`error ${err.code ?? err.message}`)));
    req.end('{}');
  });
}

describe('hostile upstream answers', () => {
  it(`${CASES.length} crafted answers and 300 mutations: every exchange ends, nothing throws past the relay, the relay serves on`, async () => {
    const seen: string[] = [];
    const hangs: string[] = [];
    // Eight at a time: bounded, and concurrent exchanges share the relay as a CLI's do.
    for (let i = 0; i < ALL.length; i += 8) {
      const batch = ALL.slice(i, i + 8).map((_, k) => i + k);
      const got = await Promise.all(batch.map((n) => ask(n)));
      got.forEach((g, k) => {
        seen.push(`${ALL[batch[k]!]![0]}: ${g}`);
        if (g === 'hang' && ALL[batch[k]!]![0] !== 'a head that never ends') hangs.push(ALL[batch[k]!]![0]);
      });
    }
    const statuses = seen.map((s) => s.split(': ').at(-1)!);
    console.log(`figure: hostile upstream answers: ${ALL.length}, uncaught ${uncaught.length}, hangs ${hangs.length}, relay 502s ${statuses.filter((s) => s === '502').length}, broken mid-response ${statuses.filter((s) => /broken|error/.test(s)).length}`);
    expect(uncaught).toEqual([]);
    expect(hangs).toEqual([]);
    // The reason phrase case: the status stands, the phrase is dropped.
    expect(seen[0]).toBe('reason phrase with a control character: 200');
    expect(seen.find((s) => s.startsWith('header value with a control character'))).toMatch(/: 502$/);
    expect(seen.find((s) => s.startsWith('transfer-encoding gzip, chunked'))).toMatch(/: 502$/);
    // Still serving.
    expect(await ask(-1)).toBe('200');
    expect(relay.inFlight()).toBe(0);
  }, 120_000);
});
