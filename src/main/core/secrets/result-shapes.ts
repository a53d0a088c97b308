// What a tool's result looks like, whatever command produced it: X-Ray hides a
// result that holds a secret in a known format or is shaped like a credential
// file or an environment dump. The command alone cannot tell (`printenv`, `cat
// .e*`, `grep -r PASSWORD .` name no credential path); the content can.
import { keywordsInLowercase } from './keywords';
import { findPatternSecrets } from './patterns';

/** How much of a result is looked at: previews only ever show its head. */
const SCAN_CHARS = 64 * 1024;

/** Names of variables and keys that hold secrets (SECRET, PASSWORD, TOKEN, API_KEY, …). */
const SECRET_WORD = /(?:^|[_.-])(?:secrets?|password|passwd|pwd|pass|token|api_?key|apikey|access_?key|private_?key|secret_?key|credentials?|auth|auth_?token|session_?key|client_?secret)(?:$|[_.-])/i;

/**
 * A substring every SECRET_WORD match contains (never split by the camel-case
 * underscore), looked for in the lowercased text: a cheap test before the line scans.
 */
const SECRET_STEM = /secret|pass|pwd|token|key|credential|auth/;

/** True when a variable or key name is a secret's (`DB_PASSWORD`, `apiKey`, `client_secret`; not `author`, `tokenizer`). */
const secretName = (name: string) => SECRET_WORD.test(name.replace(/([a-z0-9])([A-Z])/g, '$1_$2'));

/** Values that are code, not a secret: a type annotation, a statement, a call or member access. */
const CODE_VALUE = /[;{}()]|=>|^(?:string|number|boolean|any|unknown|object|str|int|bool|bytes|optional)\b|^[A-Za-z_$][\w$]*\.[A-Za-z_$]/i;

/** Values that only stand for a secret: empty, a variable reference, a placeholder. */
const PLACEHOLDER = /^(?:\$|<|\{|%|\*{3}|x{3}|\.\.\.|your|changeme|example|placeholder|redacted|null|none|true|false|undefined)/i;

/** What grep puts before a matching line (`path:` or `path:12:`), so `grep -r PASSWORD .` is judged like the file. */
const GREP = String.raw`(?:[^\s:]{1,256}:(?:\d{1,9}[:-])?)?`;

/** `NAME=value` lines as .env files and `printenv`/`env`/`export -p` print them. */
const ENV_LINE = new RegExp(String.raw`^${GREP}(?:export |declare -x )?([A-Za-z_][A-Za-z0-9_]{0,127})=["']?([^\n"']{0,512})`, 'gm');

/** `key: value` / `key = value` at a line's start, as YAML, INI and TOML credential files hold them. */
const CONFIG_LINE = new RegExp(String.raw`^${GREP}[ \t]*["']?([A-Za-z0-9_.-]{1,64})["']?[ \t]*[:=][ \t]*["']?([^\s"'#,]{4,512})`, 'gm');

/** The `:port:` (or `:*:`) every .pgpass line holds. */
const PGPASS_PORT = /:(?:\d{1,5}|\*):/;

/**
 * Credential files with a shape of their own, each with a test that every match
 * passes (a literal it must hold), so most texts skip the line-anchored scans.
 */
const SHAPES: [RegExp, string, (text: string, present: ReadonlySet<string>) => boolean][] = [
  [/\bmachine\s+\S+\s+login\s+\S+\s+password\s+\S+/, 'a .netrc entry', () => true],
  [/^\[[^\]\n]{1,64}\]\s*\n(?:[^\n]*\n){0,8}?\s*aws_secret_access_key\s*=/im, 'an AWS credentials file', (_, present) => present.has('secret')],
  [/^[^:\s]{1,64}:(?:\$apr1\$|\$2[aby]\$|\{SHA\}|\$[156]\$)/m, 'an htpasswd file', (t) => t.includes(':$') || t.includes(':{SHA}')],
  [/"auths"\s*:\s*\{[^]{0,2048}?"auth"\s*:\s*"[A-Za-z0-9+/=]{8,}"/, 'a Docker credentials file', () => true],
  [/^\s*(?:client-key-data|client-certificate-data|token):\s*[A-Za-z0-9+/=._-]{20,}/m, 'a kubeconfig', (t) => t.includes('token:') || t.includes('client-')],
  [/^[^:\s]{1,255}:(?:\d{1,5}|\*):[^:\s]{1,255}:[^:\s]{1,255}:\S+$/m, 'a .pgpass file', (t) => PGPASS_PORT.test(t)],
];

/** True when `value` looks like a real secret rather than code or a placeholder. */
function literalSecret(value: string): boolean {
  const v = value.trim();
  return v.length >= 4 && !PLACEHOLDER.test(v) && !CODE_VALUE.test(v);
}

/**
 * Why a tool result must not be shown, judged by its content: a secret in one
 * of Loupe's own formats, a credential file's known shape, or a secret-named
 * variable or key with a literal value (`DB_PASSWORD=hunter2`, `password: …`).
 * Null when none is seen. Never repeats the value.
 */
export function credentialShapeIn(output: string): string | null {
  const text = output.length > SCAN_CHARS ? output.slice(0, SCAN_CHARS) : output;
  // One keyword scan, then only the rules whose keywords are present (a substring search per keyword cost ~4 ms per 100 KB).
  const lower = text.toLowerCase();
  const present = keywordsInLowercase(lower);
  if (findPatternSecrets(text, present).length > 0) return 'it holds a secret in a known format';
  for (const [shape, what, may] of SHAPES) if (may(text, present) && shape.test(text)) return `it looks like ${what}`;
  // Every secret name holds one of these stems (SECRET_WORD, camel-case split or not): no stem, no named secret.
  if (!SECRET_STEM.test(lower)) return null;
  for (const m of text.matchAll(ENV_LINE)) {
    if (secretName(m[1]!) && literalSecret(m[2]!)) return `it holds ${m[1]} (a secret-named variable) with a value`;
  }
  for (const m of text.matchAll(CONFIG_LINE)) {
    if (secretName(m[1]!) && literalSecret(m[2]!)) return `it holds a value for "${m[1]}"`;
  }
  return null;
}
