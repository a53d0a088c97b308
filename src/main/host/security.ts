import { randomBytes, timingSafeEqual } from 'node:crypto';
import type { IncomingMessage } from 'node:http';

/** A fresh random token for one launch of the browser host. */
export function newToken(): string {
  return randomBytes(24).toString('base64url');
}

/** Constant-time comparison, so the token can't be guessed a byte at a time. */
export function tokenMatches(expected: string, given: string | null | undefined): boolean {
  if (!given) return false;
  const a = Buffer.from(expected);
  const b = Buffer.from(given);
  return a.length === b.length && timingSafeEqual(a, b);
}

/** The token a request carries: header first, then `?token=` (EventSource can't set headers). */
export function requestToken(req: IncomingMessage, url: URL): string | null {
  const header = req.headers['x-loupe-token'];
  if (typeof header === 'string') return header;
  const auth = req.headers.authorization;
  if (auth?.startsWith('Bearer ')) return auth.slice(7);
  return url.searchParams.get('token');
}

/**
 * Rejects DNS rebinding and cross-site requests: the Host header must name the
 * loopback address we listen on, and an Origin, when sent, must be ours.
 */
export function hostAndOriginAllowed(req: IncomingMessage, port: number): boolean {
  const allowedHosts = new Set([`127.0.0.1:${port}`, `localhost:${port}`]);
  const host = req.headers.host;
  if (!host || !allowedHosts.has(host.toLowerCase())) return false;
  const origin = req.headers.origin;
  if (origin === undefined) return true;
  return [...allowedHosts].some((h) => origin.toLowerCase() === `http://${h}`);
}
