// Issue 13: a selection 2,000 folders deep (about 4,000 characters, inside the path
// limit) once answered `spawn E2BIG`: the ancestors of a path were passed to git as
// arguments. Now it is inspected as a file and as a folder, with both backends.
import { execFileSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { git, makeRepo, makeRuntime, removeTempDirs } from '../testing/fixtures';

afterAll(removeTempDirs);

const DEPTH = 2_000;

describe.skipIf(process.platform === 'win32')('a path 2,000 folders deep', () => {
  const repo = makeRepo({ 'top.txt': 'top\n' });
  const dir = Array.from({ length: DEPTH }, () => 'd').join('/');
  // Made in steps: one mkdir of the whole chain would pass PATH_MAX in a single call.
  let at = repo;
  for (let i = 0; i < DEPTH; i += 500) {
    at = join(at, ...Array.from({ length: Math.min(500, DEPTH - i) }, () => 'd'));
    mkdirSync(at, { recursive: true });
  }
  writeFileSync(join(repo, dir, 'deep.txt'), 'at the bottom\n');
  // Node's recursive rmSync descends by recursion: 2,000 levels can exhaust the stack of a test
  // process that other files share (seen once in CI). rm(1) walks the tree without recursion.
  afterAll(() => execFileSync('rm', ['-rf', join(repo, 'd')]));
  git(repo, 'add', '-A');
  git(repo, 'commit', '-qm', 'deep');

  it.each([
    ['git CLI', {}],
    ['isomorphic-git', { gitBinary: 'none' }],
  ] as const)('is inspected as a file and as a folder (%s)', async (_name, options) => {
    const rt = makeRuntime(options);
    expect(dir.length + 'deep.txt'.length).toBeGreaterThan(4_000);
    const asFile = await rt.call('context.inspect', { repo, paths: [`${dir}/deep.txt`] });
    expect(asFile.files.map((f) => [f.path, f.preview])).toEqual([[`${dir}/deep.txt`, 'at the bottom\n']]);
    const asFolder = await rt.call('context.inspect', { repo, paths: [dir] });
    expect(asFolder.files.map((f) => f.path)).toEqual([`${dir}/deep.txt`]);
    await rt.close();
  }, 60_000);
});
