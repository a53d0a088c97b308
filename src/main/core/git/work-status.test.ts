// The embedded reader's working-copy status against git's own, on every index
// version git writes (2, 3 with extended flags, 4 with compressed paths).
import { chmodSync, mkdirSync, unlinkSync, utimesSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { git, makeRepo, removeTempDirs, testGit, writeFiles } from '../testing/fixtures';
import { CliGitReader } from './cli-reader';
import { EmbeddedGitReader } from './embedded-reader';
import { readIndex } from './work-status';

afterAll(removeTempDirs);

function fixture(indexVersion: number): string {
  const files: Record<string, string> = {
    '.gitignore': 'ignored/\n*.log\n',
    'src/a.ts': 'a\n',
    'src/b.ts': 'b\n',
    'src/mode.sh': 'echo\n',
    'src/gone.ts': 'gone\n',
    'src/deep/er/c.ts': 'c\n',
    'docs/readme.md': 'docs\n',
  };
  for (let i = 0; i < 40; i++) files[`many/dir${i % 7}/file${i}.txt`] = `file ${i}\n`;
  const repo = makeRepo(files);
  git(repo, 'update-index', '--index-version', String(indexVersion));
  // Files older than the index: their stat data is trusted (not racily clean), so the index's ids decide.
  const old = new Date(2019, 5, 1);
  for (const path of Object.keys(files)) utimesSync(join(repo, path), old, old);
  // Staged, and the same in the working tree: different from HEAD by the index's id alone.
  writeFileSync(join(repo, 'src/b.ts'), 'B changed\n');
  utimesSync(join(repo, 'src/b.ts'), old, old);
  git(repo, 'add', 'src/b.ts');
  git(repo, 'update-index', '-q', '--refresh');
  // Same size, new content, old times: only hashing finds it (git compares ctime too).
  writeFileSync(join(repo, 'src/a.ts'), 'A\n');
  utimesSync(join(repo, 'src/a.ts'), new Date(2020, 1, 1), new Date(2020, 1, 1));
  writeFiles(repo, {
    'src/new-staged.ts': 'staged\n',
    'src/untracked.ts': 'u\n',
    'ignored/x.txt': 'ignored\n',
    'build.log': 'ignored too\n',
    'fresh/dir/u.txt': 'untracked in a new folder\n',
  });
  git(repo, 'add', 'src/new-staged.ts');
  chmodSync(join(repo, 'src/mode.sh'), 0o755);
  unlinkSync(join(repo, 'src/gone.ts'));
  // A repository inside the working tree: git lists none of its files.
  mkdirSync(join(repo, 'nested'));
  git(join(repo, 'nested'), 'init', '-q');
  writeFileSync(join(repo, 'nested/inner.txt'), 'inner\n');
  if (indexVersion >= 3) git(repo, 'update-index', '--skip-worktree', 'docs/readme.md');
  return repo;
}

describe.each([2, 3, 4])('working-copy status with index version %i', (version) => {
  it('matches git status, scoped and whole', async () => {
    const repo = fixture(version);
    const { entries } = readIndex(join(repo, '.git/index'));
    expect(entries.has('many/dir3/file10.txt')).toBe(true);
    expect(entries.size).toBe(git(repo, 'ls-files').split('\n').filter(Boolean).length);
    const cli = new CliGitReader(testGit(), repo);
    const emb = new EmbeddedGitReader(repo);
    const head = git(repo, 'rev-parse', 'HEAD');
    for (const scopes of [[], ['src'], ['src/deep', 'docs/readme.md'], ['fresh'], ['nested'], ['ignored']]) {
      const want = Object.fromEntries(await cli.changes(head, scopes));
      expect(Object.fromEntries(await emb.changes(head, scopes)), `scopes ${JSON.stringify(scopes)}`).toEqual(want);
    }
    const whole = await emb.changes(head, []);
    expect(Object.fromEntries(whole)).toMatchObject({
      'src/a.ts': 'modified',
      'src/b.ts': 'modified',
      'src/mode.sh': 'modified',
      'src/gone.ts': 'deleted',
      'src/new-staged.ts': 'added',
      'src/untracked.ts': 'untracked',
      'fresh/dir/u.txt': 'untracked',
    });
    expect(whole.has('ignored/x.txt') || whole.has('build.log') || whole.has('nested/inner.txt')).toBe(false);
    expect(whole.has('many/dir3/file10.txt') || whole.has('src/deep/er/c.ts')).toBe(false);
    await cli.close();
    await emb.close();
  });

  it('reads only the entries under the scopes, comparing names as bytes', () => {
    const repo = fixture(version);
    writeFiles(repo, { 'many/dir3x/sibling.txt': 's\n', 'ünï/çode.txt': 'u\n', 'ünïx.txt': 'x\n' });
    git(repo, 'add', 'many/dir3x/sibling.txt', 'ünï/çode.txt', 'ünïx.txt');
    // `<mode> <oid> <stage>\t<path>` each, NUL-terminated, names unquoted.
    const staged = new Map(
      git(repo, 'ls-files', '-s', '-z')
        .split('\0')
        .filter(Boolean)
        .map((line) => [line.slice(line.indexOf('\t') + 1), line.split(' ')[1]!] as const),
    );
    const all = [...staged.keys()];
    expect(all).toContain('ünï/çode.txt');
    const wanted = (scopes: string[]) => all.filter((p) => scopes.some((s) => p === s || p.startsWith(`${s}/`))).sort();
    for (const scopes of [['many/dir3'], ['ünï', 'src/deep'], ['src/de'], ['src/a.ts', 'many'], ['nowhere']]) {
      const { entries } = readIndex(join(repo, '.git/index'), scopes);
      expect([...entries.keys()].sort(), JSON.stringify(scopes)).toEqual(wanted(scopes));
      for (const [path, e] of entries) expect(e.oid).toBe(staged.get(path));
    }
    expect(readIndex(join(repo, '.git/index'), ['']).entries.size).toBe(all.length);
  });
});

describe('working-copy status of base files the index lacks', () => {
  it('finds them deleted or modified on disk, with and without untracked paths', async () => {
    const repo = makeRepo({ 'k/same.ts': 's\n', 'k/edited.ts': 'e\n', 'k/gone.ts': 'g\n', 'k/kept.ts': 'k\n' });
    git(repo, 'rm', '-q', '--cached', 'k/same.ts', 'k/edited.ts', 'k/gone.ts');
    writeFileSync(join(repo, 'k/edited.ts'), 'edited\n');
    unlinkSync(join(repo, 'k/gone.ts'));
    const emb = new EmbeddedGitReader(repo);
    const head = git(repo, 'rev-parse', 'HEAD');
    for (const untracked of [false, true]) {
      for (const scopes of [[], ['k'], ['k/edited.ts', 'k/gone.ts', 'k/same.ts']]) {
        const got = await emb.changes(head, scopes, { untracked });
        expect(Object.fromEntries(got), `${untracked} ${JSON.stringify(scopes)}`).toEqual({ 'k/edited.ts': 'modified', 'k/gone.ts': 'deleted' });
      }
    }
    await emb.close();
  });
});
