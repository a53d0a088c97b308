/**
 * The relay's HTTP/1.1 client towards its upstreams. Node's own client
 * decodes a chunked body and the relay's server frames it again for the CLI;
 * on a long stream that is most of the relay's CPU beside the socket copies
 * (measured: bench/wire.bench.ts). This client parses the response head,
 * follows the body's framing without copying it (./framing.ts) and hands on
 * both the raw bytes, framing included, and the decoded body views, so the
 * relay forwards the upstream's own bytes. Connections are kept alive per
 * origin; TLS is verified as node:https does (tls.connect's defaults).
 */
import type { IncomingHttpHeaders, OutgoingHttpHeaders } from 'node:http';
import net, { isIP, type Socket } from 'node:net';
import type tlsModule from 'node:tls';
import { chunkedFraming, closeFraming, FramingError, lengthFraming, type BodyFraming } from './framing';

export interface UpstreamHead {
  status: number;
  statusMessage: string;
  /** As node's client gives them: lower-case names, `set-cookie` an array, other repeats joined. */
  headers: IncomingHttpHeaders;
  /** The body comes in chunked framing (`Transfer-Encoding: chunked`). */
  chunked: boolean;
  /** The response has no body (HEAD, 1xx, 204, 304). */
  bodiless: boolean;
}

export interface UpstreamHandlers {
  /** The final response's head (1xx interim responses are passed over). */
  head(head: UpstreamHead): void;
  /** A view of decoded body data (valid during the call only unless kept). */
  body(data: Buffer): void;
  /** The message's bytes as they came, framing included, after their body views. */
  raw(bytes: Buffer): void;
  /** The message is complete. */
  end(): void;
  /** Connect, TLS, a broken connection or an unreadable response; called at most once, never after `end`. */
  error(err: NodeJS.ErrnoException): void;
}

export interface UpstreamCall {
  pause(): void;
  resume(): void;
  /** Stops the exchange: the connection is closed, never reused; no handler is called after. */
  destroy(): void;
}

export interface UpstreamClient {
  request(target: URL, method: string, headers: OutgoingHttpHeaders, body: Buffer, handlers: UpstreamHandlers): UpstreamCall;
  /** Closes idle connections (and refuses nothing: calls in flight end on their own or by `destroy`). */
  close(): void;
}

/** Largest response head accepted (node's default is 16 KiB). */
const HEAD_MAX = 64 * 1024;
/** An idle kept-alive connection is closed after this (node's own servers close theirs after 5 s). */
const IDLE_MS = 4_000;
/** What a paused plain connection (a CLI slow to read) takes in before it stops reading: the relay's 256 KiB, not node's 16 (a TLS socket keeps node's default). */
const READ_HWM = 256 * 1024;
const HEADER_LINE = /^([!#$%&'*+.^_`|~0-9A-Za-z-]+):[ \t]*(.*?)[ \t]*$/;
const STATUS_LINE = /^HTTP\/1\.([01]) ([1-9]\d\d)(?: (.*))?$/;
const BAD_VALUE = /[\x00-\x08\x0a-\x1f\x7f]/;
/** Headers of which node's client keeps only the first (the rest join with ", ", set-cookie is a list). */
const SINGLE = new Set([
  'age', 'authorization', 'content-length', 'content-type', 'etag', 'expires', 'from', 'host', 'if-modified-since',
  'if-unmodified-since', 'last-modified', 'location', 'max-forwards', 'proxy-authorization', 'referer', 'retry-after', 'server', 'user-agent',
]);

function failure(message: string, code: string): NodeJS.ErrnoException {
  const err = new Error(message) as NodeJS.ErrnoException;
  err.code = code;
  return err;
}

interface ParsedHead {
  version: 0 | 1;
  status: number;
  statusMessage: string;
  headers: IncomingHttpHeaders;
}

/** Parses a response head (without its final CRLF CRLF); throws FramingError when it is not HTTP/1.x. */
function parseHead(text: string): ParsedHead {
  const lines = text.split('\r\n');
  const m = STATUS_LINE.exec(lines[0]!);
  if (!m) throw new FramingError('Parse Error: invalid status line');
  const headers: IncomingHttpHeaders = {};
  const h = headers as Record<string, string | string[] | undefined>;
  for (let i = 1; i < lines.length; i++) {
    const hm = HEADER_LINE.exec(lines[i]!);
    if (!hm || BAD_VALUE.test(hm[2]!)) throw new FramingError('Parse Error: invalid header line');
    const name = hm[1]!.toLowerCase();
    const value = hm[2]!;
    const had = h[name];
    if (name === 'set-cookie') h[name] = [...((had as string[] | undefined) ?? []), value];
    else if (had === undefined) h[name] = value;
    else if (!SINGLE.has(name)) h[name] = `${had as string}${name === 'cookie' ? '; ' : ', '}${value}`;
  }
  return { version: m[1] === '1' ? 1 : 0, status: Number(m[2]), statusMessage: m[3] ?? '', headers };
}

/** The body's framing (RFC 9112 §6.3); throws FramingError on one the relay will not guess at. */
function framingOf(method: string, head: ParsedHead): { framing: BodyFraming; kind: 'none' | 'chunked' | 'length' | 'close' } {
  const te = head.headers['transfer-encoding'];
  const cl = head.headers['content-length'];
  if (method === 'HEAD' || head.status === 204 || head.status === 304) return { framing: lengthFraming(0), kind: 'none' };
  if (te !== undefined) {
    if (te.trim().toLowerCase() !== 'chunked') throw new FramingError(`Parse Error: unsupported transfer-encoding "${te}"`);
    if (cl !== undefined) throw new FramingError('Parse Error: both transfer-encoding and content-length');
    return { framing: chunkedFraming(), kind: 'chunked' };
  }
  if (cl !== undefined) {
    if (!/^\d{1,15}$/.test(cl.trim())) throw new FramingError('Parse Error: invalid content-length');
    return { framing: lengthFraming(Number(cl.trim())), kind: 'length' };
  }
  return { framing: closeFraming(), kind: 'close' };
}

/** The request's head; header values came through node's parser or the relay's own code (no CR/LF), checked again here. */
function requestHead(target: URL, method: string, headers: OutgoingHttpHeaders): string {
  let head = `${method} ${target.pathname}${target.search} HTTP/1.1\r\n`;
  for (const [name, value] of Object.entries(headers)) {
    if (value === undefined) continue;
    for (const v of Array.isArray(value) ? value : [value]) {
      const text = String(v);
      if (BAD_VALUE.test(text) || !/^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/.test(name)) throw failure(`Invalid header ${name}`, 'ERR_INVALID_CHAR');
      head += `${name}: ${text}\r\n`;
    }
  }
  return `${head}\r\n`;
}

/**
 * A client with kept-alive connections per origin. `tls` is node:tls, given
 * only when an upstream is https (loading it costs every CLI start ~10 ms).
 */
export function upstreamClient(tls: typeof tlsModule | null): UpstreamClient {
  const idle = new Map<string, Socket[]>();
  /** Each idle connection's own listener (only it is removed on reuse: a TLS socket has listeners of node's). */
  const idleDrop = new Map<Socket, () => void>();

  function connect(target: URL): Socket {
    const host = target.hostname.replace(/^\[|\]$/g, '');
    const secure = target.protocol === 'https:';
    const port = Number(target.port) || (secure ? 443 : 80);
    if (secure && !tls) throw failure('node:tls was not loaded for an https upstream', 'ERR_TLS_NOT_LOADED');
    const socket = secure
      ? tls!.connect({ host, port, servername: isIP(host) ? undefined : host, ALPNProtocols: ['http/1.1'] })
      : // highWaterMark reaches the socket's stream options (untyped in @types/node's NetConnectOpts).
        net.connect({ host, port, highWaterMark: READ_HWM } as net.NetConnectOpts);
    socket.setNoDelay(true);
    socket.setKeepAlive(true, 1_000);
    return socket;
  }

  /** A kept-alive connection to `origin`, or null. */
  function takeIdle(origin: string): Socket | null {
    const list = idle.get(origin);
    while (list?.length) {
      const socket = list.pop()!;
      const drop = idleDrop.get(socket);
      idleDrop.delete(socket);
      if (drop) socket.off('data', drop).off('close', drop).off('error', drop).off('timeout', drop);
      if (socket.destroyed || !socket.writable) continue;
      socket.setTimeout(0);
      return socket;
    }
    return null;
  }

  function putIdle(origin: string, socket: Socket): void {
    const list = idle.get(origin) ?? [];
    idle.set(origin, list);
    list.push(socket);
    const drop = () => {
      socket.destroy();
      const at = list.indexOf(socket);
      if (at >= 0) list.splice(at, 1);
    };
    idleDrop.set(socket, drop);
    // Bytes on an idle connection are a protocol error; a close or an error ends it.
    socket.on('data', drop).on('close', drop).on('error', drop).on('timeout', drop);
    socket.setTimeout(IDLE_MS);
    socket.resume();
  }

  return {
    request(target, method, headers, body, handlers) {
      const origin = target.origin;
      let finished = false;
      let socket: Socket;
      /** The connection was kept alive from an earlier exchange (and may have been closed by the upstream meanwhile). */
      let reused = false;
      try {
        const kept = takeIdle(origin);
        reused = kept !== null;
        socket = kept ?? connect(target);
      } catch (err) {
        // Reported after the caller has its handle, as a socket error would be.
        process.nextTick(() => finished || ((finished = true), handlers.error(err as NodeJS.ErrnoException)));
        return { pause() {}, resume() {}, destroy: () => void (finished = true) };
      }
      /** Whether the exchange has ended; a handler may end it (destroy) while it runs. */
      const over = () => finished;
      /** Any response byte has come on this connection. */
      let answered = false;
      const fail = (err: NodeJS.ErrnoException) => {
        if (finished) return;
        // The old connection's late events must not reach this exchange (nor throw).
        socket.off('data', onData).off('end', onEnd).off('close', onClose).off('error', onError).on('error', () => {});
        socket.destroy();
        // A kept-alive connection the upstream closed as this request went out (its idle timeout
        // raced the relay's): nothing was answered, so the request is sent once more on a new
        // connection, as browsers and Go's client do. Never for a new connection, never twice.
        if (reused && !answered) {
          reused = false;
          try {
            socket = connect(target);
          } catch (again) {
            finished = true;
            return handlers.error(again as NodeJS.ErrnoException);
          }
          return send();
        }
        finished = true;
        handlers.error(err);
      };

      /** The response head not yet complete (null once the body has started). */
      let pending: Buffer | null = Buffer.alloc(0);
      let framing: BodyFraming | null = null;
      let closeDelimited = false;
      let reusable = false;
      const done = () => {
        finished = true;
        socket.off('data', onData).off('end', onEnd).off('close', onClose).off('error', onError);
        if (reusable && !socket.destroyed) putIdle(origin, socket);
        else socket.destroy();
        handlers.end();
      };
      /** Body bytes: views to `body`, the message's own bytes to `raw`; bytes after the message end its reuse. */
      const onBodyBytes = (bytes: Buffer) => {
        const used = framing!.feed(bytes, handlers.body);
        if (over()) return;
        if (used > 0) handlers.raw(used === bytes.length ? bytes : bytes.subarray(0, used));
        if (over()) return;
        if (framing!.done) {
          if (used < bytes.length) reusable = false;
          done();
        }
      };
      const onData = (chunk: Buffer) => {
        answered = true;
        try {
          if (pending === null) return onBodyBytes(chunk);
          pending = pending.length ? Buffer.concat([pending, chunk]) : chunk;
          // Interim (1xx) heads are passed over; the final head starts the body.
          for (;;) {
            const end = pending.indexOf('\r\n\r\n');
            // Too large whether it is still coming or came whole in one read.
            if ((end < 0 ? pending.length : end) > HEAD_MAX) throw new FramingError('Parse Error: response head too large');
            if (end < 0) return;
            const head = parseHead(pending.toString('latin1', 0, end));
            const rest = pending.subarray(end + 4);
            if (head.status === 101) throw new FramingError('Parse Error: the upstream switched protocols');
            if (head.status < 200) {
              pending = rest;
              continue;
            }
            const f = framingOf(method, head);
            framing = f.framing;
            closeDelimited = f.kind === 'close';
            const connection = String(head.headers.connection ?? '').toLowerCase();
            reusable = head.version === 1 && !/\bclose\b/.test(connection) && !closeDelimited;
            pending = null;
            handlers.head({ status: head.status, statusMessage: head.statusMessage, headers: head.headers, chunked: f.kind === 'chunked', bodiless: f.kind === 'none' });
            if (over()) return;
            if (framing.done) {
              if (rest.length > 0) reusable = false;
              return done();
            }
            if (rest.length > 0) onBodyBytes(rest);
            return;
          }
        } catch (err) {
          fail(err as NodeJS.ErrnoException);
        }
      };
      // A body that runs to the close ends with it; any other exchange is cut short.
      const onEnd = () => (closeDelimited && pending === null && !finished ? done() : fail(failure('socket hang up', 'ECONNRESET')));
      const onClose = () => fail(failure('socket hang up', 'ECONNRESET'));
      const onError = (err: NodeJS.ErrnoException) => fail(err);
      function send(): void {
        socket.on('data', onData).on('end', onEnd).on('close', onClose).on('error', onError);
        try {
          socket.cork();
          socket.write(requestHead(target, method, headers), 'latin1');
          if (body.length > 0) socket.write(body);
          socket.uncork();
        } catch (err) {
          process.nextTick(() => fail(err as NodeJS.ErrnoException));
        }
      }
      send();

      return {
        pause: () => socket.pause(),
        resume: () => socket.resume(),
        destroy: () => {
          finished = true;
          socket.destroy();
        },
      };
    },
    close() {
      for (const list of idle.values()) for (const socket of list) socket.destroy();
      idle.clear();
      idleDrop.clear();
    },
  };
}
