import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { eventNames, httpAliases } from '../../shared/api';
import { httpStatusFor, LoupeError, toErrorShape } from '../../shared/errors';
import type { Runtime } from '../core/runtime';
import { dispatch } from '../core/services';
import { hostAndOriginAllowed, newToken, requestToken, tokenMatches } from './security';
import { serveStatic } from './static-files';

const MAX_BODY_BYTES = 4 * 1024 * 1024;

export interface HostOptions {
  runtime: Runtime;
  /** Folder holding the built renderer (index.html). */
  rendererDir: string;
  port?: number;
  token?: string;
}

export interface RunningHost {
  server: Server;
  port: number;
  token: string;
  /** The URL to open, token included. */
  url: string;
  close(): Promise<void>;
}

function sendJson(res: ServerResponse, status: number, body: unknown): void {
  const text = JSON.stringify(body);
  res.writeHead(status, {
    'content-type': 'application/json; charset=utf-8',
    'cache-control': 'no-store',
    'x-content-type-options': 'nosniff',
  });
  res.end(text);
}

function sendError(res: ServerResponse, error: unknown): void {
  const shape = toErrorShape(error);
  sendJson(res, httpStatusFor(shape.code), { error: shape });
}

async function readJsonBody(req: IncomingMessage): Promise<unknown> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > MAX_BODY_BYTES) throw new LoupeError('invalid-input', `Request body is over ${MAX_BODY_BYTES} bytes.`);
    chunks.push(chunk);
  }
  const text = Buffer.concat(chunks).toString('utf8');
  if (!text.trim()) return {};
  try {
    return JSON.parse(text);
  } catch {
    throw new LoupeError('invalid-input', 'Request body is not valid JSON.');
  }
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
 * needs the per-launch token; a foreign Host or Origin is refused first.
 */
export function startHost(options: HostOptions): Promise<RunningHost> {
  const token = options.token ?? newToken();
  const { runtime } = options;
  const sseClients = new Set<ServerResponse>();
  let port = options.port ?? 0;

  const unsubscribe = runtime.subscribe((event, payload) => {
    const frame = `event: ${event}\ndata: ${JSON.stringify(payload)}\n\n`;
    for (const res of sseClients) res.write(frame);
  });

  const server = createServer((req, res) => {
    handle(req, res).catch((err) => {
      if (!res.headersSent) sendError(res, err);
      else res.end();
    });
  });

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    if (!hostAndOriginAllowed(req, port)) {
      sendError(res, new LoupeError('forbidden', 'Requests must come from this Loupe page on 127.0.0.1.'));
      return;
    }
    const url = new URL(req.url ?? '/', `http://127.0.0.1:${port}`);
    if (!url.pathname.startsWith('/api/')) {
      if (req.method !== 'GET' && req.method !== 'HEAD') {
        sendError(res, new LoupeError('not-found', 'Only GET serves pages.'));
        return;
      }
      await serveStatic(options.rendererDir, url.pathname, res);
      return;
    }
    if (!tokenMatches(token, requestToken(req, url))) {
      sendError(res, new LoupeError('unauthorized', 'Missing or wrong Loupe token. Use the URL that `loupe serve` printed.'));
      return;
    }
    if (url.pathname === '/api/events' && req.method === 'GET') {
      res.writeHead(200, {
        'content-type': 'text/event-stream; charset=utf-8',
        'cache-control': 'no-store',
        connection: 'keep-alive',
      });
      res.write(`event: ready\ndata: ${JSON.stringify({ events: eventNames })}\n\n`);
      sseClients.add(res);
      // A comment line now and then keeps idle proxies and browsers from dropping the stream.
      const heartbeat = setInterval(() => res.write(': keep-alive\n\n'), 25_000);
      heartbeat.unref();
      req.on('close', () => {
        clearInterval(heartbeat);
        sseClients.delete(res);
      });
      return;
    }
    if (req.method !== 'POST') {
      sendError(res, new LoupeError('not-found', `No route for ${req.method} ${url.pathname}.`));
      return;
    }
    const aliased = httpAliases[url.pathname];
    const name = aliased ?? (url.pathname.startsWith('/api/rpc/') ? url.pathname.slice('/api/rpc/'.length) : null);
    if (!name) {
      sendError(res, new LoupeError('not-found', `No route for POST ${url.pathname}.`));
      return;
    }
    const body = await readJsonBody(req);
    const result = await dispatch(runtime.services, decodeMethodName(name), body);
    // RPC routes wrap the value ({ result }) for the renderer's client; the named REST
    // aliases answer with the bare response, the same document the CLI's --json prints.
    sendJson(res, 200, aliased ? result : { result });
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
            unsubscribe();
            for (const res of sseClients) res.end();
            sseClients.clear();
            server.close(() => done());
            server.closeAllConnections();
          }),
      });
    });
  });
}
