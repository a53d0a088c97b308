/**
 * Request bodies in a content coding (RFC 9110 8.4): decoded for analysis and
 * enforcement, and encoded again when a stage rewrote one. gzip, deflate and
 * br by node's zlib (its `maxOutputLength` stops a decompression bomb at the
 * cap, before the memory is taken); zstd by ./zstd.ts. A coding list
 * (`gzip, br`) is undone last first, as it was applied. Anything else, or a
 * body that does not decode whole, is a DecodeError: the relay never treats
 * bytes it could not read as read.
 */
import zlib from 'node:zlib';
import { DecodeError } from './errors';
import { decodeZstd } from './zstd';

export { DecodeError } from './errors';

/** The `content-encoding` header as the codings applied, in order; [] for none or identity. */
export function codingsOf(header: string | undefined): string[] {
  if (!header) return [];
  return header
    .split(',')
    .map((c) => c.trim().toLowerCase())
    .filter((c) => c !== '' && c !== 'identity');
}

function zlibError(coding: string, err: unknown, max: number): DecodeError {
  const e = err as NodeJS.ErrnoException;
  if (e.code === 'ERR_BUFFER_TOO_LARGE' || /Cannot create a Buffer larger|buffer.*too large/i.test(e.message)) return new DecodeError(coding, `decoded size over ${max} bytes`);
  if (e.code === 'Z_BUF_ERROR') return new DecodeError(coding, 'truncated');
  return new DecodeError(coding, `corrupt (${e.message})`);
}

/** Undoes one coding; at most `max` decoded bytes. Throws DecodeError. */
function decodeOne(coding: string, data: Buffer, max: number): Buffer {
  try {
    switch (coding) {
      case 'gzip':
      case 'x-gzip':
        return zlib.gunzipSync(data, { maxOutputLength: max });
      case 'deflate':
        // RFC 9110's deflate is the zlib format; some clients send raw deflate: both are read.
        try {
          return zlib.inflateSync(data, { maxOutputLength: max });
        } catch (err) {
          if ((err as NodeJS.ErrnoException).code === 'Z_DATA_ERROR') return zlib.inflateRawSync(data, { maxOutputLength: max });
          throw err;
        }
      case 'br':
        return zlib.brotliDecompressSync(data, { maxOutputLength: max });
      case 'zstd':
        return decodeZstd(data, max);
      default:
        throw new DecodeError(coding, 'an encoding Loupe does not decode');
    }
  } catch (err) {
    if (err instanceof DecodeError) throw err;
    throw zlibError(coding, err, max);
  }
}

/** Undoes `codings` (as applied, first to last) on `data`, at most `max` bytes at every step. Throws DecodeError. */
export function decodeBody(data: Buffer, codings: readonly string[], max: number): Buffer {
  let out = data;
  for (let i = codings.length - 1; i >= 0; i--) out = decodeOne(codings[i]!, out, max);
  return out;
}

/**
 * Applies `codings` again to a rewritten body, when each can be (gzip, deflate, br);
 * null when one cannot (zstd: no encoder here): the body then goes identity-encoded.
 */
export function encodeBody(data: Buffer, codings: readonly string[]): Buffer | null {
  let out = data;
  for (const coding of codings) {
    if (coding === 'gzip' || coding === 'x-gzip') out = zlib.gzipSync(out);
    else if (coding === 'deflate') out = zlib.deflateSync(out);
    else if (coding === 'br') out = zlib.brotliCompressSync(out, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 5 } });
    else return null;
  }
  return out;
}
