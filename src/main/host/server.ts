import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import type { Duplex } from 'node:stream';
import { httpAliases, isMethodName, type Envelope } from '../../shared/api';
import { isStreamId } from '../../shared/streams/keys';
import { LoupeError } from '../../shared/errors';
import type { Runtime } from '../core/runtime';
import { BodyTooLarge, readJsonBody, sendError, sendJson, tooLargeByDeclaration } from './http-util';
import { hostAndOriginAllowed, newToken, requestToken, tokenCookie, tokenMatches } from './security';
import { openEventStream } from './event-stream';
import { serveStatic } from './static-files';
import { guardConnections } from '../core/net/connection-guard';

export interface HostOptions {
  runtime: Runtime;
  /** Folder holding the built renderer (index.html). */
  rendererDir: string;
  port?: number;
  token?: string;
  /** Tests use short ones. */
  limits?: Partial<HostLimits>;
}

export interface RunningHost {
  server: Server;
  port: number;
  token: string;
  /** The URL to open, token included (the page trades it for a cookie at once). */
  url: string;
  close(): Promise<void>;
}

/** Limits suited to a local app: a slow client can hold a connection only briefly. */
export const HOST_LIMITS = {
  headersTimeoutMs: 10_000,
  requestTimeoutMs: 15_000,
  keepAliveTimeoutMs: 5_000,
  maxConnections: 128,
  /** How often Node checks the two timeouts above (its default, 30 s, would let them run to 40 s and more). */
  checkIntervalMs: 1_000,
  /** After a 413 the host reads and drops what the client still sends for at most this long, then closes. */
  lingerMs: 2_000,
} as const;

export type HostLimits = { -readonly [K in keyof typeof HOST_LIMITS]: number };

/** A short JSON answer written on the raw socket, for errors the HTTP parser found. */
function rawError(socket: Duplex, status: number, reason: string, message: string): void {
  if (!socket.writable) return;
  const body = JSON.stringify({ ok: false, error: { code: 'invalid-input', message } } satisfies Envelope);
  socket.end(
    `HTTP/1.1 ${status} ${reason}\r\ncontent-type: application/json; charset=utf-8\r\ncontent-length: ${Buffer.byteLength(body)}\r\nconnection: close\r\n\r\n${body}`,
  );
}

/**
 * Closes a connection after its answer without resetting it. Node ends a `connection: close`
 * response with `socket.destroySoon()`: the socket is destroyed as soon as the answer is
 * written, and a client still sending its body then gets a TCP reset, which can discard the
 * answer before the client reads it (curl saw 24 of 80 413s lost that way). Here the answer
 * ends with a FIN, what still arrives is read and dropped, and the socket closes when the
 * client closes its side or after `lingerMs` (what Apache and nginx call a lingering close).
 */
function lingerAfterAnswer(socket: Socket | null, lingerMs: number): void {
  // Already detached: the answer was written, or the client is gone.
  if (!socket) return;
  socket.destroySoon = () => {
    const timer = setTimeout(() => socket.destroy(), lingerMs);
    timer.unref();
    socket.once('close', () => clearTimeout(timer));
    socket.once('end', () => socket.destroy());
    socket.end();
    socket.resume();
  };
}

/** The method name from the URL; malformed percent-encoding names no method (dispatch says so). */
function decodeMethodName(raw: string): string {
  try {
    return decodeURIComponent(raw);
  } catch {
    return raw;
  }
}

/**
 * Serves the renderer and the service table on 127.0.0.1 only. Every API call
 * needs the per-launch token (header, Bearer, or the cookie the page got at
 * boot); a foreign Host or Origin is refused first.
 */
export function startHost(options: HostOptions): Promise<RunningHost> {
  const token = options.token ?? newToken();
  const { runtime } = options;
  const streams = new Set<{ end(): void }>();
  let port = options.port ?? 0;

  const limits: HostLimits = { ...HOST_LIMITS, ...options.limits };
  const server = createServer({ connectionsCheckingInterval: limits.checkIntervalMs }, (req, res) => {
    handle(req, res).catch((err) => {
      // An oversized body may still be arriving: answer, then close without resetting the client.
      if (err instanceof BodyTooLarge) lingerAfterAnswer(req.socket, limits.lingerMs);
      if (!res.headersSent) sendError(res, err);
      else res.end();
    });
  });
  // `Expect: 100-continue`: the request is handled at once and `100 Continue` is sent only
  // when its body is about to be read, so a refusal (401, 403, 404, 413 by declared length)
  // is final before the client sends a byte of the body.
  server.on('checkContinue', (req: IncomingMessage, res: ServerResponse) => server.emit('request', req, res));
  server.headersTimeout = limits.headersTimeoutMs;
  server.requestTimeout = limits.requestTimeoutMs;
  server.keepAliveTimeout = limits.keepAliveTimeoutMs;
  // The cap is the guard's, not node's: past it an idle connection that never carried the token goes,
  // where node's own maxConnections refuses the newest one (the page's, under a flood of silent ones).
  const guard = guardConnections(server, limits.maxConnections, limits.headersTimeoutMs, { leaveStartedHeads: true });
  server.on('clientError', (err: NodeJS.ErrnoException, socket) => {
    if (err.code === 'ECONNRESET' || !socket.writable) return socket.destroy();
    if (err.code === 'HPE_HEADER_OVERFLOW') return rawError(socket, 431, 'Request Header Fields Too Large', 'The request headers are too large.');
    if (err.code === 'ERR_HTTP_REQUEST_TIMEOUT') return rawError(socket, 408, 'Request Timeout', 'The request took too long to arrive.');
    rawError(socket, 400, 'Bad Request', 'The request is not valid HTTP.');
  });

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    guard.busy(req.socket, true);
    res.once('close', () => guard.busy(req.socket, false));
    if (!hostAndOriginAllowed(req, port)) {
      throw new LoupeError('forbidden', 'Requests must come from this Loupe page on 127.0.0.1.');
    }
    let url: URL;
    try {
      url = new URL(req.url ?? '/', `http://127.0.0.1:${port}`);
    } catch {
      throw new LoupeError('invalid-input', 'The request target is not a valid URL path.');
    }
    if (!url.pathname.startsWith('/api/')) return servePage(req, res, url);
    if (!tokenMatches(token, requestToken(req, port))) {
      throw new LoupeError('unauthorized', 'Missing or wrong Loupe token. Open the URL that npm start or loupe serve printed (it carries the token).');
    }
    guard.trust(req.socket);
    if (url.pathname === '/api/events' && req.method === 'GET') {
      const stream = openEventStream(runtime.streams, req, res, url);
      streams.add(stream);
      res.once('close', () => streams.delete(stream));
      return;
    }
    if (req.method !== 'POST') {
      const allow = url.pathname === '/api/events' ? 'GET' : 'POST';
      throw new LoupeError('method-not-allowed', `${req.method} is not served here; ${url.pathname} takes ${allow}.`, { allow });
    }
    const aliased = httpAliases[url.pathname];
    const name = aliased ?? (url.pathname.startsWith('/api/rpc/') ? decodeMethodName(url.pathname.slice('/api/rpc/'.length)) : null);
    if (!name) throw new LoupeError('not-found', `No route for POST ${url.pathname}.`);
    if (!isMethodName(name)) throw new LoupeError('unknown-method', `There is no method called "${name.slice(0, 100)}".`);
    const callIdHeader = req.headers['x-loupe-call-id'];
    if (callIdHeader !== undefined && (typeof callIdHeader !== 'string' || !isStreamId(callIdHeader))) {
      throw new LoupeError('invalid-input', 'x-loupe-call-id must be 1-64 letters, digits, _ or -.');
    }
    if (req.headers.expect?.toLowerCase() === '100-continue' && !tooLargeByDeclaration(req)) res.writeContinue();
    const body = await readJsonBody(req);
    // A client that disconnects before the answer cancels the call.
    const controller = new AbortController();
    res.once('close', () => {
      if (!res.writableFinished) controller.abort();
    });
    const result = await runtime.dispatch(name, body, { callId: callIdHeader, signal: controller.signal });
    // The generic route answers with the envelope; the named REST aliases with the bare
    // document, the same one the CLI's --json prints (that is the published API).
    sendJson(res, 200, aliased ? result : ({ ok: true, result } satisfies Envelope));
  }

  /** Pages: `?token=` is taken only here, traded for a cookie, and removed from the address bar. */
  async function servePage(req: IncomingMessage, res: ServerResponse, url: URL): Promise<void> {
    if (req.method !== 'GET' && req.method !== 'HEAD') throw new LoupeError('method-not-allowed', `${req.method} is not served here: pages take GET and HEAD.`, { allow: 'GET, HEAD' });
    const given = url.searchParams.get('token');
    if (given !== null) {
      url.searchParams.delete('token');
      const clean = url.pathname + url.search;
      const headers: Record<string, string> = { location: clean, 'cache-control': 'no-store', 'referrer-policy': 'no-referrer' };
      if (tokenMatches(token, given)) headers['set-cookie'] = tokenCookie(port, token);
      res.writeHead(303, headers).end();
      return;
    }
    await serveStatic(options.rendererDir, url.pathname, res);
  }

  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, '127.0.0.1', () => {
      port = (server.address() as AddressInfo).port;
      const url = `http://127.0.0.1:${port}/?token=${encodeURIComponent(token)}`;
      resolve({
        server,
        port,
        token,
        url,
        close: () =>
          new Promise<void>((done) => {
            for (const s of streams) s.end();
            streams.clear();
            server.close(() => done());
            server.closeAllConnections();
            guard.destroyAll();
          }),
      });
    });
  });
}
