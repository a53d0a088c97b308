import { isCredentialPath, isGitInternalPath } from './credential-paths';

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

/** A word of a command line that names a credential file or Git's internals. */
function forbiddenWord(line: string): string | null {
  for (const word of line.slice(0, 4096).split(/[\s'"`;|&<>()=,]+/)) {
    if (word && forbidden(word)) return word;
  }
  return null;
}

/** What X-Ray shows instead of such a call's result. */
export const hiddenResultText = (path: string) => `[result not shown: it reads ${path}, a credential file or Git's internals]`;
