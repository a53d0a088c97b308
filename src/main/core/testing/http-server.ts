// Test helper: a real HTTP server on 127.0.0.1 with a request log, for code
// that fetches (the model catalog refresh). Used by tests only.
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface LocalServer {
  /** Base URL, e.g. http://127.0.0.1:34567 (no trailing slash). */
  url: string;
  /** Paths requested so far, in order. */
  hits: string[];
  close(): Promise<void>;
}

/** Starts a server whose every request goes to `handler`; close it in afterEach/afterAll. */
export async function startLocalServer(handler: (req: IncomingMessage, res: ServerResponse) => void): Promise<LocalServer> {
  const hits: string[] = [];
  const server = createServer((req, res) => {
    hits.push(req.url ?? '/');
    handler(req, res);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    hits,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** Sends `body` as JSON with status 200 (or `status`). */
export function sendJson(res: ServerResponse, body: unknown, status = 200): void {
  const text = JSON.stringify(body);
  res.writeHead(status, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(text) });
  res.end(text);
}
