// The git processes `loupe inspect` starts before the runtime loads (head-start.ts), and the
// reader pool taking them over: real git, real repositories in temp folders.
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createLauncher } from '../process/launcher';
import { git as runGit, makeRepo, removeTempDirs, tempDir } from '../testing/fixtures';
import { createGitRunner } from './git-cli';
import { GIT_VERSION_FILE } from './git-version-cache';
import { startGitHeadStart } from './head-start';
import { GitReaderPool } from './reader-pool';

afterAll(removeTempDirs);

/** A user-data folder whose version cache already knows this machine's git (as after any earlier run). */
async function knownGitData(): Promise<string> {
  const dir = tempDir('loupe-head-start-');
  const launcher = createLauncher();
  await createGitRunner({ spawn: launcher.spawn, versionCacheFile: join(dir, GIT_VERSION_FILE) }).detect();
  await launcher.closeAll();
  return dir;
}

describe('the git head start of loupe inspect', () => {
  it('starts rev-parse and cat-file at once; the pool reads through them and starts neither again', async () => {
    const repo = makeRepo({ 'src/a.ts': 'export const a = 1;\n' });
    const start = startGitHeadStart({ folder: repo, userDataDir: await knownGitData() });
    expect(start.topLevel).not.toBeNull();
    expect(start.batch).not.toBeNull();
    expect(start.launcher.stats().started).toBe(2);
    const pool = new GitReaderPool(start.git, 5000, start);
    const text = await pool.use(repo, async (reader) => {
      const commit = await reader.resolveCommit('HEAD');
      expect(commit).toBe(runGit(repo, 'rev-parse', 'HEAD').trim());
      const [entry] = await reader.listTree(commit, 'src');
      return (await reader.readBlob(entry!.oid)).toString('utf8');
    });
    expect(text).toBe('export const a = 1;\n');
    // rev-parse, cat-file, and the ls-tree of the listing: no second rev-parse or cat-file.
    expect(start.launcher.stats().started).toBe(3);
    expect(start.topLevel).toBeNull();
    expect(start.batch).toBeNull();
    await pool.closeAll();
    expect(start.launcher.stats().live).toBe(0);
  });

  it('a folder in no repository fails as before, and its cat-file ends', async () => {
    const folder = tempDir('loupe-not-a-repo-');
    const start = startGitHeadStart({ folder, userDataDir: await knownGitData() });
    expect(start.batch).not.toBeNull();
    const pool = new GitReaderPool(start.git, 5000, start);
    await expect(pool.use(folder, async () => 'read')).rejects.toMatchObject({ code: 'not-a-repo' });
    await start.launcher.closeAll();
    expect(start.launcher.stats().live).toBe(0);
    expect(start.batch).toBeNull();
  });

  it('a head start the pool never used is ended by closeAll', async () => {
    const repo = makeRepo({ 'a.txt': 'a\n' });
    const start = startGitHeadStart({ folder: repo, userDataDir: await knownGitData() });
    const pool = new GitReaderPool(start.git, 5000, start);
    await start.topLevel;
    await pool.closeAll();
    await start.launcher.closeAll();
    expect(start.launcher.stats().live).toBe(0);
    expect(start.launcher.stats().started).toBe(2);
  });

  it('starts nothing when git is hidden, its version is not known yet, or the folder is not a folder', async () => {
    const repo = makeRepo({ 'a.txt': 'a\n' });
    const known = await knownGitData();
    const cases = [
      startGitHeadStart({ folder: repo, userDataDir: known, gitBinary: 'none' }),
      startGitHeadStart({ folder: repo, userDataDir: tempDir('loupe-no-cache-') }),
      startGitHeadStart({ folder: join(repo, 'a.txt'), userDataDir: known }),
      startGitHeadStart({ folder: join(repo, 'missing'), userDataDir: known }),
      startGitHeadStart({ folder: 'relative/path', userDataDir: known }),
    ];
    for (const start of cases) {
      expect(start.topLevel).toBeNull();
      expect(start.batch).toBeNull();
      expect(start.launcher.stats().started).toBe(0);
    }
  });
});
