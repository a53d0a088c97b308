import { realpath, stat } from 'node:fs/promises';
import { isAbsolute, relative, resolve } from 'node:path';
import { LoupeError } from '../../../shared/errors';
import { GitCommandError, type GitRunner } from './git-cli';
import type { CatFileBatch } from './cat-file-batch';
import type { GitReader } from './git-reader';

/**
 * Checks a user-given folder path before any git command sees it: absolute,
 * existing, a directory. Returns its real path; throws a LoupeError with a code
 * the UI can explain.
 */
export async function checkFolderPath(path: string): Promise<string> {
  if (!isAbsolute(path)) {
    throw new LoupeError('invalid-input', `The repository path must be absolute; got "${path}".`);
  }
  const full = resolve(path);
  let info;
  try {
    info = await stat(full);
  } catch {
    throw new LoupeError('not-found', `No folder exists at ${full}.`);
  }
  if (!info.isDirectory()) throw new LoupeError('not-a-directory', `${full} is a file, not a folder.`);
  // The real path, so both git backends report the same root through symlinked folders.
  return realpath(full);
}

const notARepo = (path: string) =>
  new LoupeError('not-a-repo', `${path} is not inside a git repository with a working copy.`);

/** Git's refusal of a repository another user owns, in words that say how to allow it. */
function dubiousOwnership(folder: string, stderr: string): LoupeError {
  const at = /dubious ownership in repository at '([^']+)'/.exec(stderr)?.[1] ?? folder;
  return new LoupeError(
    'not-a-repo',
    `${at} is a repository owned by another user; git refuses it, and so does Loupe, unless safe.directory lists it: git config --global --add safe.directory ${at}`,
    { reason: 'dubious-ownership' },
  );
}

/**
 * The working tree git reports for `folder`, as a real path, when it contains
 * `folder`. Walking up from a folder always finds an ancestor; a repository whose
 * config sets core.worktree elsewhere (a home folder, say) would otherwise make
 * Loupe list and preview files the user never opened: that is refused as not-a-repo.
 */
export async function containingWorkTree(folder: string, reported: string): Promise<string> {
  const root = reported ? await realpath(reported).catch(() => '') : '';
  if (!root) throw notARepo(folder);
  const inside = relative(root, folder);
  if (inside === '..' || inside.startsWith('../') || inside.startsWith('..\\') || isAbsolute(inside)) {
    throw new LoupeError(
      'not-a-repo',
      `${folder} is not inside the working tree its git config names (${reported}); Loupe only opens a repository from within its working tree.`,
    );
  }
  return root;
}

/**
 * The working tree's top folder for a user-given folder, as a real path: the
 * one place that asks git (or isomorphic-git where no git exists) for it.
 */
export async function findRepoRoot(
  git: GitRunner,
  folder: string,
  signal?: AbortSignal,
  /** The same rev-parse, started earlier in the folder's real path (head-start.ts). */
  started?: Promise<{ out: string } | { err: unknown }>,
): Promise<string> {
  const full = await checkFolderPath(folder);
  let root: string;
  // `rev-parse --show-toplevel` runs nothing a repository names on any git, so it starts
  // beside the version check instead of after it (one fork less on the way to the first answer).
  const topLevel =
    started ??
    git.text(full, ['rev-parse', '--show-toplevel'], { signal }).then(
      (out) => ({ out }),
      (err: unknown) => ({ err }),
    );
  if ((await git.detect()).available) {
    const top = await topLevel;
    if ('err' in top) {
      if (top.err instanceof GitCommandError && top.err.stderr.includes('dubious ownership')) throw dubiousOwnership(full, top.err.stderr);
      if (top.err instanceof GitCommandError) throw notARepo(full);
      throw top.err;
    }
    return containingWorkTree(full, top.out.trim());
  } else {
    // Loaded only where no git binary exists.
    const { findRootFromFiles } = await import('./ref-files');
    root = await findRootFromFiles(full).catch(() => '');
  }
  if (!root) throw notARepo(full);
  const real = await realpath(root);
  // The git CLI refuses a repository another user owns; isomorphic-git does not check.
  const { checkRepositoryOwner } = await import('./safe-directory');
  await checkRepositoryOwner(real);
  return real;
}

/** A reader over the git CLI where `git` exists, isomorphic-git otherwise (LOUPE_GIT=none forces it). */
export async function createGitReader(git: GitRunner, root: string, batch?: CatFileBatch | null): Promise<GitReader> {
  if ((await git.detect()).available) {
    const { CliGitReader } = await import('./cli-reader');
    // A cat-file already started for this repository (head-start.ts) reads its objects.
    return new CliGitReader(git, root, undefined, { batch: batch ?? null, closed: false });
  }
  await batch?.close();
  const { EmbeddedGitReader } = await import('./embedded-reader');
  return new EmbeddedGitReader(root);
}
