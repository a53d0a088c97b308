/**
 * The loopback relay: an HTTP server on 127.0.0.1 that a CLI uses as its
 * provider's base URL. It answers only under an unguessable path secret
 * (`/<secret>/<provider>/…`; anything else is a 404 and nothing is
 * forwarded), so no other local program can use it as an open relay. Each
 * provider goes to exactly one fixed upstream. Request bodies are read whole
 * and decoded from their content coding (./decode/: they are parsed, and
 * issue 21 rewrites or answers them: `intercept`); a body the relay cannot
 * read is refused while anything is enforced, else forwarded and recorded as
 * not analysed. Responses pass through with backpressure, their body bytes
 * untouched (node's client and server frame them: ./upstream.ts), while a tap
 * sees each piece of the decoded body; no answer of the upstream, however
 * malformed, throws past the relay. Credentials are forwarded and never leave
 * this module except towards the upstream.
 */
import { randomBytes, timingSafeEqual } from 'node:crypto';
import http, { type IncomingHttpHeaders, type IncomingMessage, type OutgoingHttpHeaders, type ServerResponse } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { CREDENTIAL_QUERY_PARAMS, credentialKind, providerErrorBody, WIRE_PROVIDERS, type CredentialKind, type WireProvider } from './providers';
import { quietClock } from './quiet';
import { guardConnections } from '../net/connection-guard';
import { forwardHeaders, responseHeaders, visibleHeaders } from './relay-headers';
import { encodeBody } from './decode/body';
import { normaliseEndpoint } from './decode/endpoint';
import { readRequest } from './decode/read';
import { isModelCall } from './parse';
import { UnreadableAnswer, upstreamClient } from './upstream';

/** A request as the relay's observers see it: no credentials, no secret. */
export interface RelayRequest {
  /** 1, 2, 3… in arrival order within this relay. */
  seq: number;
  provider: WireProvider;
  method: string;
  /** The path under the provider's base, without the query (a query may carry a key). */
  endpoint: string;
  /** Query parameters other than credentials. */
  query: Record<string, string>;
  /** Headers other than credentials and hop-by-hop ones. */
  headers: Record<string, string>;
  /** The body decoded from its content coding (the bytes as sent when identity, or when `notAnalysed`). */
  body: Buffer;
  startedAt: number;
  /** The content coding the CLI sent the body in (`zstd`, `gzip`…), null for identity. */
  encoding?: string | null;
  /** The body's size as it came on the wire (before decoding). */
  wireBytes?: number;
  /** Set when the relay could not read the request and forwarded it unexamined (nothing was in force): why. */
  notAnalysed?: string;
  /** The kind of credential it carried (never the credential): how the CLI signed in. */
  credential?: CredentialKind | null;
  /**
   * A model request whose JSON the relay did not check before forwarding (nothing was in force):
   * an observer checks it (decode/read.ts checkLater) before it reads the body as a request.
   */
  unchecked?: boolean;
}

/** What to do with a request: forward it (its body rewritten, or not), or answer it here. */
export type RelayDecision = { kind: 'forward'; body?: Buffer } | { kind: 'answer'; status: number; message: string };

/** Sees a copy of a response's bytes as they pass; must not throw or hold on to them. */
export interface ResponseTap {
  /** The upstream's status and headers, before its first byte. */
  head?(status: number, headers: IncomingHttpHeaders): void;
  chunk(data: Buffer): void;
  /**
   * The exchange ended. For an answer the relay passes on (the upstream's, or its own), the
   * CLI's response is ended only when what this returns (a promise, or anything) has settled: the record is written
   * before the CLI has its whole answer, so a killed relay loses only requests never answered.
   */
  end(outcome: RelayOutcome): unknown;
}

/** How an exchange ended. */
export interface RelayOutcome {
  /** The status the CLI got (the upstream's, or the relay's own when it answered). */
  status: number | null;
  /** Who answered: the upstream, the relay (unreachable upstream, an intercept), or nobody (the CLI hung up first). */
  by: 'upstream' | 'relay' | 'aborted';
  /** Loupe's reason when the relay answered or the exchange broke. */
  reason: string | null;
  responseBytes: number;
  durationMs: number;
}

export interface RelayOptions {
  /** Base URL per provider (the user's own, else the official one). Providers left out get 404. */
  upstreams: Partial<Record<WireProvider, string>>;
  /** Issue 21's hook: sees every request before it is forwarded; may rewrite its body or answer it. */
  intercept?: (request: RelayRequest) => RelayDecision | Promise<RelayDecision>;
  /** Called when a request has been read (after intercept): returns a tap for its response, or null. */
  observe?: (request: RelayRequest, forwarded: Buffer, sentBytes: number | null) => ResponseTap | null;
  /** Largest request body accepted (default 64 MiB); larger ones are answered 413 in the provider's shape. */
  maxRequestBytes?: number;
  /** Port to listen on (default: any free one). */
  port?: number;
  /**
   * Whether a directive, a redaction or a block ceiling applies now: a request the relay
   * cannot read (an encoding it cannot decode, ambiguous JSON, a lenient spelling of the
   * model endpoint) or a POST to an endpoint nothing enforces on is then refused with a 400
   * in the provider's shape; with nothing in force it is forwarded and recorded as not analysed.
   */
  inForce?: () => boolean | Promise<boolean>;
  /** A block ceiling on request bytes: applied here to every body the stages do not measure (not a model request, not read). */
  bodyCeiling?: number;
  /** Most connections open at once (default 256); past it the oldest idle connection that never passed the secret is closed. */
  maxConnections?: number;
  /** How long a connection may take to send a request's head (default 10 s). */
  headersTimeoutMs?: number;
}

export interface Relay {
  /** The base URL a CLI is given for `provider`, e.g. http://127.0.0.1:41234/<secret>/anthropic (no trailing slash). */
  baseUrl(provider: WireProvider): string;
  readonly port: number;
  /** Requests in flight. */
  inFlight(): number;
  /** Connections open to the relay now. */
  connections(): number;
  /** Resolves when no request body is being read and none arrived for `quietMs` (or after `maxWaitMs`, once `stop()` says so, or once closed): see quiet.ts. */
  whenQuiet(quietMs: number, maxWaitMs: number, stop?: () => boolean): Promise<void>;
  /** Stops listening and ends exchanges in flight. */
  close(): Promise<void>;
}

/**
 * POSTs besides model calls that carry no conversation (Code Assist's housekeeping): forwarded
 * while something is in force. Any other POST (count_tokens included: it carries the
 * conversation, which no stage cleans there) is then refused.
 */
const HOUSEKEEPING = /:(loadCodeAssist|onboardUser|retrieveUserQuota|listExperiments|recordCodeAssistMetrics|fetchAdminControls|getCodeAssistGlobalUserSetting)$/;
/** A reason phrase node's server will write (RFC 9112: HTAB, SP, VCHAR, obs-text). */
const REASON_PHRASE = /^[\t\x20-\x7e\x80-\xff]*$/;
const DEFAULT_MAX_CONNECTIONS = 256;
const DEFAULT_HEADERS_TIMEOUT_MS = 10_000;

const DEFAULT_MAX_REQUEST_BYTES = 64 * 1024 * 1024;
/** The CLI side's stream buffers: 256 KiB (node's default is 16): fewer, larger writes on a long stream; still bounded. */
const STREAM_HWM = 256 * 1024;

function sameSecret(given: string, secret: Buffer): boolean {
  const g = Buffer.from(given);
  return g.length === secret.length && timingSafeEqual(g, secret);
}

/** A plain 404 that says nothing about what exists here. */
function notFound(res: ServerResponse): void {
  res.writeHead(404, { 'content-type': 'text/plain; charset=utf-8', 'content-length': 10 });
  res.end('not found\n');
}

/**
 * The relay's own answer, in the provider's error shape. A client error (a block, a refused
 * body) is final: `x-should-retry: false` is the header the providers' SDKs honour (Anthropic's
 * and OpenAI's), so the CLI stops at once and shows Loupe's reason instead of resending.
 */
function answer(res: ServerResponse, provider: WireProvider, status: number, message: string, extra: OutgoingHttpHeaders = {}): number {
  const body = providerErrorBody(provider, status, message);
  res.writeHead(status, {
    'content-type': 'application/json',
    'content-length': Buffer.byteLength(body),
    'x-loupe-relay': 'answered',
    ...(status < 500 ? { 'x-should-retry': 'false' } : {}),
    ...extra,
  });
  res.end(body);
  return Buffer.byteLength(body);
}

/** Reads a request body whole, up to `max` bytes (null when larger: the rest is drained and dropped). */
function readBody(req: IncomingMessage, max: number): Promise<Buffer | null> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    let over = false;
    req.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > max) over = true;
      if (!over) chunks.push(chunk);
    });
    req.on('end', () => resolve(over ? null : Buffer.concat(chunks, size)));
    req.on('error', reject);
  });
}

/**
 * Starts a relay on 127.0.0.1. The path secret is 32 random bytes
 * (base64url); it is part of every base URL and nowhere else.
 */
export async function startRelay(options: RelayOptions): Promise<Relay> {
  const secretText = randomBytes(32).toString('base64url');
  const secret = Buffer.from(secretText);
  const upstreams = new Map<WireProvider, URL>();
  for (const provider of WIRE_PROVIDERS) {
    const base = options.upstreams[provider];
    if (!base) continue;
    const url = new URL(base);
    if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new Error(`The ${provider} upstream must be an http(s) URL: ${base}`);
    upstreams.set(provider, url);
  }
  const maxRequestBytes = options.maxRequestBytes ?? DEFAULT_MAX_REQUEST_BYTES;
  // node:https (and TLS) is loaded only when an upstream needs it: ~10 ms of every CLI start otherwise.
  const https = [...upstreams.values()].some((u) => u.protocol === 'https:') ? (await import('node:https')).default : null;
  // Kept-alive connections to the upstream: a request should not pay a TCP (and TLS) handshake each time.
  const client = upstreamClient(https);
  let seq = 0;
  let inFlight = 0;
  const quiet = quietClock();

  /** The provider and the path after the secret, when `raw` is under the secret and an opened provider. */
  function route(raw: string): { provider: WireProvider; upstream: URL; rest: string; search: string } | null {
    const q = raw.indexOf('?');
    const path = q < 0 ? raw : raw.slice(0, q);
    const search = q < 0 ? '' : raw.slice(q);
    const parts = path.split('/');
    const provider = parts[2] as WireProvider;
    const upstream = upstreams.get(provider);
    if (parts[0] !== '' || !sameSecret(parts[1] ?? '', secret) || !upstream) return null;
    return { provider, upstream, rest: parts.length > 3 ? `/${parts.slice(3).join('/')}` : '', search };
  }

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const startedAt = Date.now();
    // /<secret>/<provider>/<rest>?<query>: checked before anything is read or forwarded.
    const found = route(req.url ?? '/');
    if (!found) {
      req.resume();
      notFound(res);
      return;
    }
    guard.trust(req.socket);
    const { provider, upstream, rest, search } = found;
    const method = req.method ?? 'GET';
    const spelled = normaliseEndpoint(provider, method, rest, (e) => isModelCall(provider, method, e));
    if (spelled.kind === 'refused') {
      req.resume();
      answer(res, provider, 400, `Loupe's relay refused this request: ${spelled.reason}.`);
      return;
    }
    const endpoint = spelled.endpoint;
    // The URL as it will be sent: the base path, then the endpoint (nothing here can resolve above the base).
    const target = new URL(upstream.href);
    const basePath = upstream.pathname.replace(/\/$/, '');
    target.pathname = `${basePath}${endpoint}`;
    target.search = search;
    if (!target.pathname.startsWith(`${basePath}/`)) {
      req.resume();
      answer(res, provider, 400, "Loupe's relay refused this request: the path leaves the base path.");
      return;
    }
    // A WebSocket attempt (codex's GET /v1/responses with Upgrade): refused at once, so the CLI falls back to HTTP.
    // (No 'upgrade' listener: node hands every upgrade request here as a plain one; any other
    // upgrade, h2c say, is served as HTTP/1.1 and its Upgrade header not forwarded.)
    if (/\bwebsocket\b/i.test(String(req.headers.upgrade ?? ''))) {
      req.resume();
      answer(res, provider, 426, "Loupe's relay does not relay WebSocket connections; use HTTP.", { connection: 'close' });
      return;
    }
    const query: Record<string, string> = {};
    for (const [k, v] of new URLSearchParams(search)) if (!CREDENTIAL_QUERY_PARAMS.has(k)) query[k] = v;

    const wire = await readBody(req, maxRequestBytes);
    if (wire === null) {
      answer(res, provider, 413, `Loupe's relay refused this request: its body is over ${maxRequestBytes} bytes.`);
      return;
    }
    const modelCall = isModelCall(provider, method, endpoint);
    const contentEncoding = typeof req.headers['content-encoding'] === 'string' ? req.headers['content-encoding'] : undefined;
    const seqHere = ++seq;
    const enforcing = method === 'POST' && options.inForce ? await options.inForce() : false;
    // A model request's JSON is checked before forwarding only when that decides whether it may go on.
    const checkNow = modelCall && enforcing;
    const read = readRequest(wire, contentEncoding, maxRequestBytes, checkNow, spelled.kind === 'ambiguous' ? spelled.reason : null);
    const base = { seq: seqHere, provider, method, endpoint, query, headers: visibleHeaders(req.headers), startedAt, encoding: contentEncoding ?? null, wireBytes: wire.length, credential: credentialKind(req.headers, search), ...(modelCall && !checkNow && read.kind === 'read' ? { unchecked: true } : {}) };
    /** Why the relay answers this request itself, before any stage: it cannot enforce on it while something is in force. */
    let refusal: string | null = null;
    let request: RelayRequest;
    if (read.kind === 'unreadable') {
      request = { ...base, body: wire, notAnalysed: read.reason };
      if (enforcing) refusal = `Loupe could not read this request (${read.reason}), and a directive, redaction or ceiling is in force: it was not sent.`;
    } else {
      request = { ...base, body: read.body };
      if (enforcing && !modelCall && method === 'POST' && !HOUSEKEEPING.test(endpoint)) {
        refusal = `Loupe could not read this request (${endpoint.slice(0, 120)} is not a model endpoint Loupe enforces on), and a directive, redaction or ceiling is in force: it was not sent.`;
      }
    }
    // The byte ceiling on every body the stages do not measure (they measure model requests they read).
    const measured = !request.notAnalysed && modelCall;
    if (!refusal && !measured && options.bodyCeiling !== undefined && Math.max(wire.length, request.body.length) > options.bodyCeiling) {
      refusal = `Loupe's relay refused this request: its body is over the request budget's ceiling of ${options.bodyCeiling} bytes.`;
    }
    const decision: RelayDecision = refusal
      ? { kind: 'answer', status: 400, message: refusal }
      : options.intercept && !request.notAnalysed
        ? await options.intercept(request)
        : { kind: 'forward' };
    const rewritten = decision.kind === 'forward' && decision.body && decision.body !== request.body ? decision.body : null;
    const forwarded = rewritten ?? request.body;
    const headers = forwardHeaders(req.headers);
    headers.host = target.host;
    // Nothing changed: the bytes as the CLI sent them, in their coding. Rewritten: coded again where
    // zlib can, else sent identity-encoded (the coding header dropped).
    let sent = wire;
    if (rewritten) {
      const codings = read.kind === 'read' ? read.codings : [];
      const again = codings.length ? encodeBody(rewritten, codings) : rewritten;
      if (again) sent = again;
      else {
        sent = rewritten;
        delete headers['content-encoding'];
      }
    }
    const tap = safeTap(options.observe?.(request, forwarded, decision.kind === 'answer' ? null : sent.length) ?? null);
    const finish = (outcome: Omit<RelayOutcome, 'durationMs'>) => tap?.end({ ...outcome, durationMs: Date.now() - startedAt });

    if (decision.kind === 'answer') {
      // Recorded before the CLI reads the relay's answer (see ResponseTap.end).
      await finish({ status: decision.status, by: 'relay', reason: decision.message, responseBytes: Buffer.byteLength(providerErrorBody(provider, decision.status, decision.message)) });
      answer(res, provider, decision.status, decision.message);
      return;
    }

    if (sent.length > 0 || method === 'POST' || method === 'PUT' || method === 'PATCH') headers['content-length'] = sent.length;
    let responseBytes = 0;
    let settled = false;
    const settle = (outcome: Omit<RelayOutcome, 'durationMs' | 'responseBytes'>) => {
      if (settled) return;
      settled = true;
      return finish({ ...outcome, responseBytes });
    };

    let upStatus: number | null = null;
    /** The answer's declared length, and its last byte held back until the record is written (see ResponseTap.end). */
    let declared = -1;
    let held: Buffer | null = null;
    let paused = false;
    const resume = () => {
      paused = false;
      up.resume();
    };
    /** A write the CLI is slow to take pauses the upstream response until it drains (backpressure, no buffering here). */
    const send = (bytes: Buffer) => {
      if (!res.write(bytes) && !paused) {
        paused = true;
        up.pause();
        res.once('drain', resume);
      }
    };
    /** The relay's own 502 before any byte of the answer went out, or a broken connection after. */
    const broke = (reason: string, code: string | undefined) => {
      if (settled) return;
      if (!res.headersSent) {
        responseBytes = answer(res, provider, 502, reason);
        settle({ status: 502, by: 'relay', reason });
      } else {
        // Mid-stream: the CLI sees its connection break, as it would without the relay.
        res.destroy();
        settle({ status: res.statusCode, by: 'upstream', reason: `The upstream connection broke mid-response: ${code ?? reason}.` });
      }
    };
    const up = client.request(target, method, headers, sent, {
      head(head) {
        upStatus = head.status;
        const outHeaders = responseHeaders(head.headers);
        if (outHeaders['content-length'] !== undefined) declared = Number(outHeaders['content-length']);
        tap?.head?.(head.status, head.headers);
        // A reason phrase node will not write (a control character) is dropped: the status code stands.
        const phrase = REASON_PHRASE.test(head.statusMessage) ? head.statusMessage : undefined;
        try {
          res.writeHead(head.status, phrase, outHeaders);
        } catch (err) {
          // A header node's server will not write: the relay says so rather than pass on part of the head.
          res.removeHeader('content-length');
          for (const name of res.getHeaderNames()) res.removeHeader(name);
          up.destroy();
          broke(`Loupe's relay could not pass on the answer of ${target.origin}: ${(err as Error).message}.`, undefined);
        }
      },
      body(data) {
        if (settled) return;
        responseBytes += data.length;
        // With a declared length the CLI has its whole answer with the last byte (ending the response adds nothing): it waits for the record.
        const whole = data;
        if (responseBytes === declared && data.length > 0) {
          held = data.subarray(data.length - 1);
          data = data.subarray(0, data.length - 1);
        }
        // Forwarded first, then shown to the tap (all of it, the held byte too): the tap's reading is never on the bytes' way to the CLI.
        if (data.length > 0) send(data);
        tap?.chunk(whole);
      },
      end(trailers) {
        if (settled) return;
        if (Object.keys(trailers).length) {
          try {
            res.addTrailers(trailers as OutgoingHttpHeaders);
          } catch {
            /* a trailer node will not write is dropped; the body is whole */
          }
        }
        // The record is committed before the response's end (and a declared length's last byte) reaches the CLI (see ResponseTap.end);
        // a CLI that hangs up meanwhile has nothing more to get.
        void Promise.resolve(settle({ status: upStatus, by: 'upstream', reason: null })).then(() => (held ? res.end(held) : res.end()));
      },
      error(err) {
        // An answer it cannot read says what was wrong with it; anything else is the connection's code.
        const reason =
          err instanceof UnreadableAnswer
            ? `Loupe's relay could not read the answer of ${target.origin}: ${err.message}.`
            : `Loupe's relay could not reach ${target.origin}: ${err.code ?? err.message}.`;
        broke(reason, err.code);
      },
    });
    // The CLI hung up before the response ended: stop the upstream request too.
    res.on('close', () => {
      if (res.writableFinished) return;
      up.destroy();
      settle({ status: res.headersSent ? res.statusCode : null, by: 'aborted', reason: 'The CLI closed the connection before the response ended.' });
    });
  }

  // Heads that take too long are checked for every second (node's default is every 30 s).
  const server = http.createServer({ highWaterMark: STREAM_HWM, connectionsCheckingInterval: 1_000 }, (req, res) => {
    inFlight++;
    guard.busy(req.socket, true);
    const arrival = quiet.arrived();
    req.once('end', arrival.read);
    req.once('close', arrival.read);
    res.on('close', () => {
      inFlight--;
      guard.busy(req.socket, false);
    });
    handle(req, res).catch((err: Error) => {
      // Never a stack or request detail to the CLI: a plain reason. Nothing here may throw again.
      try {
        if (!res.headersSent) {
          res.writeHead(500, { 'content-type': 'text/plain; charset=utf-8' });
          res.end(`Loupe's relay failed: ${err.message.replace(/[^\x20-\x7e]/g, ' ')}\n`);
        } else res.destroy();
      } catch {
        res.destroy();
      }
    });
  });
  const headersTimeout = options.headersTimeoutMs ?? DEFAULT_HEADERS_TIMEOUT_MS;
  const guard = guardConnections(server, options.maxConnections ?? DEFAULT_MAX_CONNECTIONS, headersTimeout);
  server.on('clientError', (_err, socket: Socket) => {
    // A malformed request or a head that came too slowly: a plain 400/408 and the connection closed, never a throw.
    if (socket.writable) socket.end('HTTP/1.1 400 Bad Request\r\nconnection: close\r\ncontent-length: 0\r\n\r\n');
    else socket.destroy();
  });
  // LLM responses stream for minutes: no server-side timeout on a request in flight; but its head must come quickly.
  server.requestTimeout = 0;
  server.headersTimeout = headersTimeout;
  server.keepAliveTimeout = 5_000;
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, '127.0.0.1', () => resolve());
  });
  const { port } = server.address() as AddressInfo;
  return {
    port,
    baseUrl: (provider) => `http://127.0.0.1:${port}/${secretText}/${provider}`,
    inFlight: () => inFlight,
    connections: () => guard.count(),
    whenQuiet: (quietMs, maxWaitMs, stop) => quiet.whenQuiet(quietMs, maxWaitMs, stop),
    close: () =>
      new Promise<void>((resolve) => {
        quiet.close();
        server.close(() => resolve());
        server.closeAllConnections();
        guard.destroyAll();
        client.close();
      }),
  };
}

/** A tap whose errors never break the pass-through. */
function safeTap(tap: ResponseTap | null): ResponseTap | null {
  if (!tap) return null;
  let broken = false;
  return {
    head(status, headers) {
      try {
        tap.head?.(status, headers);
      } catch {
        broken = true;
      }
    },
    chunk(data) {
      if (broken) return;
      try {
        tap.chunk(data);
      } catch {
        broken = true;
      }
    },
    end(outcome) {
      try {
        // A record that fails never holds back or breaks the CLI's answer.
        return Promise.resolve(tap.end(outcome)).catch(() => undefined);
      } catch {
        return undefined;
      }
    },
  };
}
