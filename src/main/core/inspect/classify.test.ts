import { describe, expect, it } from 'vitest';
import { classifyContent, isLfsPointer } from './classify';

const bytes = (...parts: (string | number[])[]) =>
  Buffer.concat(parts.map((p) => (typeof p === 'string' ? Buffer.from(p, 'utf8') : Buffer.from(p))));

describe('classifyContent', () => {
  it('decodes UTF-8 text, accepting and dropping a UTF-8 BOM', () => {
    expect(classifyContent(bytes('héllo\n'))).toEqual({ kind: 'text', text: 'héllo\n' });
    expect(classifyContent(bytes([0xef, 0xbb, 0xbf], 'x'))).toEqual({ kind: 'text', text: 'x' });
    expect(classifyContent(bytes(''))).toEqual({ kind: 'text', text: '' });
  });

  it('calls a NUL in the first 8000 bytes binary, but not one later', () => {
    expect(classifyContent(bytes('abc', [0], 'def')).kind).toBe('binary');
    expect(classifyContent(bytes('a'.repeat(7999), [0])).kind).toBe('binary');
    expect(classifyContent(bytes('a'.repeat(8000), [0])).kind).toBe('text');
  });

  it('calls UTF-16 and UTF-32 text (by BOM) not UTF-8 rather than binary', () => {
    expect(classifyContent(bytes([0xff, 0xfe], [0x68, 0, 0x69, 0])).kind).toBe('invalid-utf8');
    expect(classifyContent(bytes([0xfe, 0xff], [0, 0x68])).kind).toBe('invalid-utf8');
    expect(classifyContent(bytes([0xff, 0xfe, 0, 0], [0x68, 0, 0, 0])).kind).toBe('invalid-utf8');
    expect(classifyContent(bytes([0, 0, 0xfe, 0xff], [0, 0, 0, 0x68])).kind).toBe('invalid-utf8');
  });

  it('decodes the whole file strictly: a bad byte anywhere is invalid-utf8', () => {
    expect(classifyContent(bytes('a'.repeat(100_000), [0xc3])).kind).toBe('invalid-utf8');
    expect(classifyContent(bytes([0xed, 0xa0, 0x80])).kind).toBe('invalid-utf8'); // an encoded surrogate
    expect(classifyContent(bytes([0xc0, 0xaf])).kind).toBe('invalid-utf8'); // overlong
  });

  it('recognises git-lfs pointers, and only small ones with an oid line', () => {
    const pointer = `version https://git-lfs.github.com/spec/v1\noid sha256:${'0'.repeat(64)}\nsize 12345\n`;
    expect(classifyContent(bytes(pointer)).kind).toBe('lfs-pointer');
    expect(isLfsPointer(bytes(`${pointer}${'x'.repeat(2000)}`))).toBe(false);
    expect(isLfsPointer(bytes('version https://git-lfs.github.com/spec/v1\nno oid\n'))).toBe(false);
  });
});
