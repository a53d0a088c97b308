import { closeSync, openSync, readSync } from 'node:fs';
import { open } from 'node:fs/promises';

/** A line longer than this is skipped as malformed rather than held in memory. */
export const MAX_SESSION_LINE_BYTES = 64 * 1024 * 1024;

/** Deeper lines are skipped as malformed: the readers after this one recurse, and would overflow the stack. */
export const MAX_SESSION_LINE_DEPTH = 512;

/** True when `value` nests objects or arrays deeper than `max` (an iterative walk: it cannot overflow itself). */
export function nestsDeeperThan(value: unknown, max: number): boolean {
  const stack: [unknown, number][] = [[value, 1]];
  while (stack.length) {
    const [v, depth] = stack.pop()!;
    if (typeof v !== 'object' || v === null) continue;
    if (depth > max) return true;
    for (const child of Array.isArray(v) ? v : Object.values(v)) {
      if (typeof child === 'object' && child !== null) stack.push([child, depth + 1]);
    }
  }
  return false;
}

/**
 * A cheap necessary condition for deep nesting: that many opening brackets at all.
 * Counted with indexOf (a fast native search) rather than a loop over every
 * character: a transcript line is mostly long strings with few brackets.
 */
function mayNestDeeply(text: string, max: number): boolean {
  if (text.length < max * 2) return false;
  let open = 0;
  for (const bracket of ['{', '[']) {
    for (let i = text.indexOf(bracket); i >= 0; i = text.indexOf(bracket, i + 1)) if (++open > max) return true;
  }
  return false;
}

export interface JsonlLine {
  /** 1-based. */
  lineNo: number;
  /** The parsed line (only lines that are JSON objects are handed on). */
  value: Record<string, unknown>;
  /** UTF-8 bytes of the line without its newline. */
  bytes: number;
  /** Byte offset of the line's start in the file (to read it again later instead of holding it). */
  offset: number;
}

export interface JsonlResult {
  /** Complete lines read (blank lines not counted). */
  read: number;
  malformed: number;
  /** The file ended inside a line that did not parse: it is being written, and was left out. */
  partialTail: boolean;
}

/** Bytes read at a time into each of two buffers, reused (a line is decoded out of them at once, so nothing keeps them). */
const CHUNK_BYTES = 256 * 1024;

/**
 * Streams a JSONL file line by line (256 KiB reads into two reused buffers),
 * calling `onLine` for each complete line with its number and parsed object.
 * Memory is one line at a time. A last line without a newline is used when it
 * parses (some writers end without one) and otherwise reported as a partial
 * tail, not as malformed. Each line is decoded from its bytes in one go (a line
 * split across reads is joined first), never through a decoder per piece.
 */
export async function readJsonl(path: string, onLine: (line: JsonlLine) => void, signal?: AbortSignal): Promise<JsonlResult> {
  const handle = await open(path, 'r');
  // Two buffers: the next read is in flight while this one's lines are parsed (a read's
  // round trip through libuv's thread pool is not waited for on a busy machine).
  let filling = Buffer.allocUnsafe(CHUNK_BYTES);
  let spare = Buffer.allocUnsafe(CHUNK_BYTES);
  let position = 0;
  let pending: Promise<{ bytesRead: number }> | null = handle.read(filling, 0, CHUNK_BYTES, 0);
  // A line's head from earlier reads (copies: the buffer is reused).
  let carry: Buffer[] = [];
  let carryBytes = 0;
  let oversized = false;
  let lineNo = 0;
  // Byte offset of the current line's start, and of the current chunk's.
  let lineStart = 0;
  let chunkBase = 0;
  const result: JsonlResult = { read: 0, malformed: 0, partialTail: false };

  const emit = (text: string, bytes: number, complete: boolean) => {
    lineNo += 1;
    if (text.trim() === '') return;
    let value: unknown;
    try {
      value = JSON.parse(text);
    } catch {
      if (!complete) {
        result.partialTail = true;
        return;
      }
      result.read += 1;
      result.malformed += 1;
      return;
    }
    result.read += 1;
    if (typeof value !== 'object' || value === null || Array.isArray(value)) {
      result.malformed += 1;
      return;
    }
    // One absurdly nested line is skipped and counted; it must not make the whole transcript unreadable.
    if (mayNestDeeply(text, MAX_SESSION_LINE_DEPTH) && nestsDeeperThan(value, MAX_SESSION_LINE_DEPTH)) {
      result.malformed += 1;
      return;
    }
    onLine({ lineNo, value: value as Record<string, unknown>, bytes, offset: lineStart });
  };
  const decode = (last: Buffer) => {
    const text = carryBytes === 0 ? last.toString('utf8') : Buffer.concat([...carry, last]).toString('utf8');
    return text.endsWith('\r') ? text.slice(0, -1) : text;
  };

  try {
    for (;;) {
      const { bytesRead } = await pending!;
      pending = null;
      signal?.throwIfAborted();
      if (bytesRead === 0) break;
      const chunk = filling.subarray(0, bytesRead);
      position += bytesRead;
      [filling, spare] = [spare, filling];
      pending = handle.read(filling, 0, CHUNK_BYTES, position);
      let start = 0;
      let nl: number;
      while ((nl = chunk.indexOf(10, start)) >= 0) {
        const piece = chunk.subarray(start, nl);
        if (oversized) {
          lineNo += 1;
          result.read += 1;
          result.malformed += 1;
        } else {
          emit(decode(piece), carryBytes + piece.length, true);
        }
        carry = [];
        carryBytes = 0;
        oversized = false;
        start = nl + 1;
        lineStart = chunkBase + start;
      }
      if (start < chunk.length && !oversized) {
        const rest = chunk.subarray(start);
        carryBytes += rest.length;
        if (carryBytes > MAX_SESSION_LINE_BYTES) {
          oversized = true;
          carry = [];
        } else carry.push(Buffer.from(rest));
      }
      chunkBase += chunk.length;
    }
  } finally {
    // A read still in flight (the parse threw or was cancelled) ends before the file closes.
    await pending?.catch(() => undefined);
    await handle.close();
  }
  if (oversized) {
    result.partialTail = true;
  } else if (carryBytes > 0) {
    const text = Buffer.concat(carry).toString('utf8');
    emit(text, carryBytes, false);
  }
  return result;
}

/**
 * Reads single lines of a JSONL file again by where readJsonl found them (one
 * positional read each), for readers that must settle records only at the end
 * without holding every line. A line that no longer parses as an object gives null.
 */
export function openLineReader(path: string): { read(at: { offset: number; bytes: number }): Record<string, unknown> | null; close(): void } {
  const fd = openSync(path, 'r');
  return {
    read({ offset, bytes }) {
      const buf = Buffer.allocUnsafe(bytes);
      const got = readSync(fd, buf, 0, bytes, offset);
      try {
        const value: unknown = JSON.parse(buf.subarray(0, got).toString('utf8'));
        return typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : null;
      } catch {
        return null;
      }
    },
    close: () => closeSync(fd),
  };
}
