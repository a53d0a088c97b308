/**
 * The three provider APIs the relay stands in front of: where each one is
 * officially, which headers carry credentials, and how each says "error" so a
 * CLI shows Loupe's reason the way it shows its provider's own errors.
 */

export type WireProvider = 'anthropic' | 'openai' | 'gemini';

export const WIRE_PROVIDERS: readonly WireProvider[] = ['anthropic', 'openai', 'gemini'];

/**
 * Official endpoints, used when the user set no base URL of their own. Each is
 * the base the CLI itself appends its paths to (codex's OpenAI provider
 * includes /v1; claude and gemini add their version to the path).
 */
export const OFFICIAL_UPSTREAMS: Record<WireProvider, string> = {
  anthropic: 'https://api.anthropic.com',
  openai: 'https://api.openai.com/v1',
  gemini: 'https://generativelanguage.googleapis.com',
};

/**
 * Headers that carry credentials: forwarded to the upstream, never recorded,
 * logged or shown. Lower case, as node gives them.
 */
export const CREDENTIAL_HEADERS: ReadonlySet<string> = new Set([
  'authorization',
  'proxy-authorization',
  'x-api-key',
  'x-goog-api-key',
  'cookie',
  'set-cookie',
  'chatgpt-account-id',
]);

/** Query parameters that carry credentials (Gemini accepts `?key=`). */
export const CREDENTIAL_QUERY_PARAMS: ReadonlySet<string> = new Set(['key', 'api_key', 'access_token']);

/**
 * The status the relay answers a request it refuses (a block ceiling, a failed
 * outgoing check) with, per provider: a client error each CLI reports at once,
 * with Loupe's message, and does not resend. Measured with the pinned CLIs
 * (wire-block-once.agents.test.ts): claude 2.1.332 answers any other 4xx but
 * 401/408/409/429/451 by guessing a beta header was refused and resending
 * without it (six requests for one block), and shows 403 as "Failed to
 * authenticate" and 413 as its own "Request too large" text; 451 it reports as
 * "API Error: 451 <message>" and sends nothing more.
 */
export const BLOCK_STATUS: Record<WireProvider, number> = { anthropic: 451, openai: 400, gemini: 400 };

/**
 * An error body in the provider's own shape, so the CLI reports Loupe's
 * message as it reports any provider error (claude prints `error.message`,
 * codex and gemini likewise).
 */
export function providerErrorBody(provider: WireProvider, status: number, message: string): string {
  switch (provider) {
    case 'anthropic':
      return JSON.stringify({ type: 'error', error: { type: status >= 500 ? 'api_error' : 'invalid_request_error', message } });
    case 'openai':
      return JSON.stringify({ error: { message, type: status >= 500 ? 'server_error' : 'invalid_request_error', param: null, code: 'loupe_relay' } });
    case 'gemini':
      return JSON.stringify({ error: { code: status, message, status: status >= 500 ? 'UNAVAILABLE' : 'INVALID_ARGUMENT' } });
  }
}
