import { realpath, stat } from 'node:fs/promises';
import * as fs from 'node:fs';
import { basename, isAbsolute, resolve } from 'node:path';
import git from 'isomorphic-git';
import type { RepoInfo } from '../../../shared/contract/app';
import { LoupeError } from '../../../shared/errors';
import { GitCommandError, runGitText, type GitBinary } from '../git/git-cli';

/**
 * Checks a user-given folder path before any git command sees it: absolute,
 * existing, a directory. Throws a LoupeError with a code the UI can explain.
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

/** Opens a repository with the git CLI: root, HEAD, branch, branches and tags. */
export async function openRepoWithCli(gitBin: GitBinary, path: string): Promise<RepoInfo> {
  const folder = await checkFolderPath(path);
  let root: string;
  try {
    root = (await runGitText(gitBin, folder, ['rev-parse', '--show-toplevel'])).trim();
  } catch (err) {
    if (err instanceof GitCommandError) throw notARepo(folder);
    throw err;
  }
  if (!root) throw notARepo(folder);
  const head = await runGitText(gitBin, root, ['rev-parse', '--verify', '-q', 'HEAD^{commit}']).then(
    (s) => s.trim() || null,
    () => null,
  );
  const branch = await runGitText(gitBin, root, ['symbolic-ref', '-q', '--short', 'HEAD']).then(
    (s) => s.trim() || null,
    () => null,
  );
  const refs = await runGitText(gitBin, root, [
    'for-each-ref',
    '--format=%(refname)',
    '--sort=refname',
    'refs/heads',
    'refs/tags',
  ]);
  const branches: string[] = [];
  const tags: string[] = [];
  for (const line of refs.split('\n')) {
    if (line.startsWith('refs/heads/')) branches.push(line.slice('refs/heads/'.length));
    else if (line.startsWith('refs/tags/')) tags.push(line.slice('refs/tags/'.length));
  }
  return { root, name: basename(root), head, branch, branches, tags };
}

/** Opens a repository with isomorphic-git, for machines without a git binary. */
export async function openRepoEmbedded(path: string): Promise<RepoInfo> {
  const folder = await checkFolderPath(path);
  let root: string;
  try {
    root = await git.findRoot({ fs, filepath: folder });
  } catch {
    throw notARepo(folder);
  }
  const head = await git.resolveRef({ fs, dir: root, ref: 'HEAD' }).catch(() => null);
  const branch = (await git.currentBranch({ fs, dir: root, fullname: false }).catch(() => undefined)) ?? null;
  const branches = (await git.listBranches({ fs, dir: root })).sort();
  const tags = (await git.listTags({ fs, dir: root })).sort();
  return { root, name: basename(root), head, branch, branches, tags };
}

/** Opens with the CLI where git exists, the embedded reader otherwise. */
export function openRepo(gitBin: GitBinary, path: string): Promise<RepoInfo> {
  return gitBin.available ? openRepoWithCli(gitBin, path) : openRepoEmbedded(path);
}
