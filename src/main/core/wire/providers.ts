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

/** What kind of credential a request carried (never its value): how the CLI signed in, as the relay saw it. */
export type CredentialKind = 'api-key' | 'subscription-bearer' | 'chatgpt-bearer' | 'google-bearer' | 'aws-sigv4' | 'bearer';

/** The kind of credential in a request's headers and query, or null when it carried none. */
export function credentialKind(headers: Record<string, string | string[] | undefined>, search: string): CredentialKind | null {
  const auth = String(headers.authorization ?? '');
  if (/^AWS4-HMAC-SHA256 /.test(auth)) return 'aws-sigv4';
  const bearer = /^Bearer (\S+)/i.exec(auth)?.[1];
  if (bearer) {
    if (headers['chatgpt-account-id']) return 'chatgpt-bearer';
    if (bearer.startsWith('sk-ant-oat')) return 'subscription-bearer';
    if (bearer.startsWith('ya29.')) return 'google-bearer';
    // An OpenAI or Anthropic API key sent as a bearer is still a key.
    return /^sk-(?!ant-oat)/.test(bearer) ? 'api-key' : 'bearer';
  }
  if (headers['x-api-key'] || headers['x-goog-api-key'] || /[?&](key|api_key)=/.test(search)) return 'api-key';
  return null;
}

/** How a credential kind reads in the run's login line ("… ; the wire saw <this>"). */
export const CREDENTIAL_KIND_TEXT: Record<CredentialKind, string> = {
  'api-key': 'an API key',
  'subscription-bearer': "a Claude subscription's OAuth bearer",
  'chatgpt-bearer': 'a ChatGPT bearer and chatgpt-account-id',
  'google-bearer': 'a Google access token',
  'aws-sigv4': 'an AWS SigV4 signature',
  bearer: 'a bearer token',
};
