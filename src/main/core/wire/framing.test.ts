import { describe, expect, it } from 'vitest';
import { chunkedFraming, FramingError, lengthFraming } from './framing';

/** Feeds `wire` cut at every `step` bytes; returns the body seen and how many bytes belonged to the message. */
function feedAll(wire: Buffer, step: number, framing = chunkedFraming()) {
  const body: Buffer[] = [];
  let used = 0;
  for (let at = 0; at < wire.length && !framing.done; at += step) used += framing.feed(wire.subarray(at, Math.min(at + step, wire.length)), (d) => body.push(Buffer.from(d)));
  return { body: Buffer.concat(body).toString(), used, done: framing.done };
}

describe('response body framing', () => {
  const wire = Buffer.from('5\r\nhello\r\n1;ext=1\r\n \r\nC\r\nwor\r\nld, etc\r\n0\r\nx-trailer: 1\r\n\r\nNEXT');
  it('decodes chunks cut anywhere, and says where the message ends', () => {
    for (const step of [1, 2, 3, 7, 16, wire.length]) {
      const got = feedAll(wire, step);
      expect(got).toEqual({ body: 'hello wor\r\nld, etc', used: wire.length - 4, done: true });
    }
  });
  it('refuses a bad chunk size, data not followed by CRLF, and bare LF lines', () => {
    expect(() => feedAll(Buffer.from('zz\r\n'), 4)).toThrow(FramingError);
    expect(() => feedAll(Buffer.from('2\r\nabX\r\n'), 8)).toThrow(FramingError);
    expect(() => feedAll(Buffer.from('2\nab\r\n'), 8)).toThrow(FramingError);
    expect(() => feedAll(Buffer.from(`${'1'.repeat(13)}\r\n`), 32)).toThrow(FramingError);
  });
  it('is not done before the last chunk and its empty trailer line', () => {
    expect(feedAll(Buffer.from('3\r\nabc\r\n0\r\n'), 64).done).toBe(false);
  });
  it('counts a Content-Length body and leaves what follows', () => {
    const f = lengthFraming(5);
    const seen: string[] = [];
    expect(f.feed(Buffer.from('abc'), (d) => seen.push(d.toString()))).toBe(3);
    expect(f.feed(Buffer.from('deXYZ'), (d) => seen.push(d.toString()))).toBe(2);
    expect(seen.join('')).toBe('abcde');
    expect(f.done).toBe(true);
  });
});
