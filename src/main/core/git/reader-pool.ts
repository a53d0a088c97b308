import { stat } from 'node:fs/promises';
import { join } from 'node:path';
import { createGitReader, findRepoRoot } from './repo-root';
import type { CatFileBatch } from './cat-file-batch';
import type { GitRunner } from './git-cli';
import type { GitHeadStart } from './head-start';
import type { GitReader } from './git-reader';

interface Pooled {
  reader: Promise<GitReader>;
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
    private readonly git: GitRunner,
    private readonly idleMs = 5000,
    /** rev-parse and cat-file already started for one folder (head-start.ts): its first use takes them over. */
    private headStart: GitHeadStart | null = null,
  ) {}

  /** The root of `folder`, from the head start's rev-parse when it was started for this folder. */
  private async findRoot(folder: string, signal?: AbortSignal): Promise<string> {
    const start = this.headStart;
    if (!start || start.folder !== folder || !start.topLevel) return findRepoRoot(this.git, folder, signal);
    const topLevel = start.topLevel;
    start.topLevel = null;
    try {
      return await findRepoRoot(this.git, folder, signal, topLevel);
    } catch (err) {
      // Not a repository Loupe opens: its cat-file is not used either.
      await this.takeBatch(folder)?.close();
      throw err;
    }
  }

  /** The head start's cat-file for `folder`, once. */
  private takeBatch(folder: string): CatFileBatch | null {
    const start = this.headStart;
    if (!start || start.folder !== folder || !start.batch) return null;
    const batch = start.batch;
    start.batch = null;
    return batch;
  }

  /**
   * Runs `fn` with the repository's reader; the folder is checked and resolved
   * to its root first. With `signal`, git commands started for this use end
   * when it aborts, and a reader nobody else is using is closed at once.
   */
  async use<T>(folder: string, fn: (reader: GitReader) => Promise<T>, signal?: AbortSignal): Promise<T> {
    const root = (await this.knownRoot(folder)) ?? (await this.findRoot(folder, signal));
    signal?.throwIfAborted();
    let pooled = this.readers.get(root);
    if (!pooled) {
      pooled = { reader: createGitReader(this.git, root, this.takeBatch(folder)), users: 0, timer: null };
      this.readers.set(root, pooled);
    }
    if (this.roots.size >= 256) this.roots.clear();
    this.roots.set(folder, root);
    pooled.users++;
    if (pooled.timer) clearTimeout(pooled.timer);
    pooled.timer = null;
    try {
      return await fn((await pooled.reader).withSignal(signal));
    } finally {
      pooled.users--;
      if (pooled.users === 0 && this.readers.get(root) === pooled) {
        // A cancelled call leaves no process behind; otherwise keep the reader warm for a while.
        if (signal?.aborted) await this.retire(root, pooled);
        else {
          pooled.timer = setTimeout(() => void this.retire(root, pooled!), this.idleMs);
          pooled.timer.unref();
        }
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
    await (await pooled.reader).close();
  }

  /** Closes every reader now (their child processes exit), as if idle; the pool stays usable. */
  async closeAll(): Promise<void> {
    // A head start never taken (the call failed before it reached git) ends here too.
    const unused = this.headStart?.batch;
    this.headStart = null;
    await unused?.close();
    const all = [...this.readers.values()];
    this.readers.clear();
    for (const p of all) if (p.timer) clearTimeout(p.timer);
    await Promise.all(all.map(async (p) => (await p.reader).close()));
  }
}
