import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import zlib from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { codingsOf, decodeBody, DecodeError, encodeBody } from './body';
import { checkJsonBody, duplicateKey } from './json-text';
import { normaliseEndpoint } from './endpoint';

const fixtures = join(__dirname, '..', '..', '..', '..', '..', 'fixtures', 'zstd');
const json = readFileSync(join(fixtures, 'responses-body.json'));
const zst = readFileSync(join(fixtures, 'responses-body.json.zst'));
const MAX = 64 * 1024 * 1024;

/** A zstd frame by hand: single-segment header declaring `size`, then one RLE block of `size` × `byte`. */
function rleFrame(size: number, byte = 0x61, declared = size): Buffer {
  const header = Buffer.alloc(4 + 1 + 4);
  header.writeUInt32LE(0xfd2fb528, 0);
  header[4] = (2 << 6) | (1 << 5); // 4-byte content size, single segment
  header.writeUInt32LE(declared, 5);
  const blocks: Buffer[] = [];
  for (let left = size; left > 0; ) {
    const n = Math.min(left, 128 * 1024 - 1);
    left -= n;
    const h = ((n << 3) | (1 << 1) | (left === 0 ? 1 : 0)) >>> 0;
    blocks.push(Buffer.from([h & 0xff, (h >> 8) & 0xff, (h >> 16) & 0xff, byte]));
  }
  return Buffer.concat([header, ...blocks]);
}

const expectFails = (f: () => unknown, pattern: RegExp) => {
  let err: unknown;
  try {
    f();
  } catch (e) {
    err = e;
  }
  expect(err).toBeInstanceOf(DecodeError);
  expect((err as Error).message).toMatch(pattern);
};

describe('request body codings', () => {
  it('each coding round-trips (gzip, deflate, br through zlib; zstd as the zstd CLI wrote it), and a list is undone last first', () => {
    for (const coding of ['gzip', 'x-gzip', 'deflate', 'br']) {
      const encoded = encodeBody(json, [coding])!;
      expect(encoded.length).toBeLessThan(json.length);
      expect(decodeBody(encoded, [coding], MAX).equals(json), coding).toBe(true);
    }
    expect(decodeBody(zst, ['zstd'], MAX).equals(json)).toBe(true);
    expect(decodeBody(zlib.deflateRawSync(json), ['deflate'], MAX).equals(json)).toBe(true);
    const stacked = encodeBody(json, ['gzip', 'br'])!;
    expect(decodeBody(stacked, codingsOf('gzip, br'), MAX).equals(json)).toBe(true);
    expect(codingsOf(' GZIP , identity ')).toEqual(['gzip']);
    // zstd cannot be written here: a rewritten zstd body goes identity-encoded.
    expect(encodeBody(json, ['zstd'])).toBeNull();
    expect(decodeBody(rleFrame(300_000), ['zstd'], MAX).equals(Buffer.alloc(300_000, 0x61))).toBe(true);
  });

  it('a corrupt or truncated body fails with a clear error, never a crash', () => {
    for (const coding of ['gzip', 'deflate', 'br']) {
      const encoded = encodeBody(json, [coding])!;
      expectFails(() => decodeBody(encoded.subarray(0, encoded.length >> 1), [coding], MAX), new RegExp(`^${coding}: (truncated|corrupt)`));
      const flipped = Buffer.from(encoded);
      for (let i = 2; i < flipped.length; i += 7) flipped[i] = flipped[i]! ^ 0x5a;
      expectFails(() => decodeBody(flipped, [coding], MAX), new RegExp(`^${coding}: (truncated|corrupt)`));
    }
    expectFails(() => decodeBody(zst.subarray(0, zst.length - 20), ['zstd'], MAX), /^zstd: (truncated|corrupt)/);
    // A block of the reserved type (fzstd does not check the content checksum: a body decoded to garbage is refused as not JSON, see relay-bodies.spec).
    const reserved = rleFrame(1000);
    reserved[9] = reserved[9]! | 0b110;
    expectFails(() => decodeBody(reserved, ['zstd'], MAX), /^zstd: corrupt/);
    expectFails(() => decodeBody(Buffer.from('not zstd at all'), ['zstd'], MAX), /^zstd: not a zstd frame/);
    expectFails(() => decodeBody(json, ['compress'], MAX), /^compress: an encoding Loupe does not decode/);
  });

  it('a decompression bomb stops at the cap, before the memory is taken', () => {
    const cap = 1024 * 1024;
    const zeros = Buffer.alloc(cap * 8);
    for (const coding of ['gzip', 'deflate', 'br']) expectFails(() => decodeBody(encodeBody(zeros, [coding])!, [coding], cap), new RegExp(`^${coding}: decoded size over ${cap} bytes`));
    // zstd: a frame that says 2 GiB is refused from its header; one that lies about its size by its output.
    expectFails(() => decodeBody(rleFrame(16, 0x61, 0x7fffffff), ['zstd'], cap), /^zstd: decoded size over/);
    expectFails(() => decodeBody(Buffer.concat([rleFrame(cap - 10), rleFrame(cap - 10)]), ['zstd'], cap), /^zstd: decoded size over/);
  });
});

describe('model request JSON every parser reads alike', () => {
  const ok = Buffer.from('{"model":"m","messages":[{"role":"user","content":"hi \\u00e9"}]}');
  it('takes plain UTF-8 JSON', () => {
    expect(() => checkJsonBody(ok)).not.toThrow();
    expect(duplicateKey('{"a":{"b":1},"c":[{"b":2},{"b":3}],"s":"\\"b\\":"}')).toBeNull();
  });
  it('refuses a BOM, UTF-16, bytes after the value, a non-object, and a key twice (also spelled with an escape)', () => {
    const cases: [Buffer, RegExp][] = [
      [Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), ok]), /byte-order mark/],
      [Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(ok.toString(), 'utf16le')]), /UTF-16/],
      [Buffer.from(ok.toString(), 'utf16le'), /UTF-16/],
      [Buffer.concat([ok, Buffer.from('{"x":1}')]), /bytes after the JSON value/],
      [Buffer.from('[1,2]'), /not a JSON object/],
      [Buffer.from([0x7b, 0x22, 0xc3, 0x28, 0x22, 0x3a, 0x31, 0x7d]), /not valid UTF-8/],
      [Buffer.from('{"messages":[{"role":"user","content":"clean","content":"sk-secret"}]}'), /"content" appears twice/],
      [Buffer.from('{"system":"a","\\u0073ystem":"b"}'), /"system" appears twice/],
    ];
    for (const [body, reason] of cases) {
      let err: unknown;
      try {
        checkJsonBody(body);
      } catch (e) {
        err = e;
      }
      expect(String((err as Error | undefined)?.message), body.toString('latin1').slice(0, 40)).toMatch(reason);
    }
  });
});

describe('the endpoint as it will be sent', () => {
  const exact = (e: string) => /\/messages$/.test(e);
  it('decodes unreserved escapes, refuses what leaves the base path, and reports lenient spellings of the model endpoint', () => {
    expect(normaliseEndpoint('anthropic', 'POST', '/v1/messages', exact)).toEqual({ kind: 'ok', endpoint: '/v1/messages' });
    expect(normaliseEndpoint('anthropic', 'POST', '/v1/%6Dessages', exact)).toEqual({ kind: 'ok', endpoint: '/v1/messages' });
    for (const rest of ['/v1/messages/', '/v1/Messages', '/v1/messages;x', '/v1/MESSAGES/', '/v1/messages%2F'.replace('%2F', '%3B')]) {
      expect(normaliseEndpoint('anthropic', 'POST', rest, exact).kind, rest).toBe('ambiguous');
    }
    for (const rest of ['/../x', '/v1/%2e%2e/x', '/v1/%2E./x', '/v1\\..\\x', '/v1/.%2e/x', '/v1/%2fx', '/v1/./messages', '/v1/messages#x']) {
      expect(normaliseEndpoint('anthropic', 'POST', rest, exact).kind, rest).toBe('refused');
    }
    // Not a model endpoint in any spelling: left as it is.
    expect(normaliseEndpoint('anthropic', 'POST', '/v1/messages/count_tokens', exact).kind).toBe('ok');
    expect(normaliseEndpoint('gemini', 'POST', '/v1beta/models/m:STREAMgenerateContent', (e) => /:(stream)?[gG]enerateContent$/.test(e)).kind).toBe('ambiguous');
  });
});
