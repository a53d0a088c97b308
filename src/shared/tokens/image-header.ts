/**
 * An image's width and height from its own header bytes (PNG, JPEG, GIF,
 * WebP), so the wire can count an image the way its provider bills it
 * without decoding pixels. A small reader of four documented layouts rather
 * than a dependency: it runs on bytes already in memory, in the relay's hot
 * path, and must say "cannot read" instead of guessing. Pure.
 */

export type ImageFormat = 'png' | 'jpeg' | 'gif' | 'webp';

export type ImageSize =
  | { ok: true; format: ImageFormat; width: number; height: number }
  /** `truncated`: the header was cut off (read more bytes and try again); else the bytes are no image Loupe reads. */
  | { ok: false; reason: string; truncated?: boolean };

const fail = (reason: string, truncated = false): ImageSize => (truncated ? { ok: false, reason, truncated } : { ok: false, reason });

const be16 = (b: Uint8Array, i: number) => (b[i]! << 8) | b[i + 1]!;
const le16 = (b: Uint8Array, i: number) => b[i]! | (b[i + 1]! << 8);
const be32 = (b: Uint8Array, i: number) => ((b[i]! << 24) >>> 0) + (b[i + 1]! << 16) + (b[i + 2]! << 8) + b[i + 3]!;
const le24 = (b: Uint8Array, i: number) => b[i]! | (b[i + 1]! << 8) | (b[i + 2]! << 16);
const ascii = (b: Uint8Array, i: number, n: number) => String.fromCharCode(...b.subarray(i, i + n));

const sized = (format: ImageFormat, width: number, height: number): ImageSize =>
  width > 0 && height > 0 ? { ok: true, format, width, height } : fail(`its ${format.toUpperCase()} header gives a size of ${width}×${height}`);

/** PNG: the IHDR chunk is first, right after the 8-byte signature (width, height: big-endian 32-bit). */
function png(b: Uint8Array): ImageSize {
  if (b.length < 24) return fail('its PNG header is cut off', true);
  if (ascii(b, 12, 4) !== 'IHDR') return fail('its PNG header has no IHDR chunk first');
  return sized('png', be32(b, 16), be32(b, 20));
}

/** GIF87a / GIF89a: the logical screen's width and height, little-endian 16-bit, at 6 and 8. */
function gif(b: Uint8Array): ImageSize {
  if (b.length < 10) return fail('its GIF header is cut off', true);
  return sized('gif', le16(b, 6), le16(b, 8));
}

/** WebP: a RIFF file whose first chunk is VP8 (lossy), VP8L (lossless) or VP8X (extended). */
function webp(b: Uint8Array): ImageSize {
  if (b.length < 30) return fail('its WebP header is cut off', true);
  const chunk = ascii(b, 12, 4);
  if (chunk === 'VP8 ') {
    // Frame tag (3 bytes), start code 9d 01 2a, then 14-bit width and height.
    if (b[23] !== 0x9d || b[24] !== 0x01 || b[25] !== 0x2a) return fail('its WebP (VP8) frame has no start code');
    return sized('webp', le16(b, 26) & 0x3fff, le16(b, 28) & 0x3fff);
  }
  if (chunk === 'VP8L') {
    if (b[20] !== 0x2f) return fail('its WebP (VP8L) header has no signature');
    const w = 1 + (b[21]! | ((b[22]! & 0x3f) << 8));
    const h = 1 + ((b[22]! >> 6) | (b[23]! << 2) | ((b[24]! & 0x0f) << 10));
    return sized('webp', w, h);
  }
  if (chunk === 'VP8X') return sized('webp', 1 + le24(b, 24), 1 + le24(b, 27));
  return fail(`its WebP chunk "${chunk.replace(/[^\x20-\x7e]/g, '?')}" is not one Loupe reads`);
}

/** SOFn markers that carry a frame's size (not DHT C4, JPG C8, DAC CC). */
const isSof = (m: number) => m >= 0xc0 && m <= 0xcf && m !== 0xc4 && m !== 0xc8 && m !== 0xcc;

/** JPEG: walk the marker segments to the first start-of-frame (height, then width, big-endian 16-bit). */
function jpeg(b: Uint8Array): ImageSize {
  let i = 2;
  while (i + 4 <= b.length) {
    if (b[i] !== 0xff) return fail('its JPEG markers are malformed');
    const m = b[i + 1]!;
    if (m === 0xff) {
      i++; // fill byte
      continue;
    }
    if (m === 0xd8 || m === 0x01 || (m >= 0xd0 && m <= 0xd7)) {
      i += 2; // markers without a length
      continue;
    }
    if (m === 0xd9 || m === 0xda) return fail('its JPEG has no frame header before its image data');
    if (isSof(m)) {
      if (i + 9 > b.length) break;
      return sized('jpeg', be16(b, i + 7), be16(b, i + 5));
    }
    i += 2 + be16(b, i + 2);
  }
  return fail('its JPEG header is cut off', true);
}

/** The format and size an image's bytes declare; `ok: false` with a reason a user can read when they declare none Loupe reads. */
export function readImageSize(bytes: Uint8Array): ImageSize {
  const b = bytes;
  if (b.length < 4) return fail('it has no bytes to read', b.length > 0);
  if (b[0] === 0x89 && ascii(b, 1, 3) === 'PNG') return png(b);
  if (b[0] === 0xff && b[1] === 0xd8) return jpeg(b);
  if (ascii(b, 0, 3) === 'GIF') return gif(b);
  if (ascii(b, 0, 4) === 'RIFF') return b.length < 12 ? fail('its WebP header is cut off', true) : ascii(b, 8, 4) === 'WEBP' ? webp(b) : fail('it is a RIFF file but not WebP');
  return fail('it is not a PNG, JPEG, GIF or WebP image');
}
