// Secrets known by their name, not their format (issue 33 item 7): `DB_PASSWORD=…`,
// `api_key = "…"`, `password: …`, `AZURE_CLIENT_SECRET=…`, an `Authorization: Basic`
// or `Bearer` header (in a curl command too). The way gitleaks' generic-api-key rule
// and detect-secrets' KeywordDetector do it: a secret-named key, an assignment, and a
// value that is not a placeholder, a reference or code, with enough variety in it
// (length and entropy thresholds). Every regex here is bounded and anchored on a
// keyword, so a scan stays linear in the text.

/** Words that name a secret, as whole words of a key (after camel-case is split): `DB_PASSWORD`, `apiKey`, `client.secret`. */
export const SECRET_WORD =
  /(?:^|_)(?:secrets?|password|passwd|passphrase|pwd|pass|token|api_?key|apikey|access_?key|private_?key|secret_?key|signing_?key|encryption_?key|master_?key|credentials?|creds|auth|auth_?token|session_?key|client_?secret)(?:$|_)/i;

/** A last word that makes the key about the secret rather than the secret itself (`token_url`, `password_length`, `api_key_name`), or a file's extension (`auth.ts:9:` as grep prints it). */
const NOT_THE_SECRET =
  /(?:^|_)(?:id|ids|url|uri|endpoint|host|path|file|dir|name|names|type|types|length|len|size|count|ttl|expiry|expires|expiration|header|field|prefix|suffix|env|var|label|placeholder|hint|policy|mode|kind|format|limit|min|max|chars|bytes|timeout|regex|pattern|rule|rules|hash|hashes|digest|salt|algorithm|alg|version|required|enabled|provider|helper|command|cmd|source|location|store|cache|usage|budget|estimate|count|counts|reserve|pieces|public|publishable|encoding|encodings|ts|tsx|js|jsx|mjs|cjs|py|go|rs|rb|java|json|yaml|yml|md|txt|sh|toml|ini|cfg|conf|xml|html|css)$/i;

/** `key = value`, `key: value`, `key := value`, `"key": "value"`, `key => 'value'`: group 1 the key, group 2 the value. */
const ASSIGNMENT =
  /(?<![A-Za-z0-9_.$/-])["']?([A-Za-z_][A-Za-z0-9_.-]{0,63})["']?[ \t]{0,8}(?::=|=>|\?=|=|:)(?!=)[ \t]{0,8}["'`]?([^\s"'`<>]{1,256})/g;

/** An `Authorization` header's scheme and credentials (HTTP, curl `-H`, fetch headers), group 1 scheme, group 2 credentials. */
const AUTHORIZATION = /authorization["']?[ \t]{0,8}[:=][ \t]{0,8}["']?(basic|bearer|token|digest)[ \t]{1,8}([A-Za-z0-9._~+/=-]{8,4096})/gi;

/** Whole values that only stand for a secret. */
const STOP_VALUES = new Set([
  'password', 'passwd', 'secret', 'token', 'apikey', 'api_key', 'null', 'nil', 'none', 'undefined', 'true', 'false', 'yes', 'no', 'on', 'off', 'empty', 'test', 'required', 'optional', 'string', 'hidden',
]);
/** Parts of values that only stand for a secret: placeholders, masks, samples. */
const STOP_PARTS = /changeme|change_me|change-me|example|placeholder|your[_-]?|dummy|sample|redacted|xxx|\*\*\*|\.\.\.|…|todo|fixme|insert|replace|secret-here|here$|notreal|not-a-real|fake/i;
/**
 * Values that are references or code, not a literal: `${VAR}`, `$VAR`, `%VAR%`, `{{ var }}`,
 * `<your-key>`, `process.env.X`, `os.environ[…]`, a call, a member access, a regex
 * literal or path, an expression (`??`, `||`), a key of its own (`name:`).
 */
const REFERENCE = /^(?:\$|%|\{|<|#\{|@|&|\*|!|\[|\(|\/)|[(){};]|=>|\?\?|\|\||&&|:$|^(?:process\.env|os\.environ|env\.|import\.meta|self\.|this\.|config\.|settings\.)/i;
/** A member access or qualified name (`options.token`, `Foo.Bar`): code, unless it has digits or symbols of its own. */
const QUALIFIED_NAME = /^[A-Za-z_$][A-Za-z0-9_$]*(?:[?!]?\.[A-Za-z_$][A-Za-z0-9_$]*)+$/;

/** Shannon entropy in bits per character. */
export function entropy(value: string): number {
  const counts = new Map<string, number>();
  for (const ch of value) counts.set(ch, (counts.get(ch) ?? 0) + 1);
  let bits = 0;
  const n = value.length;
  for (const c of counts.values()) bits -= (c / n) * Math.log2(c / n);
  return bits;
}

/** Shortest value taken as a secret, and the entropy it needs (gitleaks: 10 and 3.5; detect-secrets: any literal). */
const MIN_VALUE_CHARS = 8;
const MIN_ENTROPY = 3;

/**
 * Letters every SECRET_WORD alternative holds. They are letters only, so splitting camel case
 * or turning `-` and `.` into `_` (secretKeyName) never makes one that the name lacked: a name
 * without any is no secret's. Code assigns to ~20x more keys than hold one of these (on the
 * inspect benchmark's 200 files, 178,681 keys, 8,946 with a stem), so most skip the rewrites.
 */
export const SECRET_STEM = /secret|pass|pwd|token|key|cred|auth/i;

/** True when a key's name says it holds a secret (`DB_PASSWORD`, `apiKey`; not `token_url`, `author`, `max_tokens`). */
export function secretKeyName(name: string): boolean {
  if (!SECRET_STEM.test(name)) return false;
  // Any case and separator: `apiKey`, `API-KEY`, `api.key`, `Api_Key` all read as `api_key`.
  const words = name.replace(/([a-z0-9])([A-Z])/g, '$1_$2').replace(/[-.]/g, '_');
  return SECRET_WORD.test(words) && !NOT_THE_SECRET.test(words);
}

/** The value with the punctuation that ends an assignment taken off (`"…",`, `…;`, `…)`). */
const trimValue = (raw: string) => raw.replace(/[,;)\]}]+$/, '');

/** True when `value` looks like a literal secret: long and varied enough, not a placeholder, reference or code. */
export function literalSecretValue(value: string): boolean {
  if (value.length < MIN_VALUE_CHARS) return false;
  const lower = value.toLowerCase();
  if (STOP_VALUES.has(lower) || STOP_PARTS.test(value) || REFERENCE.test(value) || QUALIFIED_NAME.test(value)) return false;
  // Letters only (`AuthConfig`, `someIdentifier`) or digits only (a port, a count) is not a secret.
  if (/^[A-Za-z_.-]+$/.test(value) || /^[\d.,_:-]+$/.test(value)) return false;
  return entropy(value) >= MIN_ENTROPY;
}

/** A Basic header's credentials: base64 of `user:password`. */
function basicCredentials(value: string): boolean {
  if (!/^[A-Za-z0-9+/]+={0,2}$/.test(value)) return false;
  const decoded = Buffer.from(value, 'base64').toString('latin1');
  return /^[\x20-\x7e]+:[\x20-\x7e]+$/.test(decoded);
}

/**
 * Every span [start, end) of `text` that is the value of a secret-named key or
 * the credentials of an Authorization header. Keys and schemes stay visible.
 * With a `limit`, each scan stops at its first match that starts at or past it
 * (a match's value never starts before the match).
 */
export function* secretAssignments(text: string, limit = Infinity): Iterable<[number, number]> {
  for (const m of text.matchAll(AUTHORIZATION)) {
    if (m.index >= limit) break;
    const scheme = m[1]!.toLowerCase();
    const value = trimValue(m[2]!);
    const ok = scheme === 'basic' ? basicCredentials(value) : !REFERENCE.test(value) && !STOP_PARTS.test(value) && value.length >= 16 && entropy(value) >= MIN_ENTROPY;
    if (!ok) continue;
    const start = m.index + m[0].length - m[2]!.length;
    yield [start, start + value.length];
  }
  for (const m of text.matchAll(ASSIGNMENT)) {
    if (m.index >= limit) break;
    const name = m[1]!;
    if (!secretKeyName(name)) continue;
    const value = trimValue(m[2]!);
    // An Authorization header's value ("Basic …") is judged above.
    if (!literalSecretValue(value)) continue;
    const start = m.index + m[0].length - m[2]!.length;
    yield [start, start + value.length];
  }
}
