/**
 * An HTTP/1.1 response body's framing (RFC 9112 §6-7), read as its bytes
 * pass: how many of them belong to the message, and where its body's data is.
 * Nothing is copied: the body is handed on as views into the bytes given, so
 * the relay can forward the upstream's own framing verbatim and still give the
 * usage tap the decoded body.
 */

/** A response the relay cannot read as HTTP/1.1: its connection is not reused. */
export class FramingError extends Error {
  readonly code = 'HPE_INVALID_FRAMING';
}

export interface BodyFraming {
  /**
   * Feeds the next bytes of the connection; calls `onBody` with each view of
   * body data in them, in order; returns how many of the bytes belong to this
   * message (fewer than given only once it is complete). Throws FramingError.
   */
  feed(bytes: Buffer, onBody: (data: Buffer) => void): number;
  /** The message is complete. */
  readonly done: boolean;
}

/** A body of exactly `length` bytes (`Content-Length`; 0 for a response that has none). */
export function lengthFraming(length: number): BodyFraming {
  let left = length;
  return {
    feed(bytes, onBody) {
      const n = Math.min(left, bytes.length);
      if (n > 0) onBody(n === bytes.length ? bytes : bytes.subarray(0, n));
      left -= n;
      return n;
    },
    get done() {
      return left === 0;
    },
  };
}

/** A body that ends when the connection does (neither a length nor chunks): never done here. */
export function closeFraming(): BodyFraming {
  return {
    feed(bytes, onBody) {
      if (bytes.length > 0) onBody(bytes);
      return bytes.length;
    },
    done: false,
  };
}

/** Longest chunk-size line (with extensions) and the most trailer bytes accepted. */
const LINE_MAX = 4096;
const TRAILERS_MAX = 64 * 1024;
const HEX = /^([0-9A-Fa-f]{1,12})[ \t]*(?:;.*)?$/;

const enum At {
  Size,
  Data,
  DataEnd,
  Trailers,
  Done,
}

/**
 * `Transfer-Encoding: chunked`: chunk-size lines are parsed (a few bytes
 * each); chunk data is skipped over by its length, never scanned.
 */
export function chunkedFraming(): BodyFraming {
  let at = At.Size;
  /** Bytes left of the current chunk's data, or of its closing CRLF. */
  let left = 0;
  /** The current size or trailer line, when it spans reads (latin1). */
  let line = '';
  let trailerBytes = 0;
  /** Whether the CR of a data's closing CRLF has been seen. */
  let sawCr = false;

  return {
    feed(bytes, onBody) {
      let i = 0;
      while (i < bytes.length && at !== At.Done) {
        if (at === At.Data) {
          const n = Math.min(left, bytes.length - i);
          onBody(n === bytes.length ? bytes : bytes.subarray(i, i + n));
          i += n;
          left -= n;
          if (left === 0) {
            at = At.DataEnd;
            sawCr = false;
          }
          continue;
        }
        if (at === At.DataEnd) {
          const b = bytes[i++];
          if (!sawCr && b === 0x0d) sawCr = true;
          else if (sawCr && b === 0x0a) at = At.Size;
          else throw new FramingError('Parse Error: chunk data not followed by CRLF');
          continue;
        }
        // A line: a chunk size (with extensions), or a trailer.
        const nl = bytes.indexOf(0x0a, i);
        const end = nl < 0 ? bytes.length : nl;
        line += bytes.toString('latin1', i, end);
        if (at === At.Trailers) trailerBytes += end - i;
        if (line.length > LINE_MAX || trailerBytes > TRAILERS_MAX) throw new FramingError('Parse Error: chunk line or trailers too long');
        if (nl < 0) return bytes.length;
        i = nl + 1;
        if (!line.endsWith('\r')) throw new FramingError('Parse Error: a chunk line not ended by CRLF');
        const text = line.slice(0, -1);
        line = '';
        if (at === At.Trailers) {
          if (text === '') at = At.Done;
          continue;
        }
        const m = HEX.exec(text);
        if (!m) throw new FramingError('Parse Error: invalid chunk size');
        const size = Number.parseInt(m[1]!, 16);
        if (size === 0) at = At.Trailers;
        else {
          at = At.Data;
          left = size;
        }
      }
      return i;
    },
    get done() {
      return at === At.Done;
    },
  };
}
