// Behaviour spec (issue 13): a repository whose .git/config, included config files,
// hooks and .gitattributes name programs never makes Loupe run one. Every vector
// writes a marker file; the first block proves each is armed by running plain git
// the way a user's shell would, the rest drive Loupe's public services, the CLI and
// the git runner itself and find no marker, with results still right.
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { MethodName, RequestOf, ResponseOf } from '../../../shared/api';
import type { InspectResult } from '../../../shared/contract/context';
import { runCliForTest } from '../../cli/testing';
import type { Runtime } from '../runtime';
import { git, makeRepo, makeRuntime, removeTempDirs, tempDir, testGit } from '../testing/fixtures';
import { canFakeTerminal, makeArmedSet, plainEnv, plainGit, type ArmedSet } from '../testing/untrusted-repo';
import { CatFileBatch } from './cat-file-batch';
import { waitForRun } from '../testing/runs';

afterAll(removeTempDirs);

describe('the armed fixtures (plain git, as a user runs it)', () => {
  let set: ArmedSet;
  beforeAll(() => {
    set = makeArmedSet();
  });
  // A process filter that exits at once makes git stop; proofs of later vectors switch it off.
  const noProcess = ['-c', 'filter.proc.process='];
  type Repo = 'main' | 'included' | 'hooksPath' | 'partial' | 'superproject';
  const proofs: [string, Repo, (s: ArmedSet) => string[], string[], string?][] = [
    ['status', 'main', () => ['status', '--porcelain'], ['clean', 'fsmonitor', 'process']],
    ['diff (driver command)', 'main', () => ['diff', '--', 'a.txt'], ['diff-command']],
    ['diff (textconv)', 'main', () => [...noProcess, 'diff', '--no-ext-diff', '--', 'doc.md'], ['textconv']],
    ['diff (external)', 'main', () => ['diff', '--', 'notes.cfg'], ['diff-external']],
    ['log of a signed commit', 'main', () => ['log', '-1'], ['gpg']],
    ['credential fill', 'main', () => ['credential', 'fill'], ['askpass', 'credential-helper'], 'protocol=https\nhost=example.invalid\n\n'],
    ['commit', 'main', () => [...noProcess, 'commit', '--allow-empty', '-m', 'x'], ['hook-post-index-change', 'hook-pre-commit']],
    ['commit without a message', 'main', () => [...noProcess, '-c', 'core.hooksPath=/nonexistent', 'commit', '--allow-empty'], ['editor']],
    ['checkout -b', 'main', () => [...noProcess, 'checkout', '-q', '-b', 'other'], ['hook-reference-transaction']],
    ['checkout a file', 'main', () => [...noProcess, 'checkout', '--', 'a.txt'], ['hook-post-checkout', 'smudge']],
    ['status (included config)', 'included', () => ['status', '--porcelain'], ['inc-clean', 'inc-fsmonitor', 'inc-process']],
    ['log (includeIf config)', 'included', () => ['log', '-1'], ['inc-gpg']],
    ['diff (core.hooksPath)', 'hooksPath', () => [...noProcess, 'diff'], ['hp-hook-post-index-change']],
    ['cat-file of a missing blob (partial clone)', 'partial', (s) => ['cat-file', '-p', s.missing.oid], ['lazy-ext', 'lazy-ssh', 'lazy-upload-pack']],
    ['status (dirty submodule)', 'superproject', () => ['status', '--porcelain'], ['sub-clean', 'sub-fsmonitor']],
  ];

  it.each(proofs)('%s runs the repository-named programs', (_label, repo, args, expected, input) => {
    set.clear();
    plainGit(set[repo], args(set), input);
    expect(set.fired()).toEqual(expect.arrayContaining(expected));
  });

  it.skipIf(!canFakeTerminal())('a pager runs when git has a terminal (util-linux script gives it one)', () => {
    set.clear();
    for (const command of ['git log -1', 'git show']) {
      spawnSync('script', ['-qec', command, '/dev/null'], { cwd: set.main, env: plainEnv(), timeout: 20_000 });
    }
    expect(set.fired()).toEqual(expect.arrayContaining(['pager', 'pager-log']));
  });
});

describe('Loupe on armed repositories (git CLI)', () => {
  let set: ArmedSet;
  let runtime: Runtime;
  beforeAll(async () => {
    set = makeArmedSet();
    runtime = makeRuntime();
    expect((await runtime.deps.git.detect()).available).toBe(true);
  });
  afterAll(() => runtime.close());
  afterEach(async () => {
    // cat-file children exit first, so a late marker would still be seen.
    await runtime.close();
    runtime = makeRuntime();
    expect(set.fired()).toEqual([]);
  });

  const call = <M extends MethodName>(method: M, request: RequestOf<M>): Promise<ResponseOf<M>> => runtime.call(method, request);

  it('repo.open and repo.refs report the signed HEAD without verifying it', async () => {
    for (const repo of [set.main, set.included, set.hooksPath]) {
      const info = await call('repo.open', { path: repo });
      expect(info.root).toBe(repo);
      expect(info.head).toBe(git(repo, 'rev-parse', 'HEAD'));
      const refs = await call('repo.refs', { repo });
      expect(refs.commits.map((c) => c.subject)).toEqual(['signed', 'initial']);
    }
  });

  it('repo.listDir marks same-size edits modified and a touched file unchanged, with filters named but not run', async () => {
    for (const repo of [set.main, set.included, set.hooksPath]) {
      for (const baseRef of ['HEAD', 'HEAD~1']) {
        const listing = await call('repo.listDir', { repo, dir: '', baseRef });
        const status = Object.fromEntries(listing.entries.map((e) => [e.path, e.status]));
        expect(status).toMatchObject({ 'a.txt': 'modified', 'b.txt': null, 'doc.md': 'modified', 'notes.cfg': 'modified', 'new.txt': 'untracked', src: null });
      }
    }
  });

  it('context.inspect previews the working copy as it is on disk (no filter), against HEAD and another base', async () => {
    for (const repo of [set.main, set.included, set.hooksPath]) {
      for (const baseRef of ['HEAD', 'HEAD~1']) {
        const r = await call('context.inspect', { repo, baseRef, paths: ['a.txt', 'b.txt', 'doc.md', 'new.txt', 'src'] });
        const byPath = Object.fromEntries(r.files.map((f) => [f.path, f]));
        expect(byPath['a.txt']).toMatchObject({ source: 'working-copy', modified: true, preview: 'ALPHA\n' });
        expect(byPath['b.txt']).toMatchObject({ modified: false, preview: 'bravo\n' });
        expect(byPath['doc.md']).toMatchObject({ modified: true, preview: '# DOC\n' });
        expect(byPath['new.txt']).toMatchObject({ modified: true, preview: 'new\n' });
        expect(byPath['src/c.txt']).toMatchObject({ source: 'base', modified: false, preview: 'charlie\n' });
      }
    }
  });

  it('runs: the preview, a run staging the files and its thread in X-Ray run no program the repository names', async () => {
    for (const repo of [set.main, set.included, set.hooksPath]) {
      for (const baseRef of ['HEAD', 'HEAD~1']) {
        const request = { repo, baseRef, ask: 'Read these', paths: ['a.txt', 'b.txt', 'doc.md', 'new.txt', 'src'], settings: { agent: 'demo' as const, keepStaged: true } };
        const preview = await call('runs.preview', request);
        expect(preview.referenceBytes).toBeGreaterThan(0);
        const started = await call('runs.start', request);
        const done = await waitForRun(runtime, started.run.id);
        expect(done.run.status).toBe('succeeded');
        // The staged copies are the working copy as it is on disk: no clean filter ran over them.
        expect(readFileSync(join(done.run.stagedDir!, 'repo', 'a.txt'), 'utf8')).toBe('ALPHA\n');
        const manifest = await call('xray.manifest', { threadId: started.run.threadId });
        expect(manifest.segments.length).toBeGreaterThan(0);
      }
    }
  });

  it('a dirty submodule is never looked into (its own filter and fsmonitor stay idle)', async () => {
    const listing = await call('repo.listDir', { repo: set.superproject, dir: '' });
    expect(listing.entries.find((e) => e.path === 'sub')).toMatchObject({ type: 'submodule', status: null });
    const r = await call('context.inspect', { repo: set.superproject, paths: ['sub', 'top.txt'], baseRef: 'HEAD' });
    expect(r.omissions.find((o) => o.path === 'sub')?.reason).toBe('submodule');
    expect(r.files.map((f) => f.path)).toEqual(['top.txt']);
  });

  it('a partial clone never fetches a missing object: that file is left out with its reason, the rest is inspected (issue 23)', async () => {
    const info = await call('repo.open', { path: set.partial });
    expect(info.head).toBeTruthy();
    const listed = await call('repo.listDir', { repo: set.partial, dir: '' });
    expect(listed.entries.map((e) => e.path).sort()).toEqual(['kept.txt', 'lazy']);
    // ls-tree -l cannot size the missing blob: the listing is taken without sizes, and the blob is reported missing, not fetched.
    const r = await call('context.inspect', { repo: set.partial, paths: ['lazy', 'kept.txt'] });
    expect(r.omissions).toEqual([{ path: 'lazy/lost.txt', reason: 'missing-object', bytes: null }]);
    expect(r.files.map((f) => [f.path, f.preview])).toEqual([['kept.txt', 'here\n']]);
    const preview = await call('runs.preview', { repo: set.partial, ask: 'x', paths: ['lazy', 'kept.txt'], settings: { agent: 'demo' } });
    expect(preview.exclusions.map((e) => [e.path, e.reason])).toEqual([['lazy/lost.txt', 'missing-object']]);
  });

  it('the long-lived cat-file reader reports the missing blob as missing instead of fetching it', async () => {
    const batch = new CatFileBatch(testGit(), set.partial);
    try {
      await expect(batch.read(set.missing.oid)).rejects.toThrow(/missing/);
      const kept = git(set.partial, 'rev-parse', 'HEAD:kept.txt');
      expect((await batch.read(kept)).toString()).toBe('here\n');
    } finally {
      await batch.close();
    }
  });

  it('loupe inspect (the CLI, in-process) on the repository from the issue', async () => {
    const { code, stdout } = await runCliForTest(['inspect', '--repo', set.main, '--json', 'a.txt', 'doc.md'], { LOUPE_USER_DATA: tempDir() });
    expect(code).toBe(0);
    const r = JSON.parse(stdout) as InspectResult;
    expect(r.files.map((f) => [f.path, f.modified])).toEqual([
      ['a.txt', true],
      ['doc.md', true],
    ]);
  });

  it('the git runner itself: status and diff with a required filter still answer, and log stays quiet', async () => {
    const runner = testGit();
    const status = await runner.text(set.main, ['status', '--porcelain=v2', '-z', '--untracked-files=all']);
    expect(status.split('\0').filter((r) => r.startsWith('1 ')).map((r) => r.split(' ').at(-1))).toEqual(['a.txt', 'doc.md', 'notes.cfg']);
    const diff = await runner.text(set.main, ['diff', '--name-status', '-z', 'HEAD~1']);
    expect(diff.split('\0').filter(Boolean)).toEqual(['M', 'a.txt', 'M', 'doc.md', 'M', 'notes.cfg']);
    await runner.run(set.main, ['log', '-n', '2', '--format=%H %G?']);
  });
});

describe('Loupe on armed repositories (isomorphic-git: no git binary at all)', () => {
  let set: ArmedSet;
  let runtime: Runtime;
  beforeAll(() => {
    set = makeArmedSet();
    runtime = makeRuntime({ gitBinary: 'none' });
  });
  afterAll(() => runtime.close());

  it('opens, lists, inspects and reads refs without running anything', async () => {
    const call = <M extends MethodName>(method: M, request: RequestOf<M>): Promise<ResponseOf<M>> => runtime.call(method, request);
    for (const repo of [set.main, set.included, set.hooksPath, set.superproject]) {
      await call('repo.open', { path: repo });
      await call('repo.refs', { repo });
      await call('repo.listDir', { repo, dir: '' });
      await call('context.inspect', { repo, paths: ['a.txt', 'doc.md', 'sub', 'top.txt'] });
    }
    expect(set.fired()).toEqual([]);
  });

  it('the embedded backend cannot start a process: isomorphic-git never loads child_process', () => {
    const require = createRequire(import.meta.url);
    const main = require.resolve('isomorphic-git');
    for (const file of [main, join(dirname(main), 'index.js')]) {
      expect(readFileSync(file, 'utf8')).not.toMatch(/child_process|\bspawn\(|\bexecFile/);
    }
  });
});

describe('a repository whose config points the working tree elsewhere', () => {
  it('is refused, so files outside the folder the user opened are never listed', async () => {
    const outside = tempDir('loupe-outside-');
    const repo = makeRepo({ 'a.txt': 'a\n' });
    git(repo, 'config', 'core.worktree', outside);
    const runtime = makeRuntime();
    try {
      await expect(runtime.call('repo.open', { path: repo })).rejects.toMatchObject({ code: 'not-a-repo' });
      await expect(runtime.call('repo.listDir', { repo, dir: '' })).rejects.toMatchObject({ code: 'not-a-repo' });
    } finally {
      await runtime.close();
    }
  });
});
