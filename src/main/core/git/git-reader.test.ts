// Contract tests: the same suite runs against the git CLI reader and the
// isomorphic-git reader over one fixture repository built with the git CLI.
import { execFileSync } from 'node:child_process';
import { chmodSync, cpSync, readdirSync, rmSync, symlinkSync, unlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { git, makeRepo, removeTempDirs, testGit, writeFiles } from '../testing/fixtures';
import { CliGitReader } from './cli-reader';
import { EmbeddedGitReader } from './embedded-reader';
import type { GitReader } from './git-reader';
import { GitReaderPool } from './reader-pool';

let repo: string;
/** The same repository with every object in one pack of deltas, as a clone has it. */
let packed: string;
let first: string;
let second: string;
const SUB_SHA = '1111111111111111111111111111111111111111';

beforeAll(() => {
  repo = makeRepo({
    'README.md': '# readme\n',
    'src/a.ts': 'export const a = 1;\n',
    'src/b.ts': 'export const b = 2;\n',
    'src/deep/c.ts': 'c\n',
    'docs/old.md': 'old\n',
    'naïve café.txt': 'unicode name\n',
  });
  first = git(repo, 'rev-parse', 'HEAD');
  writeFiles(repo, { 'src/a.ts': 'export const a = 10;\n', 'bin/run.sh': '#!/bin/sh\necho hi\n' });
  chmodSync(join(repo, 'bin/run.sh'), 0o755);
  symlinkSync('src/a.ts', join(repo, 'link-to-a'));
  git(repo, 'add', '-A');
  git(repo, 'update-index', '--add', '--cacheinfo', `160000,${SUB_SHA},vendor/sub`);
  git(repo, 'commit', '-q', '-m', 'second commit\n\nwith a body');
  second = git(repo, 'rev-parse', 'HEAD');
  git(repo, 'tag', 'light', first);
  git(repo, 'tag', '-a', 'v1', '-m', 'annotated', second);
  git(repo, 'branch', 'feature', first);
  // Working copy: one modified, one deleted, one staged new, untracked files in a new folder.
  writeFiles(repo, {
    'src/b.ts': 'export const b = 3;\n',
    'src/staged.ts': 'staged\n',
    'scratch/notes.txt': 'untracked\n',
    'scratch/more/deeper.txt': 'untracked too\n',
  });
  git(repo, 'add', 'src/staged.ts');
  unlinkSync(join(repo, 'docs/old.md'));
  packed = `${repo}-packed`;
  cpSync(repo, packed, { recursive: true, preserveTimestamps: true, verbatimSymlinks: true });
  git(packed, 'repack', '-a', '-d', '-f', '-q');
  git(packed, 'prune-packed');
  const loose = readdirSync(join(packed, '.git/objects')).filter((d) => /^[0-9a-f]{2}$/.test(d) && readdirSync(join(packed, '.git/objects', d)).length);
  if (loose.length) throw new Error(`the packed fixture still has loose objects in ${loose.join(', ')}`);
});

afterAll(() => {
  removeTempDirs();
  rmSync(packed, { recursive: true, force: true });
});

const backends: [string, () => GitReader][] = [
  ['git CLI', () => new CliGitReader(testGit(), repo)],
  ['embedded, loose objects', () => new EmbeddedGitReader(repo)],
  ['embedded, packed objects', () => new EmbeddedGitReader(packed)],
];

describe.each(backends)('GitReader contract: %s', (_name, make) => {
  let reader: GitReader;
  beforeAll(() => {
    reader = make();
  });
  afterAll(() => reader.close());

  it('resolves HEAD, branches, tags (peeled), full and short ids to commits', async () => {
    expect(await reader.resolveCommit('HEAD')).toBe(second);
    expect(await reader.resolveCommit('main')).toBe(second);
    expect(await reader.resolveCommit('feature')).toBe(first);
    expect(await reader.resolveCommit('light')).toBe(first);
    expect(await reader.resolveCommit('v1')).toBe(second);
    expect(await reader.resolveCommit(first)).toBe(first);
    expect(await reader.resolveCommit(first.slice(0, 10))).toBe(first);
  });

  it('resolves ancestry suffixes (~N, ^, ^N) the way git rev-parse does', async () => {
    expect(await reader.resolveCommit('HEAD~1')).toBe(first);
    expect(await reader.resolveCommit('HEAD^')).toBe(first);
    expect(await reader.resolveCommit('main^1')).toBe(first);
    expect(await reader.resolveCommit('v1~')).toBe(first);
    expect(await reader.resolveCommit('HEAD~0')).toBe(second);
    expect(await reader.resolveCommit('HEAD^0')).toBe(second);
    expect(await reader.resolveCommit(`${second.slice(0, 10)}~1`)).toBe(first);
    for (const ref of ['HEAD~2', 'HEAD^2', 'HEAD~1^', 'nope~1']) {
      await expect(reader.resolveCommit(ref)).rejects.toMatchObject({ code: 'bad-ref' });
    }
  });

  it('rejects refs that name no commit with bad-ref', async () => {
    for (const ref of ['nope', '--help', 'deadbeefdeadbeefdeadbeefdeadbeefdeadbeef', 'HEAD:README.md']) {
      await expect(reader.resolveCommit(ref)).rejects.toMatchObject({ code: 'bad-ref' });
    }
  });

  it('looks up entries at exact paths, with their types and modes', async () => {
    const found = await reader.lookup(second, ['src', 'src/a.ts', 'link-to-a', 'vendor/sub', 'bin/run.sh', 'naïve café.txt', 'missing', 'src/nope.ts']);
    expect(found.get('src')).toMatchObject({ type: 'dir' });
    expect(found.get('src/a.ts')).toMatchObject({ type: 'file', mode: '100644' });
    expect(found.get('link-to-a')).toMatchObject({ type: 'symlink', mode: '120000' });
    expect(found.get('vendor/sub')).toMatchObject({ type: 'submodule', mode: '160000', oid: SUB_SHA });
    expect(found.get('bin/run.sh')).toMatchObject({ type: 'file', mode: '100755' });
    expect(found.get('naïve café.txt')).toMatchObject({ type: 'file' });
    expect(found.has('missing')).toBe(false);
    expect(found.has('src/nope.ts')).toBe(false);
  });

  it('lists one level of a folder, or every entry beneath it in git order', async () => {
    const top = await reader.listTree(second, '');
    expect(top.map((e) => `${e.type}:${e.path}`)).toEqual([
      'file:README.md',
      'dir:bin',
      'dir:docs',
      'symlink:link-to-a',
      'file:naïve café.txt',
      'dir:src',
      'dir:vendor',
    ]);
    const src = await reader.listTree(second, 'src');
    expect(src.map((e) => e.path)).toEqual(['src/a.ts', 'src/b.ts', 'src/deep']);
    const deep = await reader.listTree(second, 'src', { recursive: true });
    expect(deep.map((e) => e.path)).toEqual(['src/a.ts', 'src/b.ts', 'src/deep/c.ts']);
    const sizes: Record<string, number> = { 'src/a.ts': 21, 'src/b.ts': 20, 'src/deep/c.ts': 2 };
    for (const e of deep) expect([null, sizes[e.path]]).toContain(e.size);
    const all = await reader.listTree(second, '', { recursive: true });
    expect(all.map((e) => e.path)).toContain('vendor/sub');
    expect(all.some((e) => e.type === 'dir')).toBe(false);
    expect(await reader.listTree(second, 'missing', { recursive: true })).toEqual([]);
    expect(await reader.listTree(second, 'README.md', { recursive: true })).toEqual([]);
  });

  it('scans paths in one pass: the entries, the folders on the way, and every file beneath folders', async () => {
    const { entries, beneath } = await reader.scan(second, ['src', 'src/deep', 'bin/run.sh', 'vendor/sub', 'missing', 'src/a.ts']);
    expect([...entries.keys()].sort()).toEqual(['bin', 'bin/run.sh', 'src', 'src/a.ts', 'src/deep', 'vendor', 'vendor/sub']);
    expect(entries.get('vendor/sub')).toMatchObject({ type: 'submodule' });
    expect([...beneath.keys()].sort()).toEqual(['src', 'src/deep']);
    expect(beneath.get('src')!.map((e) => e.path)).toEqual(['src/a.ts', 'src/b.ts', 'src/deep/c.ts']);
    expect(beneath.get('src/deep')!.map((e) => e.path)).toEqual(['src/deep/c.ts']);
    const whole = await reader.scan(second, ['']);
    expect(whole.beneath.get('')!.map((e) => e.path)).toEqual((await reader.listTree(second, '', { recursive: true })).map((e) => e.path));
    expect((await reader.scan(second, [])).entries.size).toBe(0);
  });

  it('reads blobs, many at once, and rejects a missing object', async () => {
    const entries = await reader.listTree(second, '', { recursive: true });
    const files = entries.filter((e) => e.type === 'file');
    const blobs = await Promise.all(files.map((e) => reader.readBlob(e.oid)));
    const a = blobs[files.findIndex((e) => e.path === 'src/a.ts')]!;
    expect(a.toString('utf8')).toBe('export const a = 10;\n');
    const again = await Promise.all([...files, ...files].map((e) => reader.readBlob(e.oid)));
    expect(again.slice(0, files.length).map((b) => b.length)).toEqual(blobs.map((b) => b.length));
    await expect(reader.readBlob('0123456789012345678901234567890123456789')).rejects.toThrow();
    // The reader keeps working after a miss.
    expect((await reader.readBlob(files[0]!.oid)).length).toBe(blobs[0]!.length);
  });

  it('reports working-copy changes against HEAD, scoped to folders', async () => {
    const all = await reader.changes(second, []);
    expect(Object.fromEntries(all)).toEqual({
      'src/b.ts': 'modified',
      'src/staged.ts': 'added',
      'docs/old.md': 'deleted',
      'scratch/notes.txt': 'untracked',
      'scratch/more/deeper.txt': 'untracked',
    });
    const src = await reader.changes(second, ['src']);
    expect([...src.keys()].sort()).toEqual(['src/b.ts', 'src/staged.ts']);
    const one = await reader.changes(second, ['src/b.ts', 'README.md']);
    expect(Object.fromEntries(one)).toEqual({ 'src/b.ts': 'modified' });
  });

  it('reports changes against an older base commit', async () => {
    const changes = await reader.changes(first, ['src', 'bin']);
    expect(changes.get('src/a.ts')).toBe('modified'); // changed by the second commit
    expect(changes.get('src/b.ts')).toBe('modified'); // changed in the working copy
    expect(changes.get('bin/run.sh')).toBe('added');
  });

  it('lists branches, peeled tags and recent commits', async () => {
    const refs = await reader.refs();
    expect(refs.head).toBe(second);
    expect(refs.branch).toBe('main');
    expect(refs.branches).toEqual([
      { name: 'feature', commit: first },
      { name: 'main', commit: second },
    ]);
    expect(refs.tags).toEqual([
      { name: 'light', commit: first },
      { name: 'v1', commit: second },
    ]);
    expect(refs.commits.map((c) => c.subject)).toEqual(['second commit', 'initial']);
    expect(refs.commits[0]).toMatchObject({ commit: second, author: 'Loupe Test', date: '2026-01-01T00:00:00+00:00' });
  });
});

describe('both backends agree', () => {
  it('on listings, lookups, changes and refs', async () => {
    const cli = new CliGitReader(testGit(), repo);
    const emb = new EmbeddedGitReader(repo);
    const strip = (xs: { size: number | null }[]) => xs.map((x) => ({ ...x, size: null }));
    const withSizes = await cli.listTree(second, 'src', { recursive: true });
    expect(withSizes.map((e) => e.size)).toEqual([21, 20, 2]);
    expect(strip(await emb.listTree(second, '', { recursive: true }))).toEqual(strip(await cli.listTree(second, '', { recursive: true })));
    expect(Object.fromEntries(await emb.changes(first, []))).toEqual(Object.fromEntries(await cli.changes(first, [])));
    expect(await emb.refs()).toEqual(await cli.refs());
    await Promise.all([cli.close(), emb.close()]);
  });
});

/** Command lines of this process's children (Linux `ps`). */
function childCommands(): string {
  try {
    return execFileSync('ps', ['-o', 'args=', '--ppid', String(process.pid)], { encoding: 'utf8' });
  } catch {
    return ''; // ps exits 1 when there are no children
  }
}

describe('GitReaderPool', () => {
  it.skipIf(process.platform !== 'linux')('leaves no git cat-file process behind once closed', async () => {
    const pool = new GitReaderPool(testGit());
    await pool.use(repo, async (r) => r.readBlob((await r.listTree(second, ''))[0]!.oid));
    expect(childCommands()).toContain('cat-file --batch');
    await pool.closeAll();
    expect(childCommands()).not.toContain('cat-file');
  });

  it('shares a reader per repository, resolves sub-folders to the root, and closes idle readers', async () => {
    // Long enough that the second use always finds the first reader, even on a loaded machine.
    const pool = new GitReaderPool(testGit(), 1000);
    const a = await pool.use(repo, async (r) => {
      await r.readBlob((await r.listTree(second, ''))[0]!.oid);
      return r;
    });
    const b = await pool.use(join(repo, 'src'), async (r) => r);
    expect(b).toBe(a);
    expect(a.root).toBe(repo);
    expect(pool.size).toBe(1);
    // Idle readers close after the idle time; allow a loaded machine some slack before calling it a failure.
    for (let waited = 0; pool.size > 0 && waited < 6000; waited += 25) await new Promise((r) => setTimeout(r, 25));
    expect(pool.size).toBe(0);
    await expect(a.readBlob(SUB_SHA)).rejects.toThrow(/closed/);
    await pool.closeAll();
  });

  it('answers not-a-repo, not-found and invalid-input for bad folders', async () => {
    const pool = new GitReaderPool(testGit());
    const outside = join(repo, '..');
    await expect(pool.use(outside, async () => 1)).rejects.toMatchObject({ code: 'not-a-repo' });
    await expect(pool.use(join(repo, 'nope'), async () => 1)).rejects.toMatchObject({ code: 'not-found' });
    await expect(pool.use('relative/path', async () => 1)).rejects.toMatchObject({ code: 'invalid-input' });
    writeFileSync(join(repo, 'scratch/file.txt'), 'x');
    await expect(pool.use(join(repo, 'scratch/file.txt'), async () => 1)).rejects.toMatchObject({ code: 'not-a-directory' });
    rmSync(join(repo, 'scratch/file.txt'));
    await pool.closeAll();
  });
});

describe('changes without untracked paths (untracked: false), both backends', () => {
  // A repository where the index lost files still on disk (`git rm --cached`): one plain,
  // one now ignored, one at HEAD only; a staged file deleted from disk; untracked ones.
  let tricky: string;
  let base: string;
  beforeAll(() => {
    tricky = makeRepo({ 'a/kept.ts': 'kept\n', 'a/uncached.ts': 'u\n', 'a/ignored.log': 'i\n', 'a/edited.ts': 'e\n', 'b/gone.ts': 'g\n' });
    base = git(tricky, 'rev-parse', 'HEAD');
    writeFiles(tricky, { 'a/later.ts': 'later\n', 'a/edited.ts': 'edited\n' });
    git(tricky, 'add', 'a/later.ts');
    git(tricky, 'commit', '-q', '-m', 'later');
    writeFiles(tricky, { '.gitignore': '*.log\n', 'a/new.ts': 'untracked\n', 'a/staged.ts': 'staged\n', 'c/loose.txt': 'loose\n' });
    git(tricky, 'add', 'a/staged.ts');
    git(tricky, 'rm', '-q', '--cached', 'a/uncached.ts', 'a/ignored.log', 'a/later.ts');
    writeFiles(tricky, { 'a/gone-staged.ts': 'x\n' });
    git(tricky, 'add', 'a/gone-staged.ts');
    unlinkSync(join(tricky, 'a/gone-staged.ts'));
    unlinkSync(join(tricky, 'b/gone.ts'));
  });

  it.each([
    ['git CLI', () => new CliGitReader(testGit(), tricky)],
    ['embedded', () => new EmbeddedGitReader(tricky)],
  ] as [string, () => GitReader][])('%s: the same kinds as with them, less the untracked paths', async (_name, make) => {
    const reader = make();
    const head = await reader.resolveCommit('HEAD');
    try {
      for (const commit of [head, base]) {
        for (const scopes of [[], ['a'], ['a/uncached.ts', 'a/ignored.log', 'b', 'c']]) {
          const full = await reader.changes(commit, scopes, { baseIsHead: commit === head });
          const lean = await reader.changes(commit, scopes, { baseIsHead: commit === head, untracked: false });
          expect(Object.fromEntries(lean)).toEqual(Object.fromEntries([...full].filter(([, kind]) => kind !== 'untracked')));
          // The case it exists for: not in the index, still on disk (a `?` and a `D.` record to git;
          // the embedded reader compares its content with the base and finds it unchanged).
          if (reader.backend === 'cli' && commit === head && scopes.length === 0) expect(lean.get('a/uncached.ts')).toBe('modified');
        }
      }
      expect((await reader.changes(head, [], { untracked: false })).get('a/ignored.log')).toBe((await reader.changes(head, [])).get('a/ignored.log'));
    } finally {
      await reader.close();
    }
  });
});

describe('git CLI reader: blobs across pipe reads', () => {
  it('reads objects that span several reads and many that share one, byte for byte', async () => {
    const big = Array.from({ length: 9000 }, (_, i) => `line ${i} ${'x'.repeat(i % 50)}\n`).join('');
    const files: Record<string, string> = { 'big.txt': big, 'empty.txt': '' };
    for (let i = 0; i < 40; i++) files[`small/${i}.txt`] = `small ${i}\n`.repeat(i);
    const dir = makeRepo(files);
    const reader = new CliGitReader(testGit(), dir);
    try {
      const entries = (await reader.listTree(await reader.resolveCommit('HEAD'), '', { recursive: true })).filter((e) => e.type === 'file');
      expect(Buffer.byteLength(big)).toBeGreaterThan(4 * 65536);
      const blobs = await Promise.all([...entries, ...entries].map((e) => reader.readBlob(e.oid)));
      blobs.forEach((b, i) => expect(b.toString('utf8')).toBe(files[entries[i % entries.length]!.path]));
    } finally {
      await reader.close();
    }
  });
});
