import { mkdirSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { LoupeError } from '../../../shared/errors';
import { git, makeRepo, makeRuntime, removeTempDirs, tempDir } from '../testing/fixtures';
import { listRecent } from '../store/recent-repos';

afterAll(removeTempDirs);

describe.each([
  ['git CLI', undefined],
  ['isomorphic-git', 'none'],
])('repo.open with %s', (_label, gitBinary) => {
  it('returns root, name, HEAD and branch, and records it as recent', async () => {
    const repo = makeRepo({ 'a.txt': 'a\n', 'src/b.ts': 'b\n' });
    git(repo, 'branch', 'feature/x');
    git(repo, 'tag', 'v1');
    const rt = makeRuntime({ gitBinary });
    const info = await rt.call('repo.open', { path: join(repo, 'src') });
    expect(info).toEqual({
      root: repo,
      name: repo.split('/').pop(),
      head: git(repo, 'rev-parse', 'HEAD'),
      branch: 'main',
    });
    expect(listRecent(rt.deps.db).map((r) => r.path)).toEqual([repo]);
    rt.close();
  });

  it('reports a detached HEAD and an empty repository without failing', async () => {
    const repo = makeRepo({ 'a.txt': 'a\n' });
    git(repo, 'checkout', '-q', '--detach');
    const empty = makeRepo();
    const rt = makeRuntime({ gitBinary });
    const detached = await rt.call('repo.open', { path: repo });
    expect(detached.branch).toBeNull();
    const fresh = await rt.call('repo.open', { path: empty });
    expect(fresh.head).toBeNull();
    // Before the first commit, HEAD already names its branch.
    expect(fresh.branch).toBe('main');
    rt.close();
  });

  it('names a branch with a slash in it', async () => {
    const repo = makeRepo({ 'a.txt': 'a\n' });
    git(repo, 'checkout', '-q', '-b', 'release/2');
    const rt = makeRuntime({ gitBinary });
    expect(await rt.call('repo.open', { path: repo })).toMatchObject({ head: git(repo, 'rev-parse', 'HEAD'), branch: 'release/2' });
    rt.close();
  });

  // isomorphic-git names the branch itself, whatever else has its name.
  it.skipIf(gitBinary === 'none')('names the branch as `git symbolic-ref --short HEAD` does when a tag has its name', async () => {
    const repo = makeRepo({ 'a.txt': 'a\n' });
    git(repo, 'tag', 'main');
    const rt = makeRuntime({ gitBinary });
    expect(await rt.call('repo.open', { path: repo })).toMatchObject({ head: git(repo, 'rev-parse', 'HEAD'), branch: 'heads/main' });
    expect(git(repo, 'symbolic-ref', '--short', 'HEAD')).toBe('heads/main');
    rt.close();
  });

  it.each([
    ['a relative path', () => 'some/relative/dir', 'invalid-input'],
    ['a missing path', () => join(tempDir(), 'missing'), 'not-found'],
    ['a file', () => {
      const dir = tempDir();
      writeFileSync(join(dir, 'f.txt'), 'x');
      return join(dir, 'f.txt');
    }, 'not-a-directory'],
    ['a folder outside any repository', () => tempDir(), 'not-a-repo'],
    ['a path with a NUL byte', () => '/tmp/a\0b', 'invalid-input'],
    ['an empty path', () => '', 'invalid-input'],
  ])('refuses %s with a clear code and writes nothing', async (_name, makePath, code) => {
    const rt = makeRuntime({ gitBinary });
    const error = await rt.call('repo.open', { path: makePath() }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(LoupeError);
    expect((error as LoupeError).code).toBe(code);
    expect((error as LoupeError).message.length).toBeGreaterThan(10);
    expect(listRecent(rt.deps.db)).toEqual([]);
    rt.close();
  });
});

describe('repo.open input', () => {
  it('rejects a non-string path and extra fields through the contract', async () => {
    const rt = makeRuntime();
    await expect(rt.dispatch('repo.open', { path: 42 })).rejects.toMatchObject({ code: 'invalid-input' });
    await expect(rt.dispatch('repo.open', { path: '/x', extra: 1 })).rejects.toMatchObject({
      code: 'invalid-input',
    });
    await expect(rt.dispatch('repo.open', null)).rejects.toMatchObject({ code: 'invalid-input' });
    await expect(rt.dispatch('no.such', {})).rejects.toMatchObject({ code: 'unknown-method' });
    rt.close();
  });

  it('opens through a symlinked folder and reports the real root', async () => {
    const repo = makeRepo({ 'a.txt': 'a\n' });
    const links = tempDir();
    symlinkSync(repo, join(links, 'link'));
    mkdirSync(join(links, 'x'));
    const rt = makeRuntime();
    const info = await rt.call('repo.open', { path: join(links, 'link') });
    expect(info.root).toBe(repo);
    rt.close();
  });

  it('repo.pickFolder says the browser host has no native picker', async () => {
    const rt = makeRuntime();
    await expect(rt.call('repo.pickFolder', {})).rejects.toMatchObject({ code: 'unsupported' });
    const withPicker = makeRuntime({ pickFolder: async () => '/picked' });
    await expect(withPicker.call('repo.pickFolder', {})).resolves.toEqual({ path: '/picked' });
    rt.close();
    withPicker.close();
  });
});
