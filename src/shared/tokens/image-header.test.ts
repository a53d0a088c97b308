import { describe, expect, it } from 'vitest';
import { readImageSize } from './image-header';
import { CANVAS_37x21 } from './image-header.fixture';

const fromB64 = (b64: string) => Uint8Array.from(atob(b64), (c) => c.charCodeAt(0));
const bytes = (...parts: (number[] | string)[]) => Uint8Array.from(parts.flatMap((p) => (typeof p === 'string' ? [...p].map((c) => c.charCodeAt(0)) : p)));
const le16 = (n: number) => [n & 0xff, n >> 8];
const be16 = (n: number) => [n >> 8, n & 0xff];

describe('readImageSize', () => {
  it('reads images Chromium encoded: PNG, JPEG past an ICC segment, WebP (VP8X)', () => {
    expect(readImageSize(fromB64(CANVAS_37x21.png))).toEqual({ ok: true, format: 'png', width: 37, height: 21 });
    expect(readImageSize(fromB64(CANVAS_37x21.jpeg))).toEqual({ ok: true, format: 'jpeg', width: 37, height: 21 });
    expect(readImageSize(fromB64(CANVAS_37x21.webpVp8x))).toEqual({ ok: true, format: 'webp', width: 37, height: 21 });
  });

  it('reads GIF, WebP VP8 (lossy) and VP8L (lossless) headers', () => {
    expect(readImageSize(bytes('GIF89a', le16(1000), le16(700), [0, 0, 0]))).toEqual({ ok: true, format: 'gif', width: 1000, height: 700 });
    const vp8 = bytes('RIFF', [0, 0, 0, 0], 'WEBP', 'VP8 ', [0, 0, 0, 0], [0, 0, 0], [0x9d, 0x01, 0x2a], le16(1000), le16(1000 | 0x4000), [0, 0]);
    expect(readImageSize(vp8)).toEqual({ ok: true, format: 'webp', width: 1000, height: 1000 });
    // 14-bit width-1 = 36, height-1 = 20, packed little-endian after the 0x2f signature.
    const vp8l = bytes('RIFF', [0, 0, 0, 0], 'WEBP', 'VP8L', [0, 0, 0, 0], [0x2f, 0x24, 0x00, 0x05, 0x00], [0, 0, 0, 0, 0]);
    expect(readImageSize(vp8l)).toEqual({ ok: true, format: 'webp', width: 37, height: 21 });
  });

  it('walks JPEG markers: fill bytes, an APP1 before a progressive SOF2', () => {
    const app1 = [0xff, 0xe1, ...be16(2 + 6), ...'Exif\0\0'.split('').map((c) => c.charCodeAt(0))];
    const sof2 = [0xff, 0xff, 0xc2, ...be16(11), 8, ...be16(480), ...be16(640), 1, 1, 0x11, 0];
    expect(readImageSize(Uint8Array.from([0xff, 0xd8, ...app1, ...sof2]))).toEqual({ ok: true, format: 'jpeg', width: 640, height: 480 });
  });

  it('says why it cannot read, and marks a cut-off header as truncated (read more and try again)', () => {
    const jpeg = fromB64(CANVAS_37x21.jpeg);
    expect(readImageSize(jpeg.subarray(0, 100))).toMatchObject({ ok: false, truncated: true });
    expect(readImageSize(fromB64(CANVAS_37x21.png).subarray(0, 16))).toMatchObject({ ok: false, truncated: true });
    expect(readImageSize(bytes('<svg xmlns="http://www.w3.org/2000/svg"/>'))).toEqual({ ok: false, reason: 'it is not a PNG, JPEG, GIF or WebP image' });
    expect(readImageSize(bytes('RIFF', [0, 0, 0, 0], 'WAVE', 'fmt ', new Array(20).fill(0)))).toEqual({ ok: false, reason: 'it is a RIFF file but not WebP' });
    expect(readImageSize(Uint8Array.from([0xff, 0xd8, 0xff, 0xda, 0, 2, 0, 0]))).toMatchObject({ ok: false, reason: 'its JPEG has no frame header before its image data' });
    expect(readImageSize(bytes([0x89], 'PNG', [13, 10, 26, 10, 0, 0, 0, 13], 'IHDR', [0, 0, 0, 0, 0, 0, 0, 0]))).toMatchObject({ ok: false, reason: 'its PNG header gives a size of 0×0' });
    expect(readImageSize(new Uint8Array())).toMatchObject({ ok: false });
  });
});
