import type { Stats } from 'node:fs';
import { lstat, readlink, realpath } from 'node:fs/promises';
import { dirname, join, relative, resolve, isAbsolute } from 'node:path';
import type { OmissionReason } from '../../../shared/contract/context';
import { ancestorsOf } from '../git/git-reader';
import { openInside } from './open-inside';

/** What a repo-relative path is in the working copy, without following any symlink. */
export type WorkingProbe =
  | { kind: 'file'; size: number }
  | { kind: 'dir'; gitRepo: boolean }
  | { kind: 'missing' }
  /** The path, or a folder on the way to it, is a symlink; `escapes` when it resolves outside the repo. */
  | { kind: 'symlink'; escapes: boolean }
  /** A FIFO, socket or device: never read (a FIFO would block). */
  | { kind: 'special' };

export type WorkingRead =
  | { kind: 'bytes'; bytes: Buffer }
  | { kind: 'too-large'; size: number }
  | { kind: 'gone' }
  | { kind: 'special' }
  /** A folder on the way became a symlink after the probe; `outside` when it led out of the repository. */
  | { kind: 'diverted'; outside: boolean };

/**
 * The working copy of one repository, for one inspection. lstat results are
 * cached, since many selections share ancestor folders.
 */
export class WorkingCopy {
  private readonly stats = new Map<string, Promise<Stats | null>>();
  private realRoot: Promise<string> | null = null;

  constructor(readonly root: string) {}

  private lstat(rel: string): Promise<Stats | null> {
    let s = this.stats.get(rel);
    if (!s) {
      s = lstat(join(this.root, rel)).catch(() => null);
      this.stats.set(rel, s);
    }
    return s;
  }

  private realRootPath(): Promise<string> {
    this.realRoot ??= realpath(this.root).catch(() => this.root);
    return this.realRoot;
  }

  /** True when the symlink at `rel` resolves (or, dangling, points) outside the repository. */
  private async escapes(rel: string): Promise<boolean> {
    const root = await this.realRootPath();
    const link = join(this.root, rel);
    let target: string;
    try {
      target = await realpath(link);
    } catch {
      const text = await readlink(link).catch(() => '');
      target = resolve(dirname(link), text);
    }
    const inside = relative(root, target);
    return inside === '..' || inside.startsWith(`..${'/'}`) || inside.startsWith('..\\') || isAbsolute(inside);
  }

  /** Looks at `rel` and each folder on the way to it with lstat; never opens anything. */
  async probe(rel: string): Promise<WorkingProbe> {
    for (const folder of ancestorsOf(rel)) {
      const s = await this.lstat(folder);
      if (!s) return { kind: 'missing' };
      if (s.isSymbolicLink()) return { kind: 'symlink', escapes: await this.escapes(folder) };
      if (!s.isDirectory()) return { kind: 'missing' };
    }
    const s = await this.lstat(rel);
    if (!s) return { kind: 'missing' };
    if (s.isSymbolicLink()) return { kind: 'symlink', escapes: await this.escapes(rel) };
    if (s.isFile()) return { kind: 'file', size: s.size };
    if (s.isDirectory()) return { kind: 'dir', gitRepo: (await this.lstat(`${rel}/.git`)) !== null };
    return { kind: 'special' };
  }

  /**
   * Reads a regular file, never through a symlink anywhere on its path (even
   * one swapped in after the probe: openInside), refusing anything over
   * `maxBytes` without reading it.
   */
  async read(rel: string, maxBytes: number): Promise<WorkingRead> {
    const opened = await openInside(await this.realRootPath(), rel);
    if (opened.kind !== 'open') return opened;
    const handle = opened.handle;
    try {
      const s = await handle.stat();
      if (!s.isFile()) return { kind: 'special' };
      if (s.size > maxBytes) return { kind: 'too-large', size: s.size };
      const bytes = await handle.readFile();
      // It may have grown since fstat.
      if (bytes.length > maxBytes) return { kind: 'too-large', size: bytes.length };
      return { kind: 'bytes', bytes };
    } finally {
      await handle.close();
    }
  }
}

/** The omission for a working-copy read that gave no bytes (one rule for inspect and staging). */
export function readOmission(read: Exclude<WorkingRead, { kind: 'bytes' }>): OmissionReason {
  switch (read.kind) {
    case 'too-large':
      return 'too-large';
    case 'special':
      // A FIFO, socket or device swapped in since the probe.
      return 'binary';
    case 'diverted':
      return read.outside ? 'outside-repo' : 'symlink';
    case 'gone':
      return 'not-found';
  }
}
