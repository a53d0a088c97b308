/**
 * The endpoint of a relayed request, exactly as it will be sent. The path
 * after `/<secret>/<provider>` is appended to the upstream's base path; a
 * URL parser resolves `..`, `%2e%2e` and `\` (as `/`) there, which would
 * leave the base path, so such paths are refused. Percent-escapes of
 * unreserved characters (`%6D` is `m`) are the same URL (RFC 3986 6.2.2.2):
 * they are decoded, and that decoded path is what is sent and checked.
 * A spelling that a lenient server may route to the model endpoint
 * (`/v1/Messages`, `/v1/messages/`, `/v1/messages;x`, other escapes) but is
 * not its exact path is reported, so it is refused or recorded as not
 * analysed, never forwarded unexamined as "not a model call".
 */
import type { WireProvider } from '../providers';

export type EndpointVerdict =
  | { kind: 'ok'; endpoint: string }
  /** Would leave the base path, or cannot be sent as given: answered, never forwarded. */
  | { kind: 'refused'; reason: string }
  /** Sendable, but a lenient spelling of a model endpoint: cannot be enforced as sent. */
  | { kind: 'ambiguous'; endpoint: string; reason: string };

const UNRESERVED = /%(2[dDeE]|3[0-9]|[46][1-9a-fA-F]|[57][0-9aA]|5[fF]|7[eE])/g;
const LOOSE_MODEL: Record<WireProvider, RegExp> = {
  anthropic: /\/messages$/i,
  openai: /\/responses$/i,
  gemini: /:(stream)?generatecontent$/i,
};

/** The path as sent and what to do with it; `rest` is everything after `/<secret>/<provider>` (starting with `/` or empty). */
export function normaliseEndpoint(provider: WireProvider, method: string, rest: string, exactModelCall: (endpoint: string) => boolean): EndpointVerdict {
  if (/[\\#]/.test(rest) || /%5c/i.test(rest)) return { kind: 'refused', reason: 'the path holds a backslash or a fragment' };
  const endpoint = (rest || '/').replace(UNRESERVED, (e) => String.fromCharCode(Number.parseInt(e.slice(1), 16)));
  // After decoding unreserved escapes, any dot segment (or an escaped slash that could become one) is refused.
  if (/%2f/i.test(endpoint) || endpoint.split('/').some((s) => s === '.' || s === '..')) return { kind: 'refused', reason: 'the path leaves the base path (a dot segment or an escaped slash)' };
  if (method !== 'POST' || exactModelCall(endpoint)) return { kind: 'ok', endpoint };
  // Lenient: any case, a trailing slash, `;params`, any escape decoded.
  let loose = endpoint;
  try {
    loose = decodeURIComponent(loose);
  } catch {
    /* a bad escape stays as it is */
  }
  loose = loose.replace(/;[^/]*/g, '').replace(/\/+$/, '');
  if (LOOSE_MODEL[provider].test(loose)) return { kind: 'ambiguous', endpoint, reason: `the endpoint "${endpoint.slice(0, 120)}" is a spelling of the model endpoint Loupe does not enforce on as sent` };
  return { kind: 'ok', endpoint };
}
