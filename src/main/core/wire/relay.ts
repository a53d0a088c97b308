/**
 * The loopback relay: an HTTP server on 127.0.0.1 that a CLI uses as its
 * provider's base URL. It answers only under an unguessable path secret
 * (`/<secret>/<provider>/…`; anything else is a 404 and nothing is
 * forwarded), so no other local program can use it as an open relay. Each
 * provider goes to exactly one fixed upstream. Request bodies are read whole
 * (they are parsed, and issue 21 rewrites or answers them: `intercept`);
 * responses pass through untouched, byte for byte, with backpressure (a
 * chunked one with the upstream's own framing: ./upstream.ts), while a tap
 * sees each piece of the decoded body. Credentials are forwarded and never
 * leave this module except towards the upstream.
 */
import { randomBytes, timingSafeEqual } from 'node:crypto';
import http, { type IncomingHttpHeaders, type IncomingMessage, type OutgoingHttpHeaders, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { CREDENTIAL_HEADERS, CREDENTIAL_QUERY_PARAMS, providerErrorBody, WIRE_PROVIDERS, type WireProvider } from './providers';
import { FramingError } from './framing';
import { upstreamClient } from './upstream';

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
  body: Buffer;
  startedAt: number;
}

/** What to do with a request: forward it (its body rewritten, or not), or answer it here. */
export type RelayDecision = { kind: 'forward'; body?: Buffer } | { kind: 'answer'; status: number; message: string };

/** Sees a copy of a response's bytes as they pass; must not throw or hold on to them. */
export interface ResponseTap {
  /** The upstream's status and headers, before its first byte. */
  head?(status: number, headers: IncomingHttpHeaders): void;
  chunk(data: Buffer): void;
  end(outcome: RelayOutcome): void;
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
  observe?: (request: RelayRequest, forwarded: Buffer) => ResponseTap | null;
  /** Largest request body accepted (default 64 MiB); larger ones are answered 413 in the provider's shape. */
  maxRequestBytes?: number;
  /** Port to listen on (default: any free one). */
  port?: number;
}

export interface Relay {
  /** The base URL a CLI is given for `provider`, e.g. http://127.0.0.1:41234/<secret>/anthropic (no trailing slash). */
  baseUrl(provider: WireProvider): string;
  readonly port: number;
  /** Requests in flight. */
  inFlight(): number;
  /** Stops listening and ends exchanges in flight. */
  close(): Promise<void>;
}

// Hop-by-hop headers (RFC 9110 7.6.1) and the ones the relay sets itself.
const HOP_BY_HOP = new Set(['connection', 'keep-alive', 'proxy-connection', 'te', 'trailer', 'transfer-encoding', 'upgrade', 'host', 'content-length']);

const DEFAULT_MAX_REQUEST_BYTES = 64 * 1024 * 1024;
/** The CLI side's stream buffers: 256 KiB (node's default is 16): fewer, larger writes on a long stream; still bounded. */
const STREAM_HWM = 256 * 1024;

/** Headers to send on: everything but hop-by-hop ones (credentials included: they are the user's, for the upstream). */
function forwardHeaders(headers: IncomingHttpHeaders): OutgoingHttpHeaders {
  const out: OutgoingHttpHeaders = {};
  for (const [name, value] of Object.entries(headers)) if (value !== undefined && !HOP_BY_HOP.has(name)) out[name] = value;
  return out;
}

/** Headers an observer may see: no credentials, no hop-by-hop ones. */
function visibleHeaders(headers: IncomingHttpHeaders): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [name, value] of Object.entries(headers)) {
    if (value === undefined || HOP_BY_HOP.has(name) || CREDENTIAL_HEADERS.has(name)) continue;
    out[name] = Array.isArray(value) ? value.join(', ') : value;
  }
  return out;
}

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
function answer(res: ServerResponse, provider: WireProvider, status: number, message: string): number {
  const body = providerErrorBody(provider, status, message);
  res.writeHead(status, {
    'content-type': 'application/json',
    'content-length': Buffer.byteLength(body),
    'x-loupe-relay': 'answered',
    ...(status < 500 ? { 'x-should-retry': 'false' } : {}),
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
  // node:tls is loaded only when an upstream needs it: ~10 ms of every CLI start otherwise.
  const tls = [...upstreams.values()].some((u) => u.protocol === 'https:') ? (await import('node:tls')).default : null;
  // Kept-alive connections to the upstream: a request should not pay a TCP (and TLS) handshake each time.
  const client = upstreamClient(tls);
  let seq = 0;
  let inFlight = 0;

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const startedAt = Date.now();
    // /<secret>/<provider>/<rest>?<query>: checked before anything is read or forwarded.
    const raw = req.url ?? '/';
    const q = raw.indexOf('?');
    const path = q < 0 ? raw : raw.slice(0, q);
    const search = q < 0 ? '' : raw.slice(q);
    const parts = path.split('/');
    const provider = parts[2] as WireProvider;
    const upstream = upstreams.get(provider);
    if (parts[0] !== '' || !sameSecret(parts[1] ?? '', secret) || !upstream) {
      req.resume();
      notFound(res);
      return;
    }
    const rest = parts.slice(3).join('/');
    const endpoint = `/${rest}`;
    const query: Record<string, string> = {};
    for (const [k, v] of new URLSearchParams(search)) if (!CREDENTIAL_QUERY_PARAMS.has(k)) query[k] = v;

    const body = await readBody(req, maxRequestBytes);
    if (body === null) {
      answer(res, provider, 413, `Loupe's relay refused this request: its body is over ${maxRequestBytes} bytes.`);
      return;
    }
    const request: RelayRequest = { seq: ++seq, provider, method: req.method ?? 'GET', endpoint, query, headers: visibleHeaders(req.headers), body, startedAt };
    const decision: RelayDecision = options.intercept ? await options.intercept(request) : { kind: 'forward' };
    const forwarded = decision.kind === 'forward' && decision.body ? decision.body : body;
    const tap = safeTap(options.observe?.(request, forwarded) ?? null);
    const finish = (outcome: Omit<RelayOutcome, 'durationMs'>) => tap?.end({ ...outcome, durationMs: Date.now() - startedAt });

    if (decision.kind === 'answer') {
      const bytes = answer(res, provider, decision.status, decision.message);
      finish({ status: decision.status, by: 'relay', reason: decision.message, responseBytes: bytes });
      return;
    }

    const target = new URL(upstream.href);
    target.pathname = `${upstream.pathname.replace(/\/$/, '')}${endpoint}`;
    target.search = search;
    const headers = forwardHeaders(req.headers);
    headers.host = target.host;
    if (forwarded.length > 0 || req.method === 'POST' || req.method === 'PUT' || req.method === 'PATCH') headers['content-length'] = forwarded.length;
    let responseBytes = 0;
    let settled = false;
    const settle = (outcome: Omit<RelayOutcome, 'durationMs' | 'responseBytes'>) => {
      if (settled) return;
      settled = true;
      finish({ ...outcome, responseBytes });
    };

    /** Whether the upstream's own chunked framing goes to the CLI as it came (else the decoded body, framed by node). */
    let verbatim = false;
    let upStatus: number | null = null;
    let paused = false;
    const resume = () => {
      paused = false;
      up.resume();
    };
    /** A write the CLI is slow to take pauses the upstream connection until it drains (backpressure, no buffering here). */
    const send = (bytes: Buffer) => {
      if (!res.write(bytes) && !paused) {
        paused = true;
        up.pause();
        res.once('drain', resume);
      }
    };
    const up = client.request(target, req.method ?? 'GET', headers, forwarded, {
      head(head) {
        upStatus = head.status;
        const outHeaders: OutgoingHttpHeaders = {};
        for (const [name, value] of Object.entries(head.headers)) {
          if (value !== undefined && !HOP_BY_HOP.has(name)) outHeaders[name] = value;
        }
        if (head.headers['content-length'] !== undefined) outHeaders['content-length'] = head.headers['content-length'];
        // An HTTP/1.1 CLI takes the upstream's chunks as they are: no decoding and framing again.
        verbatim = head.chunked && req.httpVersion === '1.1' && !res.headersSent;
        if (verbatim) outHeaders['transfer-encoding'] = 'chunked';
        tap?.head?.(head.status, head.headers);
        res.writeHead(head.status, head.statusMessage, outHeaders);
        // The head says chunked; the body's bytes carry their own chunks (and the last one): node adds none.
        if (verbatim) res.chunkedEncoding = false;
      },
      body(data) {
        responseBytes += data.length;
        tap?.chunk(data);
        if (!verbatim) send(data);
      },
      raw(bytes) {
        if (verbatim) send(bytes);
      },
      end() {
        res.end();
        res.once('finish', () => settle({ status: upStatus, by: 'upstream', reason: null }));
      },
      error(err) {
        if (settled) return;
        if (!res.headersSent) {
          // An answer it cannot read (./framing.ts) says what was wrong with it; anything else is the connection's code.
          const reason =
            err instanceof FramingError
              ? `Loupe's relay could not read the answer of ${target.origin}: ${err.message.replace(/^Parse Error: /, '')}.`
              : `Loupe's relay could not reach ${target.origin}: ${err.code ?? err.message}.`;
          responseBytes = answer(res, provider, 502, reason);
          settle({ status: 502, by: 'relay', reason });
        } else {
          // Mid-stream: the CLI sees its connection break, as it would without the relay.
          res.destroy(err);
          settle({ status: res.statusCode, by: 'upstream', reason: `The upstream connection broke mid-response: ${err.code ?? err.message}.` });
        }
      },
    });
    // The CLI hung up before the response ended: stop the upstream request too.
    res.on('close', () => {
      if (res.writableFinished) return;
      up.destroy();
      settle({ status: res.headersSent ? res.statusCode : null, by: 'aborted', reason: 'The CLI closed the connection before the response ended.' });
    });
  }

  const server = http.createServer({ highWaterMark: STREAM_HWM }, (req, res) => {
    inFlight++;
    res.on('close', () => inFlight--);
    handle(req, res).catch((err: Error) => {
      // Never a stack or request detail to the CLI: a plain reason.
      if (!res.headersSent) {
        res.writeHead(500, { 'content-type': 'text/plain; charset=utf-8' });
        res.end(`Loupe's relay failed: ${err.message}\n`);
      } else res.destroy();
    });
  });
  // LLM responses stream for minutes: no server-side timeout on a request in flight.
  server.requestTimeout = 0;
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
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
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
        tap.end(outcome);
      } catch {
        /* recording failed; the CLI already has its response */
      }
    },
  };
}
