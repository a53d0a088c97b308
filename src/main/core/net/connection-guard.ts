/**
 * A guard on a loopback server's connections (issue 33 item 9), for the relay and the browser
 * host alike: any local program can connect to a loopback port. Idle connections once lived
 * 83 s at the relay and, past the file limit, failed the CLI's own requests; 128 silent ones
 * locked the browser host's page out (node refuses connections past `maxConnections`, the
 * page's among them). A connection that sends no request head in time is closed (node times
 * a head only from its first byte); past the cap, the oldest idle connection that never
 * carried a trusted request (the relay's path secret, the host's token) goes first, so the
 * CLI's and the page's connections keep their room.
 */
import type { Server } from 'node:http';
import type { Socket } from 'node:net';

export interface ConnectionGuard {
  /** A request with the path secret came on this connection (the CLI's). */
  trust(socket: Socket): void;
  /** A request started (true) or ended (false) on this connection. */
  busy(socket: Socket, started: boolean): void;
  /** Connections open now. */
  count(): number;
  /** Ends every connection. */
  destroyAll(): void;
}

/**
 * `leaveStartedHeads`: a connection that has sent a byte is left to node's own headers timeout
 * (the browser host answers a trickled head with its 408); only a silent one is closed here.
 */
export function guardConnections(server: Server, maxConnections: number, headersTimeoutMs: number, options: { leaveStartedHeads?: boolean } = {}): ConnectionGuard {
  const sockets = new Set<Socket>();
  const trusted = new WeakSet<Socket>();
  const requests = new WeakMap<Socket, number>();
  server.on('connection', (socket: Socket) => {
    sockets.add(socket);
    const silent = setTimeout(() => {
      if (!requests.has(socket) && !(options.leaveStartedHeads && socket.bytesRead > 0)) socket.destroy();
    }, headersTimeoutMs);
    silent.unref();
    socket.once('close', () => {
      clearTimeout(silent);
      sockets.delete(socket);
    });
    if (sockets.size <= maxConnections) return;
    for (const s of sockets) {
      if (s !== socket && !trusted.has(s) && !requests.get(s)) {
        s.destroy();
        return;
      }
    }
    socket.destroy();
  });
  return {
    trust: (socket) => void trusted.add(socket),
    busy: (socket, started) => void requests.set(socket, (requests.get(socket) ?? 0) + (started ? 1 : -1)),
    count: () => sockets.size,
    destroyAll() {
      for (const s of sockets) s.destroy();
    },
  };
}
