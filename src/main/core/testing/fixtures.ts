// Test helpers: real git repositories built with the git CLI in temp folders,
// and a runtime over a real SQLite file. Used by *.test.ts and *.spec.ts only.
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { appendFileSync, cpSync, mkdirSync, mkdtempSync, readFileSync, realpathSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { createRuntime, type Runtime, type RuntimeOptions } from '../runtime';
import { createGitRunner, gitEnv, type GitRunner } from '../git/git-cli';
import { GIT_VERSION_FILE, gitBinaryKey, storeGitVersion } from '../git/git-version-cache';
import { createLauncher } from '../process/launcher';
import { repoTemplate } from './repo-templates';

const cleanups: string[] = [];

/** A new empty folder under the OS temp dir (real path, symlinks resolved). */
export function tempDir(prefix = 'loupe-test-'): string {
  const dir = realpathSync(mkdtempSync(join(tmpdir(), prefix)));
  cleanups.push(dir);
  return dir;
}

/** Removes every folder tempDir made; call from afterAll. */
export function removeTempDirs(): void {
  for (const dir of cleanups.splice(0)) rmSync(dir, { recursive: true, force: true });
}

/** Runs git in `cwd` with a fixed identity and dates, returning trimmed stdout. */
export function git(cwd: string, ...args: string[]): string {
  return execFileSync('git', args, {
    cwd,
    encoding: 'utf8',
    env: {
      ...gitEnv(),
      GIT_AUTHOR_NAME: 'Loupe Test',
      GIT_AUTHOR_EMAIL: 'test@loupe.invalid',
      GIT_COMMITTER_NAME: 'Loupe Test',
      GIT_COMMITTER_EMAIL: 'test@loupe.invalid',
      GIT_AUTHOR_DATE: '2026-01-01T00:00:00Z',
      GIT_COMMITTER_DATE: '2026-01-01T00:00:00Z',
    },
    maxBuffer: 256 * 1024 * 1024,
  }).trim();
}

/** Writes files (path → contents) under `root`, creating folders. */
export function writeFiles(root: string, files: Record<string, string | Buffer>): void {
  for (const [path, contents] of Object.entries(files)) {
    const full = join(root, path);
    mkdirSync(dirname(full), { recursive: true });
    writeFileSync(full, contents);
  }
}

function repoKey(files: Record<string, string | Buffer>, message: string): string {
  const hash = createHash('sha256').update(message).update('\0');
  for (const [path, contents] of Object.entries(files)) {
    hash.update(path).update(typeof contents === 'string' ? '\0s\0' : '\0b\0').update(contents).update('\0');
  }
  return hash.digest('hex');
}

/** init, add and commit with the git CLI in the empty folder `root` (the config is written as `git config` would). */
export function buildRepo(root: string, files: Record<string, string | Buffer>, message: string): void {
  git(root, 'init', '-q', '-b', 'main');
  // What `git config core.autocrlf false` writes: the working copy is never converted on any platform.
  appendFileSync(join(root, '.git', 'config'), '[core]\n\tautocrlf = false\n');
  if (Object.keys(files).length) {
    writeFiles(root, files);
    git(root, 'add', '-A');
    git(root, 'commit', '-q', '-m', message);
  }
}

/**
 * A copy, in a new temp folder, of the template `build` makes (repo-templates.ts). A copy's
 * index holds the template's file times and inodes, so git hashes its files once more
 * to see they are unchanged: the same answers, as after `cp -r` of any repository.
 */
export function copyOfTemplate(key: string, build: (root: string) => void): string {
  const root = tempDir('loupe-repo-');
  cpSync(repoTemplate(key, build), root, { recursive: true });
  return root;
}

/**
 * A fresh repository on branch `main`, with `files` committed (if any). Built with the
 * git CLI the first time these files are asked for in a process, then copied from that
 * build (the commits are the same: author, committer and dates are fixed).
 */
export function makeRepo(files: Record<string, string | Buffer> = {}, message = 'initial'): string {
  return copyOfTemplate(`repo:${repoKey(files, message)}`, (root) => buildRepo(root, files, message));
}

let gitVersion: { key: string; version: string } | null | undefined;

/**
 * Writes git's version into a new user-data folder as the app keeps it between launches
 * (git-version-cache.ts): a runtime over it starts no `git --version`, as on every launch
 * after the first. Asked once per test process; the entry is for `git` on PATH only, so a
 * runtime given another binary (or after PATH changes) asks as it always does.
 */
function seedGitVersion(userDataDir: string): void {
  if (gitVersion === undefined) {
    const key = gitBinaryKey('git');
    const version = /git version (\S+)/.exec(execFileSync('git', ['--version'], { encoding: 'utf8' }))?.[1];
    gitVersion = key && version ? { key, version } : null;
  }
  if (gitVersion) storeGitVersion(join(userDataDir, GIT_VERSION_FILE), gitVersion.key, gitVersion.version);
}

/** A runtime over a real SQLite database in its own temp user-data folder (git's version already known, as after a first launch). */
export function makeRuntime(options: Partial<RuntimeOptions> = {}): Runtime {
  let userDataDir = options.userDataDir;
  if (!userDataDir) {
    userDataDir = tempDir('loupe-data-');
    if (options.gitBinary === undefined && !process.env.LOUPE_GIT) seedGitVersion(userDataDir);
  }
  return createRuntime({ host: 'browser', ...options, userDataDir });
}

const testLauncher = createLauncher();

/** A git runner over a launcher of its own, for tests that build readers directly. */
export function testGit(binary?: string): GitRunner {
  return createGitRunner({ spawn: testLauncher.spawn, binary });
}

/** True while a process runs (a zombie waiting for its parent counts as ended). */
export function isProcessAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
  } catch {
    return false;
  }
  try {
    // Linux: the state letter follows the command name in /proc/<pid>/stat; Z is a zombie.
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    return stat.slice(stat.lastIndexOf(')') + 2, stat.lastIndexOf(')') + 3) !== 'Z';
  } catch {
    return true;
  }
}

/** Waits (up to `ms`) until the process has ended; resolves with whether it did. */
export async function waitForExit(pid: number, ms = 2000): Promise<boolean> {
  const until = Date.now() + ms;
  while (Date.now() < until) {
    if (!isProcessAlive(pid)) return true;
    await new Promise((r) => setTimeout(r, 20));
  }
  return !isProcessAlive(pid);
}
