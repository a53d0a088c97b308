/**
 * The relay's client towards its upstreams: node's own `http`/`https`
 * clients (llhttp, the parser node's servers and fetch's undici share; a
 * maintained one, where the relay once had a hand-written HTTP/1.1 parser),
 * with kept-alive connections per origin, decorated with what the relay
 * needs on top: a request sent once more when a kept-alive connection the
 * upstream had closed breaks before any answer (the stale-connection race),
 * a response head bigger than node's 16 KiB default, framing node would pass
 * on but the relay will not guess at (a transfer coding besides chunked), and
 * plain reasons for what the parser refuses. TLS is verified as node:https
 * does (its defaults: the system's trust store, the host name checked).
 */
import http, { type IncomingHttpHeaders, type IncomingMessage, type OutgoingHttpHeaders } from 'node:http';
import type httpsModule from 'node:https';

export interface UpstreamHead {
  status: number;
  statusMessage: string;
  /** As node's client gives them: lower-case names, `set-cookie` an array, other repeats joined. */
  headers: IncomingHttpHeaders;
}

export interface UpstreamHandlers {
  /** The final response's head (1xx interim responses are passed over). */
  head(head: UpstreamHead): void;
  /** Decoded body data (a chunked body without its framing), in order. */
  body(data: Buffer): void;
  /** The message is complete; its trailers (empty unless chunked with trailers). */
  end(trailers: IncomingHttpHeaders): void;
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
  /** Closes idle connections (calls in flight end on their own or by `destroy`). */
  close(): void;
}

export interface UpstreamClientOptions {
  /** Certificates trusted instead of node's store (tests: a test CA beside the system's roots). */
  ca?: string | Buffer | (string | Buffer)[];
}

/** Largest response head accepted (node's default is 16 KiB). */
const HEAD_MAX = 64 * 1024;
/** An idle kept-alive connection is closed after this (node's own servers close theirs after 5 s). */
const IDLE_MS = 4_000;
/** Errors of a connection that broke before anything was read: the upstream closed a kept-alive one as the request went out. */
const STALE = new Set(['ECONNRESET', 'EPIPE', 'ECONNABORTED']);

/** The parser's refusals (llhttp codes) in words the CLI can show. */
const PARSE_REASONS: Record<string, string> = {
  HPE_HEADER_OVERFLOW: 'response head too large',
  HPE_INVALID_CONSTANT: 'invalid status line',
  HPE_INVALID_VERSION: 'invalid status line',
  HPE_INVALID_STATUS: 'invalid status line',
  HPE_INVALID_HEADER_TOKEN: 'invalid header line',
  HPE_INVALID_CONTENT_LENGTH: 'invalid content-length',
  HPE_UNEXPECTED_CONTENT_LENGTH: 'both transfer-encoding and content-length',
  HPE_INVALID_TRANSFER_ENCODING: 'invalid transfer-encoding',
  HPE_INVALID_CHUNK_SIZE: 'invalid chunk size',
  HPE_STRICT: 'a malformed line',
  HPE_LF_EXPECTED: 'a line not ended by CRLF',
  HPE_CR_EXPECTED: 'a line not ended by CRLF',
};

/** An error the relay words as "could not read the answer" (the upstream was reached, what it said was not HTTP it passes on). */
export class UnreadableAnswer extends Error {
  readonly code = 'LOUPE_UNREADABLE_ANSWER';
}

function unreadable(err: NodeJS.ErrnoException): NodeJS.ErrnoException {
  const code = err.code ?? '';
  if (!code.startsWith('HPE_')) return err;
  return new UnreadableAnswer(PARSE_REASONS[code] ?? `${code.slice(4).toLowerCase().replace(/_/g, ' ')}`);
}

/**
 * A client with kept-alive connections per origin. `https` is node:https,
 * given only when an upstream is https (loading TLS costs every CLI start ~10 ms).
 */
export function upstreamClient(https: typeof httpsModule | null, options: UpstreamClientOptions = {}): UpstreamClient {
  const plainAgent = new http.Agent({ keepAlive: true, keepAliveMsecs: 1_000, timeout: IDLE_MS, scheduling: 'lifo' });
  // Only HTTP/1.1 is spoken: ALPN says so, so an h2-only upstream refuses the handshake rather than answering garbage.
  const tlsAgent = https ? new https.Agent({ keepAlive: true, keepAliveMsecs: 1_000, timeout: IDLE_MS, scheduling: 'lifo', ALPNProtocols: ['http/1.1'], ...(options.ca ? { ca: options.ca } : {}) }) : null;

  /** Drops the idle connections to `target`'s origin: one of them was found closed, the others are as old. */
  function dropIdle(agent: http.Agent, target: URL): void {
    for (const [name, sockets] of Object.entries(agent.freeSockets)) {
      if (!name.startsWith(`${target.hostname}:`)) continue;
      for (const s of sockets ?? []) s.destroy();
    }
  }

  return {
    request(target, method, headers, body, handlers) {
      const secure = target.protocol === 'https:';
      let finished = false;
      let req: http.ClientRequest | null = null;
      let res: IncomingMessage | null = null;
      let retried = false;
      const fail = (err: NodeJS.ErrnoException) => {
        if (finished) return;
        finished = true;
        req?.destroy();
        handlers.error(unreadable(err));
      };
      if (secure && !tlsAgent) {
        const err = new Error('node:https was not loaded for an https upstream') as NodeJS.ErrnoException;
        err.code = 'ERR_TLS_NOT_LOADED';
        process.nextTick(() => fail(err));
        return { pause() {}, resume() {}, destroy: () => void (finished = true) };
      }
      const agent = secure ? tlsAgent! : plainAgent;

      function send(): void {
        let answered = false;
        const options: http.RequestOptions = { method, headers, agent, maxHeaderSize: HEAD_MAX };
        let r: http.ClientRequest;
        try {
          r = (secure ? https!.request : http.request)(target, options);
        } catch (err) {
          // An invalid header (node validates names and values): reported after the caller has its handle.
          process.nextTick(() => fail(err as NodeJS.ErrnoException));
          return;
        }
        req = r;
        r.on('response', (response) => {
          answered = true;
          if (finished) return void response.destroy();
          res = response;
          // node passes any transfer coding ending in chunked on decoded of chunks only: the rest would reach the CLI unlabelled.
          const te = response.headers['transfer-encoding'];
          if (te !== undefined && te.trim().toLowerCase() !== 'chunked') return fail(new UnreadableAnswer(`unsupported transfer-encoding "${te}"`));
          try {
            handlers.head({ status: response.statusCode ?? 502, statusMessage: response.statusMessage ?? '', headers: response.headers });
          } catch (err) {
            return fail(err as NodeJS.ErrnoException);
          }
          response.on('data', (data: Buffer) => {
            if (!finished) handlers.body(data);
          });
          response.on('end', () => {
            if (finished) return;
            finished = true;
            handlers.end(response.trailers);
          });
          response.on('error', (err: NodeJS.ErrnoException) => fail(err));
          response.on('close', () => {
            if (!response.complete) fail(Object.assign(new Error('socket hang up'), { code: 'ECONNRESET' }));
          });
        });
        // A 101 the relay never asked for (it sends no Upgrade): not an answer it can pass on.
        r.on('upgrade', (_res, socket) => {
          socket.destroy();
          fail(new UnreadableAnswer('the upstream switched protocols'));
        });
        r.on('error', (err: NodeJS.ErrnoException) => {
          if (finished) return;
          // A kept-alive connection the upstream closed as this request went out (its idle timeout
          // raced the relay's): nothing was answered, so the request is sent once more on a new
          // connection, as browsers and Go's client do. Never for a new connection, never twice.
          if (r.reusedSocket && !answered && !retried && STALE.has(err.code ?? '')) {
            retried = true;
            dropIdle(agent, target);
            return send();
          }
          fail(err);
        });
        r.end(body.length > 0 ? body : undefined);
      }
      send();

      return {
        pause: () => res?.pause(),
        resume: () => res?.resume(),
        destroy: () => {
          finished = true;
          req?.destroy();
          res?.destroy();
        },
      };
    },
    close() {
      plainAgent.destroy();
      tlsAgent?.destroy();
    },
  };
}
