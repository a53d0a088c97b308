import * as fs from 'node:fs';
import { realpath, stat } from 'node:fs/promises';
import { join } from 'node:path';
import git from 'isomorphic-git';
import { LoupeError } from '../../../shared/errors';
import { checkFolderPath } from '../repo/open-repo';
import { CliGitReader } from './cli-reader';
import { EmbeddedGitReader } from './embedded-reader';
import { GitCommandError, runGitText, type GitBinary } from './git-cli';
import type { GitReader } from './git-reader';

const notARepo = (path: string) =>
  new LoupeError('not-a-repo', `${path} is not inside a git repository with a working copy.`);

/**
 * The working tree's top folder for a user-given folder (absolute, existing),
 * as a real path. LoupeError invalid-input / not-found / not-a-directory /
 * not-a-repo otherwise.
 */
export async function findRepoRoot(gitBin: GitBinary, folder: string): Promise<string> {
  const full = await checkFolderPath(folder);
  let root: string;
  if (gitBin.available) {
    try {
      root = (await runGitText(gitBin, full, ['rev-parse', '--show-toplevel'])).trim();
    } catch (err) {
      if (err instanceof GitCommandError) throw notARepo(full);
      throw err;
    }
  } else {
    root = await git.findRoot({ fs, filepath: full }).catch(() => '');
  }
  if (!root) throw notARepo(full);
  return realpath(root);
}

/** A reader over the git CLI where `git` exists, isomorphic-git otherwise (LOUPE_GIT=none forces it). */
export function createGitReader(gitBin: GitBinary, root: string): GitReader {
  return gitBin.available ? new CliGitReader(gitBin, root) : new EmbeddedGitReader(root);
}

interface Pooled {
  reader: GitReader;
  users: number;
  timer: NodeJS.Timeout | null;
}

/**
 * Keeps one reader per repository while it is in use and for `idleMs` after
 * (so a burst of listDir calls shares one cat-file process and one
 * isomorphic-git cache), then closes it. Timers are unref'd: an idle pool never
 * keeps the process alive. Call closeAll on shutdown.
 */
export class GitReaderPool {
  private readonly readers = new Map<string, Pooled>();
  /** folder → root, kept after readers retire (re-checked before use; bounded). */
  private readonly roots = new Map<string, string>();

  constructor(
    private readonly gitBin: GitBinary,
    private readonly idleMs = 5000,
  ) {}

  /** Runs `fn` with the repository's reader; the folder is checked and resolved to its root first. */
  async use<T>(folder: string, fn: (reader: GitReader) => Promise<T>): Promise<T> {
    const root = (await this.knownRoot(folder)) ?? (await findRepoRoot(this.gitBin, folder));
    let pooled = this.readers.get(root);
    if (!pooled) {
      pooled = { reader: createGitReader(this.gitBin, root), users: 0, timer: null };
      this.readers.set(root, pooled);
    }
    if (this.roots.size >= 256) this.roots.clear();
    this.roots.set(folder, root);
    pooled.users++;
    if (pooled.timer) clearTimeout(pooled.timer);
    pooled.timer = null;
    try {
      return await fn(pooled.reader);
    } finally {
      pooled.users--;
      if (pooled.users === 0 && this.readers.get(root) === pooled) {
        pooled.timer = setTimeout(() => void this.retire(root, pooled!), this.idleMs);
        pooled.timer.unref();
      }
    }
  }

  /**
   * The root found for `folder` before, while the reader is alive or while the
   * folder and the root's .git still exist (a cheap check instead of running git).
   */
  private async knownRoot(folder: string): Promise<string | null> {
    const root = this.roots.get(folder);
    if (!root) return null;
    if (this.readers.has(root)) return root;
    const ok = await Promise.all([stat(folder), stat(join(root, '.git'))]).then(
      ([f]) => f.isDirectory(),
      () => false,
    );
    if (!ok) this.roots.delete(folder);
    return ok ? root : null;
  }

  /** How many readers are open (for tests). */
  get size(): number {
    return this.readers.size;
  }

  private async retire(root: string, pooled: Pooled): Promise<void> {
    if (pooled.users > 0 || this.readers.get(root) !== pooled) return;
    this.readers.delete(root);
    await pooled.reader.close();
  }

  /** Closes every reader now (their child processes exit), as if idle; the pool stays usable. */
  async closeAll(): Promise<void> {
    const all = [...this.readers.values()];
    this.readers.clear();
    for (const p of all) if (p.timer) clearTimeout(p.timer);
    await Promise.all(all.map((p) => p.reader.close()));
  }
}
