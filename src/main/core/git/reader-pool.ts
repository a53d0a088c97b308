import { stat } from 'node:fs/promises';
import { join } from 'node:path';
import { createGitReader, findRepoRoot } from './repo-root';
import type { GitRunner } from './git-cli';
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
  ) {}

  /**
   * Runs `fn` with the repository's reader; the folder is checked and resolved
   * to its root first. With `signal`, git commands started for this use end
   * when it aborts, and a reader nobody else is using is closed at once.
   */
  async use<T>(folder: string, fn: (reader: GitReader) => Promise<T>, signal?: AbortSignal): Promise<T> {
    const root = (await this.knownRoot(folder)) ?? (await findRepoRoot(this.git, folder, signal));
    signal?.throwIfAborted();
    let pooled = this.readers.get(root);
    if (!pooled) {
      pooled = { reader: createGitReader(this.git, root), users: 0, timer: null };
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
    const all = [...this.readers.values()];
    this.readers.clear();
    for (const p of all) if (p.timer) clearTimeout(p.timer);
    await Promise.all(all.map(async (p) => (await p.reader).close()));
  }
}
