// One pack of a repository's object database, read the way git reads it: the
// `.idx` file (v2) in memory to find an object's offset, then positional reads of
// only that object's bytes from the `.pack` file, inflated on their own. Nothing
// else of the pack is read, so memory follows what a caller asks for, not the
// pack's size (isomorphic-git reads every pack it touches whole).
// Format: https://git-scm.com/docs/gitformat-pack
import { closeSync, constants, fstatSync, openSync, readFileSync, readSync } from 'node:fs';
import { inflateSync } from 'node:zlib';

// O_NONBLOCK: a FIFO put where a git file should be opens at once instead of blocking.
const READ_FLAGS = constants.O_RDONLY | constants.O_NONBLOCK;

/** Opens a regular file for reading; anything else (a FIFO, a device) is refused. */
export function openRegularFile(path: string): number {
  const fd = openSync(path, READ_FLAGS);
  if (!fstatSync(fd).isFile()) {
    closeSync(fd);
    throw Object.assign(new Error(`ENOENT: not a regular file, open '${path}'`), { code: 'ENOENT' });
  }
  return fd;
}

/** readFileSync of a regular file only (see openRegularFile). */
export function readRegularFileSync(path: string): Buffer {
  const fd = openRegularFile(path);
  try {
    return readFileSync(fd);
  } finally {
    closeSync(fd);
  }
}

export type ObjectType = 'commit' | 'tree' | 'blob' | 'tag';

/** An object's type and its whole inflated content. */
export interface RawObject {
  type: ObjectType;
  bytes: Buffer;
}

const TYPES: Record<number, ObjectType> = { 1: 'commit', 2: 'tree', 3: 'blob', 4: 'tag' };
const OFS_DELTA = 6;
const REF_DELTA = 7;
const IDX_MAGIC = 0xff744f63;
const HASH = 20;
/** The largest output buffer an entry's claimed size may make zlib allocate at once. */
const MAX_CHUNK = 64 * 1024 * 1024;
/** Bytes read ahead at once (see PackFile.bytesAt). */
const WINDOW = 32 * 1024;
/** The largest entry read into the reused scratch buffer (see PackFile.exactBuffer). */
const SCRATCH_MAX = 1024 * 1024;

/** A pack entry as stored: a whole object, or a delta against a base found by offset or by id. */
type Entry =
  | { kind: 'whole'; type: ObjectType; data: Buffer }
  | { kind: 'ofs'; base: number; data: Buffer }
  | { kind: 'ref'; base: Buffer; data: Buffer };

export class PackFile {
  private readonly count: number;
  private readonly names: Buffer;
  private readonly offsets32: Buffer;
  private readonly offsets64: Buffer;
  private readonly fanout: Uint32Array;
  /** Every object's offset, ascending, with the trailer's offset last: an object ends where the next starts. */
  private sorted: Float64Array | null = null;
  private fd: number | null = null;
  private readonly packSize: number;

  /** Reads `<name>.idx` whole (names and offsets: ~28 bytes an object); opens `<name>.pack` on first read. */
  constructor(
    readonly packPath: string,
    idxPath: string,
  ) {
    const idx = readRegularFileSync(idxPath);
    if (idx.length < 8 + 256 * 4 || idx.readUInt32BE(0) !== IDX_MAGIC || idx.readUInt32BE(4) !== 2) {
      throw new Error(`${idxPath} is not a version 2 pack index.`);
    }
    this.fanout = new Uint32Array(256);
    for (let i = 0; i < 256; i++) this.fanout[i] = idx.readUInt32BE(8 + i * 4);
    this.count = this.fanout[255]!;
    let at = 8 + 256 * 4;
    this.names = idx.subarray(at, (at += this.count * HASH));
    at += this.count * 4; // CRC32s: not needed to read
    this.offsets32 = idx.subarray(at, (at += this.count * 4));
    this.offsets64 = idx.subarray(at, idx.length - 2 * HASH);
    this.fd = openRegularFile(packPath);
    this.packSize = fstatSync(this.fd).size;
  }

  /** The entry's index for a 20-byte id, or -1 (compared byte by byte here: a native compare per step cost more than it saved). */
  private find(oid: Buffer): number {
    const names = this.names;
    let lo = oid[0] === 0 ? 0 : this.fanout[oid[0]! - 1]!;
    let hi = this.fanout[oid[0]!]!;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      const at = mid * HASH;
      let c = 0;
      for (let i = 1; i < HASH && c === 0; i++) c = oid[i]! - names[at + i]!;
      if (c === 0) return mid;
      if (c > 0) lo = mid + 1;
      else hi = mid;
    }
    return -1;
  }

  private offsetAt(i: number): number {
    const o = this.offsets32.readUInt32BE(i * 4);
    if (!(o & 0x80000000)) return o;
    const big = this.offsets64.readBigUInt64BE((o & 0x7fffffff) * 8);
    return Number(big);
  }

  /** The pack offset of an object, or -1 when this pack does not hold it. */
  offsetOf(oid: Buffer): number {
    const i = this.find(oid);
    return i < 0 ? -1 : this.offsetAt(i);
  }

  /** Full ids (hex) in this pack that start with `prefix` (lowercase hex, at least 2 digits). */
  idsWithPrefix(prefix: string, limit: number): string[] {
    const first = parseInt(prefix.slice(0, 2), 16);
    const out: string[] = [];
    for (let i = first === 0 ? 0 : this.fanout[first - 1]!; i < this.fanout[first]! && out.length < limit; i++) {
      const hex = this.names.toString('hex', i * HASH, i * HASH + HASH);
      if (hex.startsWith(prefix)) out.push(hex);
    }
    return out;
  }

  /** Where the entry at `offset` ends: the next entry's start (the offsets are sorted once, on first need). */
  private endOf(offset: number): number {
    if (!this.sorted) {
      const all = new Float64Array(this.count + 1);
      for (let i = 0; i < this.count; i++) all[i] = this.offsetAt(i);
      all[this.count] = this.packSize - HASH;
      all.sort();
      this.sorted = all;
    }
    const s = this.sorted;
    let lo = 0;
    let hi = s.length - 1;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (s[mid]! <= offset) lo = mid + 1;
      else hi = mid;
    }
    return s[lo]!;
  }

  /** Reads `length` bytes at `position` into the start of `buf` (at least that long); returns them. */
  private read(position: number, length: number, buf: Buffer): Buffer {
    if (this.fd === null) throw new Error(`The pack ${this.packPath} was closed.`);
    let done = 0;
    while (done < length) {
      const n = readSync(this.fd, buf, done, length - done, position + done);
      if (n === 0) throw new Error(`The pack ${this.packPath} ends early (object at ${position}).`);
      done += n;
    }
    return buf.length === length ? buf : buf.subarray(0, length);
  }

  /**
   * Where entries are read to: raw bytes live only until they are inflated, so one
   * buffer for read-ahead and one for entries read on their own serve every read
   * (a fresh buffer each cost an allocation and, on the wide bench repository's 733
   * entries, a share of the garbage collection). Entries over SCRATCH_MAX get their own.
   */
  private windowBuf: Buffer | null = null;
  private scratch: Buffer | null = null;

  private exactBuffer(length: number): Buffer {
    if (length > SCRATCH_MAX) return Buffer.allocUnsafe(length);
    if (!this.scratch || this.scratch.length < length) this.scratch = Buffer.allocUnsafe(Math.max(length, 2 * (this.scratch?.length ?? 0), 16 * 1024));
    return this.scratch;
  }

  /** The last bytes read ahead, where in the pack they start, and how many entries they served. */
  private window: Buffer | null = null;
  private windowStart = 0;
  private windowHits = 0;
  /** Misses still to read exactly after a wasted read-ahead, and how many the next waste skips. */
  private skipAhead = 0;
  private backoff = 1;

  /**
   * `length` bytes at `position`: from the bytes last read ahead when they hold them,
   * else with one read. Objects read together are mostly written together (a commit's
   * trees, the blobs of one folder): a miss reads WINDOW bytes ahead, so most small
   * entries cost no read of their own. Where reads are scattered (a delta chain's
   * entries across the pack), a read-ahead that served nothing makes the next misses
   * read exactly (1, 2, 4... up to 32 of them). The result is valid until the next call.
   */
  private bytesAt(position: number, length: number): Buffer {
    const w = this.window;
    if (w && position >= this.windowStart && position + length <= this.windowStart + w.length) {
      this.windowHits++;
      this.backoff = 1;
      return w.subarray(position - this.windowStart, position - this.windowStart + length);
    }
    if (w && this.windowHits === 0) {
      this.window = null;
      this.skipAhead = this.backoff;
      this.backoff = Math.min(this.backoff * 2, 32);
    }
    if (length >= WINDOW || this.skipAhead > 0) {
      if (this.skipAhead > 0) this.skipAhead--;
      return this.read(position, length, this.exactBuffer(length));
    }
    this.windowBuf ??= Buffer.allocUnsafe(WINDOW);
    this.window = this.read(position, Math.min(WINDOW, this.packSize - position), this.windowBuf);
    this.windowStart = position;
    this.windowHits = 0;
    return this.window.subarray(0, length);
  }

  /** The entry at `offset`: its header parsed and its data inflated (a delta stays a delta). */
  entryAt(offset: number): Entry {
    const end = this.endOf(offset);
    if (end <= offset) throw new Error(`No object at offset ${offset} of ${this.packPath}.`);
    const raw = this.bytesAt(offset, end - offset);
    let at = 0;
    let byte = raw[at++]!;
    const typeId = (byte >> 4) & 7;
    let size = byte & 15;
    let shift = 4;
    while (byte & 0x80) {
      byte = raw[at++]!;
      size += (byte & 0x7f) * 2 ** shift;
      shift += 7;
    }
    let base: number | Buffer | null = null;
    if (typeId === OFS_DELTA) {
      byte = raw[at++]!;
      let back = byte & 0x7f;
      while (byte & 0x80) {
        byte = raw[at++]!;
        back = (back + 1) * 128 + (byte & 0x7f);
      }
      base = offset - back;
    } else if (typeId === REF_DELTA) {
      base = raw.subarray(at, at + HASH);
      at += HASH;
    }
    // The header gives the inflated size: one output buffer of that size (plus the byte
    // zlib needs to see the stream end) instead of 16 KiB pieces joined (a tree or a
    // small blob allocated a fresh 16 KiB each). A size claimed past the bound (a damaged
    // or hostile pack) gets zlib's own growing buffers, and the check below.
    const data = inflateSync(raw.subarray(at), { chunkSize: Math.max(64, Math.min(size + 1, MAX_CHUNK)) });
    if (data.length !== size) throw new Error(`Object at ${offset} of ${this.packPath} inflates to ${data.length} bytes, not ${size}.`);
    if (typeof base === 'number') return { kind: 'ofs', base, data };
    if (base) return { kind: 'ref', base: Buffer.from(base), data };
    const type = TYPES[typeId];
    if (!type) throw new Error(`Unknown object type ${typeId} at ${offset} of ${this.packPath}.`);
    return { kind: 'whole', type, data };
  }

  close(): void {
    if (this.fd !== null) closeSync(this.fd);
    this.fd = null;
    this.window = null;
    this.windowBuf = null;
    this.scratch = null;
  }
}

/** Reads a delta header's size (a little-endian base-128 varint) at `at`: [value, next position]. */
function deltaSize(delta: Buffer, at: number): [number, number] {
  let value = 0;
  let shift = 0;
  let byte: number;
  do {
    byte = delta[at++]!;
    value += (byte & 0x7f) * 2 ** shift;
    shift += 7;
  } while (byte & 0x80);
  return [value, at];
}

/**
 * Copies below this many bytes go through a plain loop: Buffer#copy has a fixed cost
 * per call on Node 20, and deltas are mostly short copies and inserts (200 blobs of the
 * wide bench repository: 1.4 million, all under 64 bytes).
 */
const SHORT_COPY = 64;

/**
 * Applies a git delta to its base. One flat loop with the operands decoded by shifts
 * (no closure, no `2 ** n` per byte): 3x faster than the first version on the wide
 * bench repository's chains, where it was the embedded reader's largest cost.
 */
export function applyDelta(base: Buffer, delta: Buffer): Buffer {
  const [sourceSize, afterSource] = deltaSize(delta, 0);
  if (sourceSize !== base.length) throw new Error(`A delta expects a ${sourceSize}-byte base, got ${base.length}.`);
  const [resultSize, first] = deltaSize(delta, afterSource);
  const out = Buffer.allocUnsafe(resultSize);
  const end = delta.length;
  let at = first;
  let written = 0;
  while (at < end) {
    const op = delta[at++]!;
    if (op & 0x80) {
      // Copy from the base: offset (up to 4 bytes) and size (up to 3), each byte present when its bit is set.
      let offset = 0;
      if (op & 0x01) offset = delta[at++]!;
      if (op & 0x02) offset |= delta[at++]! << 8;
      if (op & 0x04) offset |= delta[at++]! << 16;
      if (op & 0x08) offset = (offset | (delta[at++]! << 24)) >>> 0;
      let size = 0;
      if (op & 0x10) size = delta[at++]!;
      if (op & 0x20) size |= delta[at++]! << 8;
      if (op & 0x40) size |= delta[at++]! << 16;
      if (size === 0) size = 0x10000;
      if (offset + size > base.length || written + size > resultSize) throw new Error('A delta copies past its base or result.');
      if (size > SHORT_COPY) base.copy(out, written, offset, offset + size);
      else for (let i = 0; i < size; i++) out[written + i] = base[offset + i]!;
      written += size;
    } else if (op > 0) {
      // Insert the next `op` bytes of the delta itself.
      if (written + op > resultSize || at + op > end) throw new Error('A delta inserts past its result.');
      if (op > SHORT_COPY) delta.copy(out, written, at, at + op);
      else for (let i = 0; i < op; i++) out[written + i] = delta[at + i]!;
      written += op;
      at += op;
    } else {
      throw new Error('A delta has a reserved opcode 0.');
    }
  }
  if (written !== resultSize) throw new Error(`A delta wrote ${written} of ${resultSize} bytes.`);
  return out;
}
