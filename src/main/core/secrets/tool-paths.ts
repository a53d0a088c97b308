import { CREDENTIAL_PATH_RULES, isCredentialPath, isGitInternalPath } from './credential-paths';
import { credentialShapeIn } from './result-shapes';

/** Input fields through which agent CLIs name the file a tool reads (Claude Code, Codex, Gemini). */
const PATH_FIELDS = ['file_path', 'filePath', 'path', 'absolute_path', 'notebook_path', 'filename', 'file', 'dir_path'];
/** Fields holding a command line (a string, or argv as an array). */
const COMMAND_FIELDS = ['command', 'cmd'];

const forbidden = (path: string) => isCredentialPath(path) || isGitInternalPath(path);

/**
 * The first credential file or Git-internal path a tool call names, or null:
 * a path field (Read's `file_path`, …) or a word of a shell command (`cat
 * .env`). What such a call returned is not shown in X-Ray, redacted or not:
 * a credential file's values are often in no format a scanner knows
 * (`password=…`), so its path is the only thing that tells.
 */
export function forbiddenPathIn(input: unknown, filePath?: string): string | null {
  if (filePath && forbidden(filePath)) return filePath;
  if (!input || typeof input !== 'object') return typeof input === 'string' ? forbiddenWord(input) : null;
  const fields = input as Record<string, unknown>;
  for (const key of PATH_FIELDS) {
    const v = fields[key];
    if (typeof v === 'string' && v && forbidden(v)) return v;
  }
  for (const key of COMMAND_FIELDS) {
    const v = fields[key];
    const line = typeof v === 'string' ? v : Array.isArray(v) ? v.filter((x) => typeof x === 'string').join(' ') : '';
    const hit = line ? forbiddenWord(line) : null;
    if (hit) return hit;
  }
  return null;
}

/** Names every credential rule gives as an example (and `.git/config`): what a glob is tried against. */
const KNOWN_CREDENTIALS = [...CREDENTIAL_PATH_RULES.flatMap((r) => r.examples).map((e) => e.replace(/\\/g, '/').toLowerCase()), '.git/config'];

/** A shell glob (`*`, `?`, `[…]`) as a regular expression over the end of a path. */
function globRegex(glob: string): RegExp {
  let body = '';
  for (let i = 0; i < glob.length; i++) {
    const c = glob[i]!;
    if (c === '*') body += '[^/]*';
    else if (c === '?') body += '[^/]';
    else if (c === '[') {
      const close = glob.indexOf(']', i + 1);
      if (close < 0) body += '\\[';
      else {
        body += `[${glob.slice(i + 1, close).replace(/^!/, '^').replace(/\\/g, '\\\\')}]`;
        i = close;
      }
    } else body += c.replace(/[.+^${}()|\\]/g, '\\$&');
  }
  return new RegExp(`(?:^|/)${body}$`, 'i');
}

/** The known credential file a glob word could expand to (`.e*`, `~/.aws/cred*`, `id_*`), or null. */
function globHit(word: string): string | null {
  if (!/[*?[]/.test(word)) return null;
  // The last three segments: `$HOME/`, `~/` and absolute prefixes do not decide what it matches.
  const tail = word
    .split('/')
    .filter((seg) => seg !== '' && seg !== '~' && !seg.startsWith('$'))
    .slice(-3)
    .join('/');
  if (tail.replace(/[*?/.]/g, '') === '') return null; // a bare `*` or `*.*` names nothing in particular
  const re = globRegex(tail);
  return KNOWN_CREDENTIALS.some((name) => re.test(name)) ? word : null;
}

/** Commands that print the whole environment (its tokens and passwords with it). */
const ENV_DUMPS = /(?:^|[;&|(]\s*|\b(?:sudo|exec|command)\s+|\s-[a-z]*c\s+)(?:printenv|env|set|export\s+-p|export|declare\s+-[px]+|typeset\s+-x)\s*(?=$|[;&|)>])|\/proc\/[^\s/]+\/environ|\bprintenv\b/;

/** A word of a command line that names a credential file or Git's internals, as the shell would see it. */
function forbiddenWord(raw: string): string | null {
  // Quotes and backslashes change nothing for the shell (`.e''nv`, `.e\nv`, `".env"`).
  const unquoted = raw.slice(0, 4096).replace(/\\(.)/g, '$1').replace(/['"]/g, '');
  if (ENV_DUMPS.test(unquoted)) return 'the environment';
  for (const word of unquoted.split(/[\s`;|&<>()=,]+/)) {
    if (!word) continue;
    if (forbidden(word)) return word;
    const hit = globHit(word);
    if (hit) return hit;
  }
  return null;
}

/** What X-Ray shows instead of such a call's result. */
export const hiddenResultText = (path: string) =>
  path === 'the environment'
    ? "[result not shown: it prints the environment, where tokens and passwords live]"
    : `[result not shown: it reads ${path}, a credential file or Git's internals]`;

/**
 * What X-Ray shows in place of a tool call's result, or null to show it
 * (redacted): hidden when the call names a credential file, Git's internals or
 * the environment (forbiddenPathIn), or when the result itself holds a secret
 * in a known format or is shaped like a credential file, whatever the command.
 */
export function hiddenResult(input: unknown, output: string | null | undefined, filePath?: string): string | null {
  const named = forbiddenPathIn(input, filePath);
  if (named) return hiddenResultText(named);
  const shape = output ? credentialShapeIn(output) : null;
  return shape ? `[result not shown: ${shape}]` : null;
}
