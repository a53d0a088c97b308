// Finding the working tree and resolving ref names from the files git keeps, for the
// embedded reader (no git binary). These follow isomorphic-git's findRoot and
// resolveRef step for step (the contract suite checks both backends alike), so that
// `loupe inspect` with no git does not load isomorphic-git (~585 KB of CommonJS, about
// as long to compile as the rest of the command's code) unless it needs ignore rules.
import { stat } from 'node:fs/promises';
import { dirname, isAbsolute, join } from 'node:path';
import { readRegularFile } from './regular-files-fs';

/** Codes of a path that is not there (isomorphic-git's isNotFoundError). */
const isNotFound = (err: unknown): boolean => {
  const code = (err as NodeJS.ErrnoException | null)?.code;
  return typeof code === 'string' && (code === 'ENOENT' || code === 'ENOTDIR' || code.includes('ENS'));
};

async function exists(path: string): Promise<boolean> {
  try {
    await stat(path);
    return true;
  } catch (err) {
    if (isNotFound(err)) return false;
    throw err;
  }
}

/**
 * The nearest folder at or above `folder` holding a `.git` (folder or file); rejects
 * when there is none, or when a folder on the way cannot be looked at.
 */
export async function findRootFromFiles(folder: string): Promise<string> {
  for (let at = folder; ; ) {
    if (await exists(join(at, '.git'))) return at;
    const parent = dirname(at);
    if (parent === at) throw new Error(`No git repository contains ${folder}.`);
    at = parent;
  }
}

/** A file's text, or null when it is missing, a folder, or not a regular file. */
async function readText(path: string): Promise<string | null> {
  try {
    return (await readRegularFile(path, { encoding: 'utf8' })) as string;
  } catch (err) {
    if (isNotFound(err) || (err as NodeJS.ErrnoException).code === 'EISDIR') return null;
    throw err;
  }
}

/** The git folder of a working tree: `.git` itself, or where a `.git` file (`gitdir: …`) points. */
async function gitDirFor(root: string): Promise<string> {
  const dotgit = join(root, '.git');
  const info = await stat(dotgit).catch(() => null);
  if (!info?.isFile()) return dotgit;
  // `gitdir: <path>`: the 8 characters of the key and its space, then the path.
  const pointed = ((await readRegularFile(dotgit, 'utf8')) as string).trimEnd().slice(8);
  return isAbsolute(pointed) ? pointed : join(dirname(dotgit), pointed);
}

/** `packed-refs` as ref name → id (peeled tags as `name^{}`). */
function parsePackedRefs(text: string | null): Map<string, string> {
  const refs = new Map<string, string>();
  let key: string | null = null;
  for (const line of (text ?? '').trim().split('\n')) {
    if (!text || /^\s*#/.test(line)) continue;
    const space = line.indexOf(' ');
    if (line.startsWith('^')) refs.set(`${key}^{}`, line.slice(1));
    else {
      key = line.slice(space + 1);
      refs.set(key, line.slice(0, space));
    }
  }
  return refs;
}

/** Where a name is looked for, in order (as git's rev-parse and isomorphic-git do). */
const candidates = (ref: string): string[] => [ref, `refs/${ref}`, `refs/tags/${ref}`, `refs/heads/${ref}`, `refs/remotes/${ref}`, `refs/remotes/${ref}/HEAD`];
/** Files of the git folder that are never refs. */
const NOT_REFS = new Set(['config', 'description', 'index', 'shallow', 'commondir']);

/**
 * The object id a ref name (`HEAD`, `main`, `refs/tags/v1`, `origin/main`) points to,
 * following symbolic refs (`ref: …`); a full id is returned as it is. Tags are not
 * peeled. Rejects when the name resolves to nothing, or refs point at each other in a loop.
 */
export async function resolveRefFromFiles(root: string, ref: string): Promise<string> {
  if (!ref) throw new Error('No ref name was given.');
  const gitdir = await gitDirFor(root);
  const visited = new Set<string>();
  let name = ref;
  for (;;) {
    if (name.startsWith('ref: ')) name = name.slice(5);
    if (name.length === 40 && /[0-9a-f]{40}/.test(name)) return name;
    const packed = parsePackedRefs(await readText(join(gitdir, 'packed-refs')));
    let next: string | null = null;
    for (const path of candidates(name)) {
      if (NOT_REFS.has(path)) continue;
      const found = (await readText(`${gitdir}/${path}`)) || packed.get(path);
      if (!found) continue;
      if (visited.has(path)) throw new Error(`Circular reference detected while resolving ref "${path}"`);
      visited.add(path);
      next = found.trim();
      break;
    }
    if (next === null) throw new Error(`Could not find ${name}.`);
    name = next;
  }
}
