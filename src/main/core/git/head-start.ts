// `loupe inspect` starts its first git processes before the rest of Loupe loads (the
// runtime's code takes tens of milliseconds to load, and git then waits on nothing):
// `rev-parse --show-toplevel` for the repository root and the `cat-file --batch` that
// will read the blobs. Both go through the same launcher and safe git runner as every
// other git call (safe-git.ts decides their arguments and environment); the runtime is
// then built on that launcher and runner, and its reader pool takes the two over
// (reader-pool.ts), so they are counted, cancelled and ended like any other child.
// This module imports only the git runner's own small modules, so it loads at once.
import { realpathSync, statSync } from 'node:fs';
import { isAbsolute, join, resolve } from 'node:path';
import { createLauncher, type Launcher } from '../process/launcher';
import { CatFileBatch } from './cat-file-batch';
import { createGitRunner, type GitRunner } from './git-cli';
import { cachedGitVersion, gitBinaryKey, GIT_VERSION_FILE } from './git-version-cache';
import { isSafeGitVersion } from './safe-git';

/** What rev-parse --show-toplevel answered (or how it failed), as findRepoRoot takes it. */
export type TopLevel = Promise<{ out: string } | { err: unknown }>;

export interface GitHeadStart {
  launcher: Launcher;
  git: GitRunner;
  /** The folder as the request names it (the reader pool is asked for this one). */
  folder: string;
  /** `git rev-parse --show-toplevel` in the folder, started; taken by the pool (then null). */
  topLevel: TopLevel | null;
  /** `git cat-file --batch` in the folder (the repository git finds from it, as rev-parse does); taken by the pool (then null). */
  batch: CatFileBatch | null;
}

export interface HeadStartOptions {
  /** The folder the inspection names (absolute). */
  folder: string;
  /** The runtime's user-data folder (its git version cache). */
  userDataDir: string;
  /** As RuntimeOptions.gitBinary: 'none' hides git; default LOUPE_GIT or `git`. */
  gitBinary?: string;
}

/**
 * A launcher and git runner for the runtime, with rev-parse and cat-file already started
 * when that can be decided without waiting: git is not hidden, the version cache says this
 * binary is one whose overrides hold (as detect() would), and the folder is an existing
 * directory (checkFolderPath's test). Otherwise nothing is started and the runtime does
 * what it always does, with the same errors.
 */
export function startGitHeadStart(options: HeadStartOptions): GitHeadStart {
  const launcher = createLauncher();
  const versionCacheFile = join(options.userDataDir, GIT_VERSION_FILE);
  const git = createGitRunner({ spawn: launcher.spawn, binary: options.gitBinary, versionCacheFile });
  const start: GitHeadStart = { launcher, git, folder: options.folder, topLevel: null, batch: null };
  // The runner's own choice of binary (git-cli.ts), and its version cache key.
  const wanted = options.gitBinary ?? process.env.LOUPE_GIT;
  if (wanted === 'none' || !isAbsolute(options.folder)) return start;
  const key = gitBinaryKey(wanted || 'git');
  if (!key || !isSafeGitVersion(cachedGitVersion(versionCacheFile, key))) return start;
  let real: string;
  try {
    const full = resolve(options.folder);
    if (!statSync(full).isDirectory()) return start;
    real = realpathSync(full);
  } catch {
    return start;
  }
  start.topLevel = git.text(real, ['rev-parse', '--show-toplevel']).then(
    (out) => ({ out }),
    (err: unknown) => ({ err }),
  );
  start.batch = new CatFileBatch(git, real);
  return start;
}
