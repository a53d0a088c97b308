// The embedded reader's own ref resolution and root finding, against git's answers
// on repositories made with the git CLI.
import { execFileSync } from 'node:child_process';
import { mkdirSync, realpathSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { git, makeRepo, removeTempDirs, tempDir } from '../testing/fixtures';
import { findRootFromFiles, resolveRefFromFiles } from './ref-files';

afterAll(removeTempDirs);

describe('resolveRefFromFiles', () => {
  it('resolves HEAD, branches, tags (not peeled), remote refs and full ids as git does, loose or packed', async () => {
    const repo = makeRepo({ 'a.txt': 'a\n' });
    git(repo, 'branch', 'feature');
    git(repo, 'tag', 'light');
    git(repo, 'tag', '-a', 'v1', '-m', 'annotated');
    git(repo, 'update-ref', 'refs/remotes/origin/main', 'HEAD');
    git(repo, 'symbolic-ref', 'refs/remotes/origin/HEAD', 'refs/remotes/origin/main');
    const names = ['HEAD', 'main', 'feature', 'refs/heads/feature', 'light', 'v1', 'tags/v1', 'origin/main', 'origin'];
    const expected = names.map((n) => git(repo, 'rev-parse', '--verify', n));
    expect(await Promise.all(names.map((n) => resolveRefFromFiles(repo, n)))).toEqual(expected);
    git(repo, 'pack-refs', '--all');
    expect(await Promise.all(names.map((n) => resolveRefFromFiles(repo, n)))).toEqual(expected);
    expect(await resolveRefFromFiles(repo, expected[0]!)).toBe(expected[0]);
  });

  it('rejects names that resolve to nothing, refs in a loop, and files that are not refs', async () => {
    const repo = makeRepo({ 'a.txt': 'a\n' });
    writeFileSync(join(repo, '.git', 'refs', 'heads', 'a'), 'ref: refs/heads/b\n');
    writeFileSync(join(repo, '.git', 'refs', 'heads', 'b'), 'ref: refs/heads/a\n');
    execFileSync('mkfifo', [join(repo, '.git', 'refs', 'heads', 'fifo')]);
    for (const name of ['nope', 'a', 'config', 'index', '', 'refs', 'fifo']) {
      await expect(resolveRefFromFiles(repo, name), name).rejects.toThrow();
    }
  });

  it('follows a .git file to the git folder it names', async () => {
    const repo = makeRepo({ 'a.txt': 'a\n' });
    const outside = tempDir();
    const tree = join(outside, 'tree');
    mkdirSync(tree);
    writeFileSync(join(tree, '.git'), `gitdir: ${join(repo, '.git')}\n`);
    expect(await resolveRefFromFiles(tree, 'HEAD')).toBe(git(repo, 'rev-parse', 'HEAD'));
  });
});

describe('findRootFromFiles', () => {
  it('finds the nearest folder holding .git, and rejects where there is none', async () => {
    const repo = realpathSync(makeRepo({ 'src/deep/a.txt': 'a\n' }));
    expect(await findRootFromFiles(join(repo, 'src', 'deep'))).toBe(repo);
    expect(await findRootFromFiles(repo)).toBe(repo);
    await expect(findRootFromFiles(tempDir())).rejects.toThrow();
  });
});
