/**
 * Fetching a JSON document from a URL the user configured, defensively: no
 * redirects, a hard byte cap checked before anything is decoded, a timeout.
 */

/** The part of fetch this module uses; tests and callers may inject their own. */
export type FetchLike = (url: string, init: RequestInit) => Promise<Response>;

/** Refresh bodies larger than this are refused. */
export const MAX_BODY_BYTES = 8 * 1024 * 1024;
export const FETCH_TIMEOUT_MS = 20_000;

export interface FetchJsonOptions {
  fetch?: FetchLike;
  maxBytes?: number;
  timeoutMs?: number;
}

const mib = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(bytes % (1024 * 1024) === 0 ? 0 : 1)} MiB`;

/**
 * GETs `url` and parses its body as JSON. Refuses (throws an Error with a
 * plain message) a redirect, a non-2xx status, a declared content-length over
 * `maxBytes` (before reading any of the body), and a streamed body that goes
 * over `maxBytes` (reading stops and the connection is cancelled; nothing is
 * decoded). Only a body within the cap is decoded as UTF-8 and parsed.
 */
export async function fetchJsonCapped(url: string, options: FetchJsonOptions = {}): Promise<unknown> {
  const fetchFn = options.fetch ?? fetch;
  const maxBytes = options.maxBytes ?? MAX_BODY_BYTES;
  const controller = new AbortController();
  const timeoutMs = options.timeoutMs ?? FETCH_TIMEOUT_MS;
  const timer = setTimeout(() => controller.abort(), timeoutMs);
  try {
    let response: Response;
    try {
      response = await fetchFn(url, {
        method: 'GET',
        redirect: 'manual',
        headers: { accept: 'application/json' },
        signal: controller.signal,
      });
    } catch (err) {
      if (controller.signal.aborted) throw new Error(`No answer from ${url} within ${timeoutMs / 1000} s.`);
      const cause = err instanceof Error && err.cause instanceof Error ? `: ${err.cause.message}` : '';
      throw new Error(`Could not reach ${url}${cause}.`);
    }
    if (response.type === 'opaqueredirect' || (response.status >= 300 && response.status < 400)) {
      await response.body?.cancel().catch(() => {});
      throw new Error(`${url} answered with a redirect (${response.status}); Loupe refuses redirects, so use the final URL.`);
    }
    if (!response.ok) {
      await response.body?.cancel().catch(() => {});
      throw new Error(`${url} answered ${response.status}${response.statusText ? ` ${response.statusText}` : ''}.`);
    }
    const declared = Number(response.headers.get('content-length'));
    if (Number.isFinite(declared) && declared > maxBytes) {
      await response.body?.cancel().catch(() => {});
      throw new Error(`The answer from ${url} is ${mib(declared)}, over the ${mib(maxBytes)} limit; it was not read.`);
    }
    const bytes = await readCapped(response, maxBytes, url, controller);
    let textBody: string;
    try {
      textBody = new TextDecoder('utf-8', { fatal: true }).decode(bytes);
    } catch {
      throw new Error(`The answer from ${url} is not UTF-8 text.`);
    }
    try {
      return JSON.parse(textBody);
    } catch {
      throw new Error(`The answer from ${url} is not JSON.`);
    }
  } finally {
    clearTimeout(timer);
  }
}

/** Reads the body as bytes, counting as it goes; stops and cancels past the cap. */
async function readCapped(response: Response, maxBytes: number, url: string, controller: AbortController): Promise<Uint8Array> {
  if (!response.body) return new Uint8Array(0);
  const reader = response.body.getReader();
  const chunks: Uint8Array[] = [];
  let total = 0;
  let over = false;
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      total += value.byteLength;
      if (total > maxBytes) {
        over = true;
        break;
      }
      chunks.push(value);
    }
  } catch (err) {
    if (controller.signal.aborted) throw new Error(`The answer from ${url} took longer than allowed and was dropped.`);
    throw new Error(`Reading the answer from ${url} failed: ${err instanceof Error ? err.message : String(err)}.`);
  }
  if (over) {
    await reader.cancel().catch(() => {});
    controller.abort();
    throw new Error(`The answer from ${url} went over the ${mib(maxBytes)} limit; reading stopped and it was discarded.`);
  }
  const out = new Uint8Array(total);
  let at = 0;
  for (const c of chunks) {
    out.set(c, at);
    at += c.byteLength;
  }
  return out;
}
