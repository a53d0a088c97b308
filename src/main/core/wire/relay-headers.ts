/**
 * Which headers the relay passes on, either way: none of the hop-by-hop ones
 * (RFC 9110 7.6.1), nor any a message's own `Connection` header names, nor
 * those the relay sets itself; and which an observer may see (no credentials).
 */
import type { IncomingHttpHeaders, OutgoingHttpHeaders } from 'node:http';
import { CREDENTIAL_HEADERS } from './providers';

/** Hop-by-hop headers and the ones the relay sets itself (host, content-length). */
export const HOP_BY_HOP: ReadonlySet<string> = new Set(['connection', 'keep-alive', 'proxy-connection', 'te', 'trailer', 'transfer-encoding', 'upgrade', 'host', 'content-length']);

/** Header names a message's own `Connection` header makes hop-by-hop: never forwarded. */
export function connectionNamed(headers: IncomingHttpHeaders): Set<string> {
  const value = headers.connection;
  const text = Array.isArray(value) ? value.join(',') : (value ?? '');
  return new Set(
    text
      .split(',')
      .map((t) => t.trim().toLowerCase())
      .filter(Boolean),
  );
}

/** A request's headers to send on: everything but hop-by-hop ones (credentials included: they are the user's, for the upstream). */
export function forwardHeaders(headers: IncomingHttpHeaders): OutgoingHttpHeaders {
  const out: OutgoingHttpHeaders = {};
  const named = connectionNamed(headers);
  for (const [name, value] of Object.entries(headers)) if (value !== undefined && !HOP_BY_HOP.has(name) && !named.has(name)) out[name] = value;
  return out;
}

/** A response's headers to pass to the CLI: as forwardHeaders, but `trailer` kept (it announces trailers the relay passes on) and the upstream's length when it gave one. */
export function responseHeaders(headers: IncomingHttpHeaders): OutgoingHttpHeaders {
  const out: OutgoingHttpHeaders = {};
  const named = connectionNamed(headers);
  for (const [name, value] of Object.entries(headers)) {
    if (value !== undefined && (!HOP_BY_HOP.has(name) || name === 'trailer') && !named.has(name)) out[name] = value;
  }
  if (headers['content-length'] !== undefined && headers['transfer-encoding'] === undefined) out['content-length'] = headers['content-length'];
  return out;
}

/** Headers an observer may see: no credentials, no hop-by-hop ones. */
export function visibleHeaders(headers: IncomingHttpHeaders): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [name, value] of Object.entries(headers)) {
    if (value === undefined || HOP_BY_HOP.has(name) || CREDENTIAL_HEADERS.has(name)) continue;
    out[name] = Array.isArray(value) ? value.join(', ') : value;
  }
  return out;
}
