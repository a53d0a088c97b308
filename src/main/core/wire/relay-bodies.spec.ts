// Issue 33 item 4 and issue 35 "encoded request bodies": crafted bodies through a real wire
// session (relay, stages, SQLite) with redaction, an eviction or a block ceiling in force,
// in front of an upstream that reads whatever it is sent leniently (any coding, a BOM or
// UTF-16, the first copy of a duplicate key, any spelling of the endpoint), as a provider
// might. Before: 223 of 408 bodies passed redaction, 13 of 28 evictions, 18 of 32 ceilings.
// Now every variant is either enforced as decoded or refused; none reaches the upstream
// carrying what it must not.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import zlib from 'node:zlib';
import { decompress } from 'fzstd';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import type { RequestBudget } from '../../../shared/contract/runs';
import { putDirective } from '../threads/directive-store';
import { makeRuntime, removeTempDirs } from '../testing/fixtures';
import type { Runtime } from '../runtime';
import { openWireSession, type WireSession } from './session';
import { wireRequests } from './store';

interface Received {
  path: string;
  headers: http.IncomingHttpHeaders;
  body: Buffer;
}

let runtime: Runtime | null = null;
let session: WireSession | null = null;
let upstream: http.Server | null = null;
afterEach(async () => {
  await session?.close();
  await runtime?.close();
  await new Promise<void>((r) => (upstream ? upstream.close(() => r()) : r()));
  session = runtime = upstream = null;
});
afterAll(() => removeTempDirs());

/** An upstream that records every request and answers a small Anthropic reply. */
async function lenientUpstream(): Promise<{ url: string; received: Received[] }> {
  const received: Received[] = [];
  upstream = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      received.push({ path: req.url ?? '', headers: req.headers, body: Buffer.concat(chunks) });
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end('{"id":"msg_1","type":"message","role":"assistant","content":[{"type":"text","text":"ok"}],"usage":{"input_tokens":1,"output_tokens":1}}');
    });
  });
  await new Promise<void>((r) => upstream!.listen(0, '127.0.0.1', r));
  return { url: `http://127.0.0.1:${(upstream.address() as AddressInfo).port}`, received };
}

/** Every text a lenient provider could read from what it got: each coding undone, UTF-16 read too. */
function readings(r: Received): string {
  let bytes = r.body;
  const coding = String(r.headers['content-encoding'] ?? '').toLowerCase();
  try {
    for (const c of coding.split(',').map((s) => s.trim()).filter(Boolean).reverse()) {
      if (c === 'gzip') bytes = zlib.gunzipSync(bytes);
      else if (c === 'deflate') bytes = zlib.inflateSync(bytes);
      else if (c === 'br') bytes = zlib.brotliDecompressSync(bytes);
      else if (c === 'zstd') bytes = Buffer.from(decompress(bytes));
    }
  } catch {
    /* the raw bytes below still count */
  }
  return [r.body.toString('latin1'), bytes.toString('latin1'), bytes.toString('utf16le'), bytes.toString('utf8')].join('\n');
}

/** A zstd frame of raw blocks: valid zstd (RFC 8878) that any decoder reads, without an encoder in node 20. */
function zstdRaw(data: Buffer): Buffer {
  const header = Buffer.alloc(9);
  header.writeUInt32LE(0xfd2fb528, 0);
  header[4] = (2 << 6) | (1 << 5);
  header.writeUInt32LE(data.length, 5);
  const parts: Buffer[] = [header];
  for (let at = 0; at < data.length || at === 0; ) {
    const n = Math.min(data.length - at, 100_000);
    const last = at + n >= data.length ? 1 : 0;
    const h = (n << 3) | last;
    parts.push(Buffer.from([h & 0xff, (h >> 8) & 0xff, (h >> 16) & 0xff]), data.subarray(at, at + n));
    at += n;
    if (n === 0) break;
  }
  return Buffer.concat(parts);
}

interface Variant {
  name: string;
  path: string;
  headers?: Record<string, string>;
  body: Buffer;
}

/** 80 MiB of spaces after a JSON object, gzip-compressed to ~80 KB: past the relay's 64 MiB cap once decoded. */
let bomb: Buffer | null = null;
const gzipBomb = () => (bomb ??= zlib.gzipSync(Buffer.concat([Buffer.from('{"messages":[]}'), Buffer.alloc(80 * 1024 * 1024, 0x20)]), { level: 1 }));

/** The crafted spellings of one request: codings, BOM, UTF-16, trailing bytes, a duplicate key, endpoint spellings. */
function variants(json: Record<string, unknown>, cleanCopy: Record<string, unknown>): Variant[] {
  const text = JSON.stringify(json);
  const plain = Buffer.from(text);
  const e = (name: string, body: Buffer, enc: string): Variant => ({ name, path: '/v1/messages', headers: { 'content-encoding': enc }, body });
  // The duplicate: the real conversation first (a first-wins parser reads it), a clean copy last (JSON.parse keeps it).
  const dup = Buffer.from(`${text.slice(0, -1)},"messages":${JSON.stringify(cleanCopy.messages)}}`);
  const out: Variant[] = [
    e('gzip', zlib.gzipSync(plain), 'gzip'),
    e('x-gzip', zlib.gzipSync(plain), 'x-gzip'),
    e('deflate', zlib.deflateSync(plain), 'deflate'),
    e('raw deflate', zlib.deflateRawSync(plain), 'deflate'),
    e('br', zlib.brotliCompressSync(plain), 'br'),
    e('zstd', zstdRaw(plain), 'zstd'),
    e('gzip then br', zlib.brotliCompressSync(zlib.gzipSync(plain)), 'gzip, br'),
    e('GZIP upper case', zlib.gzipSync(plain), 'GZIP'),
    e('unknown coding', zlib.gzipSync(plain), 'compress'),
    e('gzip truncated', zlib.gzipSync(plain).subarray(0, 40), 'gzip'),
    e('labelled gzip, sent plain', plain, 'gzip'),
    e('gzip bomb', gzipBomb(), 'gzip'),
    { name: 'UTF-8 BOM', path: '/v1/messages', body: Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), plain]) },
    { name: 'UTF-16LE with BOM', path: '/v1/messages', body: Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(text, 'utf16le')]) },
    { name: 'UTF-16LE', path: '/v1/messages', body: Buffer.from(text, 'utf16le') },
    { name: 'UTF-16BE with BOM', path: '/v1/messages', body: Buffer.concat([Buffer.from([0xfe, 0xff]), Buffer.from(text, 'utf16le').swap16()]) },
    { name: 'trailing JSON', path: '/v1/messages', body: Buffer.concat([plain, Buffer.from('{"x":1}')]) },
    { name: 'trailing garbage', path: '/v1/messages', body: Buffer.concat([plain, Buffer.from('\x00garbage')]) },
    { name: 'duplicate messages key', path: '/v1/messages', body: dup },
    { name: 'gzip of a duplicate key', path: '/v1/messages', headers: { 'content-encoding': 'gzip' }, body: zlib.gzipSync(dup) },
  ];
  for (const path of ['/v1/messages/', '/v1/%6Dessages', '/v1/Messages', '/v1/messages;x', '/v1/MESSAGES', '/v1/messages%3Bx', '/v1/messages//', '/v1/mess%61ges/']) {
    out.push({ name: `endpoint ${path}`, path, body: plain });
  }
  return out;
}

/** Sends one variant through the session's relay; the status the CLI got. */
async function send(v: Variant): Promise<number> {
  const url = new URL(session!.relay.baseUrl('anthropic'));
  return new Promise((resolve, reject) => {
    const req = http.request({ host: url.hostname, port: url.port, method: 'POST', path: `${url.pathname}${v.path}`, headers: { 'content-type': 'application/json', 'x-api-key': 'k', 'content-length': v.body.length, ...v.headers } }, (res) => {
      res.resume();
      res.on('end', () => resolve(res.statusCode ?? 0));
    });
    req.on('error', reject);
    req.end(v.body);
  });
}

const SECRET = `ghp_${'Zq7'.repeat(12)}`;
const EVICTED = 'EVICTED-FILE-CONTENT-0123456789 '.repeat(20);

function request(fileText: string): Record<string, unknown> {
  return {
    model: 'claude-sonnet-4-5',
    max_tokens: 100,
    messages: [
      { role: 'user', content: [{ type: 'text', text: 'Read the notes.' }] },
      { role: 'assistant', content: [{ type: 'tool_use', id: 'toolu_1', name: 'Read', input: { file_path: '/repo/notes.txt' } }] },
      { role: 'user', content: [{ type: 'tool_result', tool_use_id: 'toolu_1', content: fileText }] },
      { role: 'assistant', content: [{ type: 'text', text: 'Read it.' }] },
      { role: 'user', content: [{ type: 'text', text: 'Now summarise.' }] },
    ],
  };
}

async function open(enforce: { wireSecrets?: 'warn' | 'redact'; requestBudget?: RequestBudget }) {
  runtime = makeRuntime();
  const up = await lenientUpstream();
  session = await openWireSession(runtime.deps, { kind: 'wrap', agent: 'test', repo: null, runId: null, upstreams: { anthropic: up.url }, enforce });
  return up;
}

describe('crafted request bodies with enforcement in force', () => {
  it('redaction: 0 crafted bodies reach the upstream with the secret; the readable ones are forwarded redacted, in their coding where zlib writes it', async () => {
    const up = await open({ wireSecrets: 'redact' });
    // The harness itself: a plain body is forwarded with the secret replaced.
    expect(await send({ name: 'plain', path: '/v1/messages', body: Buffer.from(JSON.stringify(request(`TOKEN=${SECRET}\n`))) })).toBe(200);
    expect(readings(up.received[0]!)).not.toContain(SECRET);
    expect(up.received[0]!.body.toString()).toContain('Now summarise.');
    const list = variants(request(`TOKEN=${SECRET}\n`), request('nothing here'));
    const leaked: string[] = [];
    const outcome: string[] = [];
    for (const v of list) {
      const before = up.received.length;
      const status = await send(v);
      const got = up.received.slice(before);
      if (got.some((r) => readings(r).includes(SECRET))) leaked.push(v.name);
      outcome.push(`${v.name}: ${status}${got.length ? ' forwarded' : ''}`);
    }
    console.log(`figure: crafted bodies past redaction: ${leaked.length} of ${list.length} (${outcome.join('; ')})`);
    expect(leaked).toEqual([]);
    // Decodable ones are enforced and forwarded, not refused: gzip comes back gzip with its length right, zstd identity.
    const gz = up.received.find((r) => r.headers['content-encoding'] === 'gzip')!;
    expect(zlib.gunzipSync(gz.body).toString()).toContain('Now summarise.');
    expect(Number(gz.headers['content-length'])).toBe(gz.body.length);
    expect(outcome).toContain('zstd: 200 forwarded');
    expect(outcome).toContain('endpoint /v1/%6Dessages: 200 forwarded');
    expect(up.received.some((r) => r.path === '/v1/messages' && r.headers['content-encoding'] === undefined && r.body.toString().includes('Now summarise.') && !r.body.toString().includes(SECRET))).toBe(true);
    for (const name of ['gzip bomb', 'UTF-8 BOM', 'UTF-16LE', 'trailing JSON', 'duplicate messages key', 'unknown coding', 'endpoint /v1/Messages', 'endpoint /v1/messages;x']) expect(outcome).toContain(`${name}: 400`);
    await session!.settled();
    const refused = wireRequests(runtime!.deps.db, session!.id).filter((r) => r.answeredBy === 'relay');
    expect(refused.length).toBeGreaterThan(0);
    expect(refused.every((r) => /^Loupe could not read this request \(/.test(r.reason ?? ''))).toBe(true);
    expect(refused.some((r) => /\(encoding gzip: decoded size over 67108864 bytes\)/.test(r.reason ?? ''))).toBe(true);
  }, 60_000);

  it('eviction: 0 crafted bodies carry the evicted content to the upstream', async () => {
    const up = await open({});
    const first = Buffer.from(JSON.stringify(request(EVICTED)));
    expect(await send({ name: 'first', path: '/v1/messages', body: first })).toBe(200);
    await session!.settled();
    const [record] = wireRequests(runtime!.deps.db, session!.id);
    const tool = record!.segments.find((s) => s.kind === 'tool')!;
    putDirective(runtime!.deps.db, { wireSession: session!.id }, { segmentId: tool.id, kind: 'evict', author: 'user', createdAt: new Date().toISOString() });
    // The harness: the same request again is forwarded with the content withheld.
    const before = up.received.length;
    expect(await send({ name: 'plain', path: '/v1/messages', body: first })).toBe(200);
    expect(readings(up.received[before]!)).not.toContain('EVICTED-FILE-CONTENT');
    const list = variants(request(EVICTED), request('nothing here'));
    const passed: string[] = [];
    for (const v of list) {
      const at = up.received.length;
      await send(v);
      if (up.received.slice(at).some((r) => readings(r).includes('EVICTED-FILE-CONTENT'))) passed.push(v.name);
    }
    console.log(`figure: crafted bodies past an eviction: ${passed.length} of ${list.length}`);
    expect(passed).toEqual([]);
  }, 60_000);

  it('block ceiling: 0 crafted bodies over the ceiling reach the upstream, whatever their coding or endpoint', async () => {
    const up = await open({ requestBudget: { maxRequestBytes: 4_000, policy: 'block' } });
    const big = request('x'.repeat(12_000));
    const list = [
      ...variants(big, request('small')),
      // Not a model endpoint: the ceiling applies to every body.
      { name: 'count_tokens', path: '/v1/messages/count_tokens', body: Buffer.from(JSON.stringify(big)) },
      { name: 'other POST', path: '/v1/files', body: Buffer.from(JSON.stringify(big)) },
    ];
    const passed: string[] = [];
    for (const v of list) {
      const at = up.received.length;
      const status = await send(v);
      if (up.received.length > at) passed.push(`${v.name} (${status})`);
    }
    console.log(`figure: crafted bodies past a block ceiling: ${passed.length} of ${list.length}`);
    expect(passed).toEqual([]);
    // Within the ceiling, a gzip body is forwarded as sent.
    const small = zlib.gzipSync(Buffer.from(JSON.stringify(request('short'))));
    expect(await send({ name: 'small gzip', path: '/v1/messages', headers: { 'content-encoding': 'gzip' }, body: small })).toBe(200);
    expect(up.received.at(-1)!.body.equals(small)).toBe(true);
  }, 60_000);
});

describe('crafted request bodies with nothing in force', () => {
  it('are forwarded as sent and recorded as not analysed, with the reason', async () => {
    const up = await open({});
    const body = zlib.gzipSync(Buffer.from(JSON.stringify(request('hello'))));
    expect(await send({ name: 'compress', path: '/v1/messages', headers: { 'content-encoding': 'compress' }, body })).toBe(200);
    expect(await send({ name: 'bom', path: '/v1/messages', body: Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from('{}')]) })).toBe(200);
    const zst = zstdRaw(Buffer.from(JSON.stringify(request('zstd body'))));
    expect(await send({ name: 'zstd', path: '/v1/messages', headers: { 'content-encoding': 'zstd' }, body: zst })).toBe(200);
    expect(up.received[0]!.body.equals(body)).toBe(true);
    expect(up.received[0]!.headers['content-encoding']).toBe('compress');
    // Nothing rewrote the zstd body: its own bytes went on, in its coding.
    expect(up.received[2]!.body.equals(zst)).toBe(true);
    expect(up.received[2]!.headers['content-encoding']).toBe('zstd');
    await session!.settled();
    const records = wireRequests(runtime!.deps.db, session!.id);
    expect(records[0]!.reason).toMatch(/^not analysed: encoding compress: an encoding Loupe does not decode/);
    expect(records[1]!.reason).toMatch(/^not analysed: bom: /);
    // The zstd body was decoded and analysed like any other.
    expect(records[2]!.reason).toBeNull();
    expect(records[2]!.api).not.toBeNull();
    expect(records[2]!.segments.some((s) => s.preview.includes('zstd body'))).toBe(true);
  });
});
