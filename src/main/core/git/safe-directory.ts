import { lstat, realpath, stat } from 'node:fs/promises';
import { homedir } from 'node:os';
import { isAbsolute, join, resolve } from 'node:path';
import { LoupeError } from '../../../shared/errors';
import { readRegularFileSync } from './pack-file';

/** A small file's text, regular files only (a FIFO in its place would block: issue 23, item 3); null when unreadable. */
function readText(path: string): string | null {
  try {
    return readRegularFileSync(path).toString('utf8');
  } catch {
    return null;
  }
}

/**
 * The `safe.directory` values git would read: the system file and the user's global
 * files, never the repository's own config (git ignores it there too). GIT_* variables
 * are not consulted, as Loupe's git runner removes them from every git it starts.
 */
export function safeDirectories(env: NodeJS.ProcessEnv = process.env): string[] {
  const home = env.HOME || homedir();
  const xdg = env.XDG_CONFIG_HOME || join(home, '.config');
  const files = ['/etc/gitconfig', join(xdg, 'git', 'config'), join(home, '.gitconfig')];
  let values: string[] = [];
  for (const file of files) {
    const text = readText(file);
    if (text === null) continue;
    for (const value of configValues(text, 'safe', 'directory')) {
      // As in git: an empty value resets the list read so far.
      if (value === '') values = [];
      else values.push(value.startsWith('~/') ? join(home, value.slice(2)) : value);
    }
  }
  return values;
}

/** Values of `section.key` in a git config file (plain sections only, as safe.directory is). */
export function configValues(text: string, section: string, key: string): string[] {
  const out: string[] = [];
  let inSection = false;
  for (const raw of text.split(/\r?\n/)) {
    const line = raw.trim();
    if (line === '' || line.startsWith('#') || line.startsWith(';')) continue;
    const header = /^\[\s*([A-Za-z0-9.-]+)\s*("(?:[^"\\]|\\.)*")?\s*\]\s*(.*)$/.exec(line);
    if (header) {
      inSection = header[1]!.toLowerCase() === section && header[2] === undefined;
      if (!header[3]) continue;
    }
    if (!inSection) continue;
    const entry = /^([A-Za-z][A-Za-z0-9-]*)\s*(?:=\s*(.*))?$/.exec(header ? header[3]! : line);
    if (!entry || entry[1]!.toLowerCase() !== key) continue;
    out.push(unquote(entry[2] ?? ''));
  }
  return out;
}

/** A git config value: quotes removed, an unquoted # or ; starts a comment, \" and \\ unescaped. */
function unquote(value: string): string {
  let out = '';
  let quoted = false;
  for (let i = 0; i < value.length; i++) {
    const c = value[i]!;
    if (c === '\\' && i + 1 < value.length) out += value[++i];
    else if (c === '"') quoted = !quoted;
    else if (!quoted && (c === '#' || c === ';')) break;
    else out += c;
  }
  return out.trim();
}

/** Whether `root` is listed: `*`, the path itself, or a `prefix/*` above it (git 2.46's form). */
async function listed(root: string, values: readonly string[]): Promise<boolean> {
  for (const value of values) {
    if (value === '*') return true;
    if (!isAbsolute(value)) continue;
    if (value.endsWith('/*')) {
      const prefix = await realpath(value.slice(0, -2)).catch(() => resolve(value.slice(0, -2)));
      if (root.startsWith(prefix.endsWith('/') ? prefix : `${prefix}/`)) return true;
    } else if ((await realpath(value).catch(() => resolve(value))) === root) return true;
  }
  return false;
}

/** The uid git compares owners with: the effective one, or SUDO_UID when running as root through sudo. */
function expectedOwner(env: NodeJS.ProcessEnv): number | null {
  const euid = process.geteuid?.();
  if (euid === undefined) return null;
  if (euid === 0 && /^\d+$/.test(env.SUDO_UID ?? '')) return Number(env.SUDO_UID);
  return euid;
}

/**
 * Git's ownership rule (since 2.35.2, CVE-2022-24765), for the embedded reader, which
 * isomorphic-git does not apply: a repository whose working tree or git folder (and
 * `.git` file, for a linked worktree) another user owns is refused unless
 * `safe.directory` lists it. Without it, a folder opened under a shared parent (/tmp,
 * say) would be read as part of whatever repository another user made there.
 */
export async function checkRepositoryOwner(root: string, env: NodeJS.ProcessEnv = process.env): Promise<void> {
  const uid = expectedOwner(env);
  if (uid === null) return;
  const dotGit = join(root, '.git');
  const paths = [root, dotGit];
  const dotGitInfo = await lstat(dotGit).catch(() => null);
  if (dotGitInfo?.isFile()) {
    const pointed = /^gitdir:\s*(.+?)\s*$/m.exec(readText(dotGit) ?? '')?.[1];
    if (pointed) paths.push(resolve(root, pointed));
  }
  for (const path of paths) {
    const owner = (await stat(path).catch(() => null))?.uid;
    if (owner === undefined || owner === uid) continue;
    if (await listed(root, safeDirectories(env))) return;
    throw new LoupeError(
      'not-a-repo',
      `${root} is a repository owned by another user (uid ${owner}; Loupe runs as uid ${uid}). Git refuses such a repository, and so does Loupe, ` +
        `unless safe.directory lists it: git config --global --add safe.directory ${root}`,
      { reason: 'dubious-ownership', owner },
    );
  }
}
