/**
 * zstd request bodies (codex signed in with ChatGPT sends them). Node 20's
 * zlib has no zstd (it came in node 22.15/23.8), so the decoder is fzstd: pure
 * JavaScript, decoder only, no native build for Electron, by the author of
 * fflate. Its streaming decoder allocates each frame's window as its header
 * declares (up to 2 GiB), so every frame header is checked here first against
 * the cap, and the output is counted as it comes: a decompression bomb fails
 * with a clear reason, never an allocation of what the body claims.
 */
import { Decompress } from 'fzstd';
import { DecodeError } from './errors';

const FRAME_MAGIC = 0xfd2fb528;

/** Checks every frame's window and declared content size against `max` without decoding; throws DecodeError. */
function checkFrames(data: Buffer, max: number): void {
  let at = 0;
  if (data.length < 4) throw new DecodeError('zstd', 'truncated');
  while (at < data.length) {
    if (at + 4 > data.length) throw new DecodeError('zstd', 'truncated');
    const magic = data.readUInt32LE(at);
    if ((magic & 0xfffffff0) === 0x184d2a50) {
      // A skippable frame: its length, then that many bytes.
      if (at + 8 > data.length) throw new DecodeError('zstd', 'truncated');
      at += 8 + data.readUInt32LE(at + 4);
      continue;
    }
    if (magic !== FRAME_MAGIC) throw new DecodeError('zstd', 'not a zstd frame');
    const flg = data[at + 4];
    if (flg === undefined) throw new DecodeError('zstd', 'truncated');
    const single = (flg >> 5) & 1;
    const dictBytes = [0, 1, 2, 4][flg & 3]!;
    const fcf = flg >> 6;
    const sizeBytes = fcf ? 1 << fcf : single;
    let p = at + 5;
    let window = 0;
    if (!single) {
      const wd = data[p++];
      if (wd === undefined) throw new DecodeError('zstd', 'truncated');
      const base = 2 ** (10 + (wd >> 3));
      window = base + (base / 8) * (wd & 7);
    }
    p += dictBytes;
    if (p + sizeBytes > data.length) throw new DecodeError('zstd', 'truncated');
    let size = 0;
    for (let i = sizeBytes - 1; i >= 0; i--) size = size * 256 + data[p + i]!;
    if (fcf === 1) size += 256;
    p += sizeBytes;
    if (single) window = size;
    if (window > max || size > max) throw new DecodeError('zstd', `decoded size over ${max} bytes`);
    // The blocks: each a 3-byte header (last flag, type, size).
    for (;;) {
      if (p + 3 > data.length) throw new DecodeError('zstd', 'truncated');
      const h = data[p]! | (data[p + 1]! << 8) | (data[p + 2]! << 16);
      p += 3;
      const type = (h >> 1) & 3;
      const bytes = h >>> 3;
      if (type === 3) throw new DecodeError('zstd', 'corrupt (reserved block type)');
      p += type === 1 ? 1 : bytes;
      if (p > data.length) throw new DecodeError('zstd', 'truncated');
      if (h & 1) break;
    }
    if ((flg >> 2) & 1) p += 4;
    if (p > data.length) throw new DecodeError('zstd', 'truncated');
    at = p;
  }
}

/** Decodes a zstd body of at most `max` decoded bytes; throws DecodeError (corrupt, truncated, over the cap). */
export function decodeZstd(data: Buffer, max: number): Buffer {
  checkFrames(data, max);
  const out: Uint8Array[] = [];
  let total = 0;
  const state = { ended: false };
  const stream = new Decompress((chunk, final) => {
    total += chunk.length;
    if (total > max) throw new DecodeError('zstd', `decoded size over ${max} bytes`);
    out.push(chunk);
    if (final) state.ended = true;
  });
  try {
    stream.push(data, true);
  } catch (err) {
    if (err instanceof DecodeError) throw err;
    throw new DecodeError('zstd', `corrupt (${(err as Error).message})`);
  }
  if (!state.ended) throw new DecodeError('zstd', 'truncated');
  return Buffer.concat(out, total);
}
