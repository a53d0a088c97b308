import { randomBytes, timingSafeEqual } from 'node:crypto';
import type { IncomingMessage } from 'node:http';

/** A fresh random token for one launch of the browser host. */
export function newToken(): string {
  return randomBytes(24).toString('base64url');
}

/** What a token given on the command line, in LOUPE_TOKEN or in a file must look like. */
export const TOKEN_PATTERN = /^[\w.~-]{16,256}$/;

/** Constant-time comparison, so the token can't be guessed a byte at a time. */
export function tokenMatches(expected: string, given: string | null | undefined): boolean {
  if (!given) return false;
  const a = Buffer.from(expected);
  const b = Buffer.from(given);
  return a.length === b.length && timingSafeEqual(a, b);
}

/**
 * The session cookie that carries the token after the page booted with
 * `?token=`. Cookies ignore ports, so the name carries the port: two hosts on
 * one machine never overwrite each other's.
 */
export const cookieName = (port: number): string => `loupe_token_${port}`;

/** `Set-Cookie` for the boot: session-only, HttpOnly (scripts never see it), SameSite=Strict. */
export function tokenCookie(port: number, token: string): string {
  return `${cookieName(port)}=${token}; Path=/; HttpOnly; SameSite=Strict`;
}

function cookieValue(req: IncomingMessage, name: string): string | null {
  const header = req.headers.cookie;
  if (!header) return null;
  for (const part of header.split(';')) {
    const eq = part.indexOf('=');
    if (eq > 0 && part.slice(0, eq).trim() === name) return part.slice(eq + 1).trim();
  }
  return null;
}

/**
 * The token an API request carries: the `x-loupe-token` header, a Bearer
 * token, or the page's cookie. Never the query string: a URL ends up in
 * histories and logs; only the page boot takes `?token=`.
 */
export function requestToken(req: IncomingMessage, port: number): string | null {
  const header = req.headers['x-loupe-token'];
  if (typeof header === 'string') return header;
  const auth = req.headers.authorization;
  if (auth?.startsWith('Bearer ')) return auth.slice(7);
  return cookieValue(req, cookieName(port));
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
