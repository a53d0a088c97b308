// Behaviour spec of the context inspector (issue 3): the real pipeline, through
// runtime.call(), on a fixture repository with every omission case, against both git backends.
import { createHash } from 'node:crypto';
import { existsSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DirListing, InspectResult, Omission, OmissionReason, RefsInfo } from '../../../shared/contract/context';
import type { RequestOf } from '../../../shared/api';
import type { TaskEvent } from '../../../shared/streams';
import type { Runtime } from '../runtime';
import { git, makeRepo, makeRuntime, removeTempDirs } from '../testing/fixtures';
import {
  BUDGET_FILE_BYTES,
  BUDGET_FILES,
  LARGE_TEXT_BYTES,
  makeInspectFixture,
  MANY_FILES,
  type InspectFixture,
} from '../testing/inspect-fixture';

let fx: InspectFixture;
beforeAll(() => {
  fx = makeInspectFixture({ budget: true });
});
afterAll(removeTempDirs);

const sha256 = (bytes: Buffer | string) => createHash('sha256').update(bytes).digest('hex');
const reasonOf = (r: InspectResult, path: string): OmissionReason | undefined => r.omissions.find((o) => o.path === path)?.reason;
const omissionOf = (r: InspectResult, path: string): Omission | undefined => r.omissions.find((o) => o.path === path);

const listDir = (runtime: Runtime, request: RequestOf<'repo.listDir'>): Promise<DirListing> => runtime.call('repo.listDir', request);

const backends = [
  ['git CLI', {}],
  ['isomorphic-git', { gitBinary: 'none' }],
] as const;

describe.each(backends)('context.inspect (%s)', (_name, runtimeOptions) => {
  let runtime: Runtime;
  const inspect = (request: Omit<RequestOf<'context.inspect'>, 'repo'>): Promise<InspectResult> =>
    runtime.call('context.inspect', { repo: fx.repo, ...request });
  beforeAll(() => {
    runtime = makeRuntime(runtimeOptions);
  });
  afterAll(() => runtime.close());

  it('expands a folder to its files at base, leaving working-copy changes out but counted', async () => {
    const r = await inspect({ paths: ['src'] });
    expect(r.baseRef).toBe('HEAD');
    expect(r.baseCommit).toBe(fx.head);
    expect(r.files.map((f) => f.path)).toEqual([
      'src/app.ts',
      'src/gone.ts',
      'src/nested/deep.ts',
      'src/secret-config.ts',
      'src/util.ts',
    ]);
    expect(r.files.every((f) => f.source === 'base')).toBe(true);
    const app = r.files.find((f) => f.path === 'src/app.ts')!;
    expect(app.preview).toBe(fx.text.appBase);
    expect(app).toMatchObject({ modified: true, change: 'modified' });
    expect(r.files.find((f) => f.path === 'src/gone.ts')).toMatchObject({ source: 'base', modified: true, change: 'deleted' });
    expect(r.files.find((f) => f.path === 'src/util.ts')).toMatchObject({ modified: false, change: null });
    expect(r.files.map((f) => f.path)).not.toContain('src/new-untracked.ts');
    expect(r.modifiedDescendantsAtBase).toBe(1);
    expect(r.omissions).toEqual([]);
  });

  it('previews explicit files from the working copy, falling back to base, else not-found', async () => {
    const r = await inspect({ paths: ['src/app.ts', 'src/new-untracked.ts', 'src/gone.ts', 'src/util.ts', 'nope.ts'] });
    const [app, untracked, gone, util] = r.files;
    expect(app).toMatchObject({ path: 'src/app.ts', source: 'working-copy', modified: true, change: 'modified', preview: fx.text.appWorking });
    expect(app!.sha256).toBe(sha256(readFileSync(join(fx.repo, 'src/app.ts'))));
    // Untracked is said as such, not as modified (issue 12).
    expect(untracked).toMatchObject({ path: 'src/new-untracked.ts', source: 'working-copy', modified: true, change: 'untracked' });
    expect(gone).toMatchObject({ path: 'src/gone.ts', source: 'base', modified: true, change: 'deleted', preview: fx.text.gone });
    expect(util).toMatchObject({ path: 'src/util.ts', source: 'working-copy', modified: false, change: null });
    expect(r.omissions).toEqual([{ path: 'nope.ts', reason: 'not-found', bytes: null }]);
    expect(r.modifiedDescendantsAtBase).toBe(0);
  });

  it('counts bytes and approximate tokens over the exact bytes, and hashes them', async () => {
    const r = await inspect({ paths: ['src/app.ts', 'docs/日本語.txt', 'assets/bom8.txt'] });
    for (const f of r.files) {
      const bytes = readFileSync(join(fx.repo, f.path));
      expect(f.bytes).toBe(bytes.length);
      expect(f.approxTokens).toBe(Math.ceil(bytes.length / 4));
      expect(f.sha256).toBe(sha256(bytes));
    }
    expect(r.files.find((f) => f.path === 'assets/bom8.txt')!.preview).toBe('bom text\n');
    expect(r.totals.inspectedBytes).toBe(r.files.reduce((s, f) => s + f.bytes, 0));
    expect(r.totals.inspectedTokens).toBe(r.files.reduce((s, f) => s + f.approxTokens, 0));
  });

  it('gives every omission its reason', async () => {
    const cases: [string, OmissionReason, number | null][] = [
      ['big/large.txt', 'too-large', LARGE_TEXT_BYTES],
      ['assets/blob.bin', 'binary', 9],
      ['assets/latin1.txt', 'invalid-utf8', 11],
      ['assets/utf16.txt', 'invalid-utf8', 14],
      ['media/video.mp4', 'lfs-pointer', 134],
      ['.env', 'credential', null],
      ['config/.env.production', 'credential', null],
      ['keys/id_rsa', 'credential', null],
      ['.aws/credentials', 'credential', null],
      ['.git/config', 'git-internal', null],
      ['../outside.txt', 'outside-repo', null],
      ['/etc/passwd', 'outside-repo', null],
      ['src/../../x', 'outside-repo', null],
      ['escape/secret.txt', 'outside-repo', null],
      ['link-committed', 'symlink', null],
      ['wc-link.ts', 'symlink', null],
      ['wc-linkdir', 'symlink', null],
      ['wc-linkdir/util.ts', 'symlink', null],
      ['vendor/lib', 'submodule', null],
      ['vendor/lib/inside.c', 'submodule', null],
      ['missing/file.ts', 'not-found', null],
    ];
    const r = await inspect({ paths: cases.map(([p]) => p) });
    expect(r.files).toEqual([]);
    for (const [path, reason, bytes] of cases) {
      expect(omissionOf(r, path), path).toEqual({ path, reason, bytes });
    }
    expect(r.totals.omittedBytes).toBe(LARGE_TEXT_BYTES + 9 + 11 + 14 + 134);
    expect(r.totals.unknownSizes).toBe(cases.filter(([, , b]) => b === null).length);
  });

  it.skipIf(process.platform === 'win32')('never reads a FIFO (it would block)', async () => {
    expect(existsSync(join(fx.repo, 'pipe.txt'))).toBe(true);
    const r = await inspect({ paths: ['pipe.txt'] });
    expect(omissionOf(r, 'pipe.txt')).toEqual({ path: 'pipe.txt', reason: 'binary', bytes: null });
  });

  it('omits credentials, symlinks and submodules met while expanding folders, without reading them', async () => {
    const r = await inspect({ paths: ['keys', '.aws', 'config', 'vendor', '.'] });
    expect(r.files.map((f) => f.path)).toContain('keys/README.md');
    expect(omissionOf(r, 'keys/id_rsa')).toEqual({ path: 'keys/id_rsa', reason: 'credential', bytes: null });
    expect(reasonOf(r, '.aws/credentials')).toBe('credential');
    expect(reasonOf(r, 'config/.env.production')).toBe('credential');
    expect(reasonOf(r, 'vendor/lib')).toBe('submodule');
    expect(reasonOf(r, '.env')).toBe('credential');
    expect(reasonOf(r, 'link-committed')).toBe('symlink');
    // Every path appears once even though '.' covers the folders selected before it.
    const all = [...r.files.map((f) => f.path), ...r.omissions.map((o) => o.path)];
    expect(new Set(all).size).toBe(all.length);
  });

  it('keeps non-ASCII names and names with spaces intact', async () => {
    const r = await inspect({ paths: ['docs', 'docs/guide with spaces.md'] });
    expect(r.files.map((f) => f.path).sort()).toEqual(['docs/café-ñ.md', 'docs/guide with spaces.md', 'docs/日本語.txt']);
    expect(r.files.find((f) => f.path === 'docs/guide with spaces.md')!.source).toBe('working-copy');
    expect(r.files.find((f) => f.path === 'docs/日本語.txt')!.preview).toBe('こんにちは\n');
  });

  it('bounds previews to about 200 lines or 8 KiB and redacts secrets in them', async () => {
    const r = await inspect({ paths: ['big/long-lines.txt', 'big/one-long-line.txt', 'src/secret-config.ts'] });
    const lines = r.files.find((f) => f.path === 'big/long-lines.txt')!;
    expect(lines.preview!.split('\n')).toHaveLength(201);
    expect(lines.preview!.endsWith('line 200\n')).toBe(true);
    expect(lines.bytes).toBeGreaterThan(Buffer.byteLength(lines.preview!));
    const long = r.files.find((f) => f.path === 'big/one-long-line.txt')!;
    expect(Buffer.byteLength(long.preview!)).toBeLessThanOrEqual(8192);
    expect(long.preview).toBe('é'.repeat(4096));
    const secret = r.files.find((f) => f.path === 'src/secret-config.ts')!;
    expect(secret.redactions).toBe(2);
    expect(secret.preview).not.toContain(fx.secrets.githubToken);
    expect(secret.preview).not.toContain(fx.secrets.awsKeyId);
    const cut = (await inspect({ paths: ['big/cut-secret.txt'] })).files[0]!;
    expect(cut.redactions).toBe(1);
    expect(cut.preview!.endsWith(' [redacted GITHUB_TOKEN]')).toBe(true);
    expect(cut.preview).not.toContain(fx.secrets.githubToken.slice(0, 8));
    // The hash is over the file's exact bytes, not the redacted preview.
    expect(secret.sha256).toBe(sha256(readFileSync(join(fx.repo, 'src/secret-config.ts'))));
  });

  it('returns at most 200 entries and says how many were left out', async () => {
    const r = await inspect({ paths: ['many'] });
    expect(r.files).toHaveLength(200);
    expect(r.truncated).toBe(true);
    expect(r.truncatedCount).toBe(MANY_FILES - 200);
    expect(r.limits).toEqual({ maxSelections: 50, maxEntries: 200, maxFileBytes: 524288, maxInspectedBytes: 8388608 });
  });

  it('stops scanning once 8 MiB of text has been inspected', async () => {
    const r = await inspect({ paths: ['budget'] });
    const fit = Math.floor(8 * 1024 * 1024 / BUDGET_FILE_BYTES);
    expect(r.files).toHaveLength(fit);
    expect(r.totals.inspectedBytes).toBe(fit * BUDGET_FILE_BYTES);
    expect(r.omissions).toHaveLength(BUDGET_FILES - fit);
    for (const o of r.omissions) expect(o).toMatchObject({ reason: 'inspection-budget', bytes: null });
  });

  it('inspects against another base ref', async () => {
    const r = await inspect({ baseRef: 'v0', paths: ['src', 'README.md'] });
    expect(r.baseRef).toBe('v0');
    expect(r.baseCommit).toBe(fx.first);
    expect(r.files.map((f) => [f.path, f.source])).toEqual([
      ['src/app.ts', 'base'],
      ['README.md', 'working-copy'],
    ]);
    expect(r.files[0]!.preview).toBe(fx.text.appFirst);
    expect(r.files[0]).toMatchObject({ modified: true, change: 'modified' });
    expect(r.files[1]).toMatchObject({ modified: false, change: null });
    expect(r.modifiedDescendantsAtBase).toBe(1);
  });

  it('reports attachments from metadata, rejecting credential-looking names', async () => {
    const r = await inspect({
      paths: [],
      attachments: [
        { name: 'notes.md', size: 4001 },
        { name: 'screenshot.png', size: 20_000 },
        { name: 'archive.zip', size: 100 },
        { name: '/home/me/.aws/credentials', size: 50 },
      ],
    });
    expect(r.attachments).toEqual([
      { name: 'notes.md', size: 4001, kind: 'text', approxTokens: 1001 },
      { name: 'screenshot.png', size: 20_000, kind: 'image', approxTokens: null },
      { name: 'archive.zip', size: 100, kind: 'binary', approxTokens: null },
    ]);
    expect(r.omissions).toEqual([{ path: '/home/me/.aws/credentials', reason: 'credential', bytes: 50 }]);
    expect(r.totals).toMatchObject({ attachmentBytes: 24_101, attachmentTokens: 1001, unknownSizes: 2, omittedBytes: 50 });
  });

  it('emits throttled progress for large inspections, ending at done = total', async () => {
    const events: TaskEvent[] = [];
    const callId = 'progress-spec';
    const sub = runtime.streams.attach({ deliver: (m) => (m.type === 'event' && m.event.kind === 'task' && events.push(m.event.payload), true) });
    sub.follow([{ key: `task:${callId}`, after: 0 }]);
    await runtime.call('context.inspect', { repo: fx.repo, paths: ['many'] }, { callId });
    sub.detach();
    const progress = events.filter((e) => e.type === 'progress');
    expect(progress.length).toBeGreaterThan(0);
    expect(progress.length).toBeLessThan(200);
    expect(progress.at(-1)).toMatchObject({ done: 200, total: 200 });
    expect(events.at(-1)).toEqual({ type: 'end', outcome: 'ok' });
  });

  it('lists one folder of the base tree with working-copy markers', async () => {
    const src = await listDir(runtime, { repo: fx.repo, dir: 'src' });
    expect(src.entries.map((e) => [e.name, e.type, e.status])).toEqual([
      ['nested', 'dir', null],
      ['app.ts', 'file', 'modified'],
      ['gone.ts', 'file', 'deleted'],
      ['new-untracked.ts', 'file', 'untracked'],
      ['secret-config.ts', 'file', null],
      ['util.ts', 'file', null],
    ]);
    expect(src.entries.find((e) => e.name === 'util.ts')!.bytes).toBe(62);
    expect(src.entries.find((e) => e.name === 'new-untracked.ts')!.bytes).toBeNull();
    const top = await listDir(runtime, { repo: fx.repo });
    const byName = new Map(top.entries.map((e) => [e.name, e]));
    expect(byName.get('src')).toMatchObject({ type: 'dir', status: null, changedInside: 3 });
    expect(byName.get('scratch')).toMatchObject({ type: 'dir', status: 'untracked', changedInside: 1 });
    expect(byName.get('link-committed')).toMatchObject({ type: 'symlink' });
    expect(byName.get('wc-link.ts')).toMatchObject({ type: 'symlink', status: 'untracked' });
    expect(byName.get('vendor')).toMatchObject({ type: 'dir' });
    expect(byName.get('.env')).toMatchObject({ type: 'file', bytes: null });
    const firstFile = top.entries.findIndex((e) => e.type !== 'dir');
    expect(top.entries.slice(firstFile).some((e) => e.type === 'dir')).toBe(false);
    const vendor = await listDir(runtime, { repo: fx.repo, dir: 'vendor' });
    expect(vendor.entries).toEqual([{ name: 'lib', path: 'vendor/lib', type: 'submodule', bytes: null, status: null }]);
    await expect(listDir(runtime, { repo: fx.repo, dir: 'nope' })).rejects.toMatchObject({ code: 'not-found' });
    await expect(listDir(runtime, { repo: fx.repo, dir: '../x' })).rejects.toMatchObject({ code: 'invalid-input' });
  });

  it('lists refs for the base-ref picker', async () => {
    const refs: RefsInfo = await runtime.call('repo.refs', { repo: fx.repo });
    expect(refs).toMatchObject({ head: fx.head, branch: 'main', branches: [{ name: 'main', commit: fx.head }], tags: [{ name: 'v0', commit: fx.first }] });
    expect(refs.commits.map((c) => c.subject)).toEqual(['base', 'first']);
  });
});

describe('the two backends give the same answer', () => {
  it('for a mixed selection', async () => {
    const cli = makeRuntime();
    const embedded = makeRuntime({ gitBinary: 'none' });
    const request = { repo: fx.repo, paths: ['src', 'src/app.ts', 'big', 'assets', 'media', 'docs', '.env', 'wc-linkdir/util.ts', 'vendor/lib'] };
    const [a, b] = await Promise.all([cli.call('context.inspect', request), embedded.call('context.inspect', request)]);
    expect(b).toEqual(a);
    await Promise.all([cli.close(), embedded.close()]);
  });
});

describe('malformed requests get a clear code and message', () => {
  let runtime: Runtime;
  beforeAll(() => {
    runtime = makeRuntime();
  });
  afterAll(() => runtime.close());
  const call = (input: unknown) => runtime.dispatch('context.inspect', input);

  it.each([
    ['missing repo', () => ({ paths: ['src'] }), 'invalid-input', /repo/],
    ['non-string paths', () => ({ repo: fx.repo, paths: ['src', 42] }), 'invalid-input', /paths\.1/],
    ['paths not an array', () => ({ repo: fx.repo, paths: 'src' }), 'invalid-input', /paths/],
    ['a NUL in a path', () => ({ repo: fx.repo, paths: ['src/a\0b'] }), 'invalid-input', /NUL/],
    ['a negative attachment size', () => ({ repo: fx.repo, paths: [], attachments: [{ name: 'a.txt', size: -1 }] }), 'invalid-input', /negative/],
    ['a fractional attachment size', () => ({ repo: fx.repo, paths: [], attachments: [{ name: 'a.txt', size: 1.5 }] }), 'invalid-input', /whole number/],
    ['an unknown field', () => ({ repo: fx.repo, paths: [], extra: true }), 'invalid-input', /extra/],
    ['51 selections', () => ({ repo: fx.repo, paths: Array.from({ length: 51 }, (_, i) => `f${i}`) }), 'too-many-selections', /51 paths.*at most 50/],
    ['a base ref that does not resolve', () => ({ repo: fx.repo, baseRef: 'no-such-branch', paths: ['src'] }), 'bad-ref', /no-such-branch/],
    ['a relative repo path', () => ({ repo: 'relative/dir', paths: [] }), 'invalid-input', /absolute/],
    ['a folder that is not a repository', () => ({ repo: fx.outside, paths: [] }), 'not-a-repo', /not inside a git repository/],
    ['a repo that does not exist', () => ({ repo: join(fx.repo, 'no-such-dir'), paths: [] }), 'not-found', /No folder/],
  ])('%s', async (_label, input, code, message) => {
    const error = await call(input()).then(
      () => null,
      (e: unknown) => e as { code: string; message: string },
    );
    expect(error).toMatchObject({ code });
    expect(error!.message).toMatch(message);
  });

  it('inspects nothing when there are too many selections, even with a bad ref', async () => {
    await expect(call({ repo: fx.repo, baseRef: 'nope', paths: Array.from({ length: 51 }, () => 'src') })).rejects.toMatchObject({
      code: 'too-many-selections',
    });
  });

});

describe('read-only', () => {
  it('does not touch the repository (no index.lock, no index rewrite)', async () => {
    const runtime = makeRuntime();
    const call = (input: unknown) => runtime.dispatch('context.inspect', input);
    const before = readFileSync(join(fx.repo, '.git/index'));
    await call({ repo: fx.repo, paths: ['src', 'docs'] });
    const embedded = makeRuntime({ gitBinary: 'none' });
    await embedded.call('context.inspect', { repo: fx.repo, paths: ['src', 'docs'] });
    await Promise.all([embedded.close(), runtime.close()]);
    expect(readFileSync(join(fx.repo, '.git/index')).equals(before)).toBe(true);
    expect(git(fx.repo, 'diff', '--cached', '--name-only')).toBe('');
    expect(existsSync(join(fx.repo, '.git/index.lock'))).toBe(false);
  });
});

describe('a symlink committed at base, a regular file in the working copy (issue 22, item 9)', () => {
  it('is refused as a symlink whether selected on its own or through its folder, in the preview and in staging', async () => {
    const repo = makeRepo({ 'dir/ok.txt': 'ok\n', 'target.txt': 'target\n' });
    symlinkSync('../target.txt', join(repo, 'dir/link.txt'));
    git(repo, 'add', 'dir/link.txt');
    git(repo, 'commit', '-qm', 'a link');
    rmSync(join(repo, 'dir/link.txt'));
    writeFileSync(join(repo, 'dir/link.txt'), 'now a regular file\n');
    const runtime = makeRuntime();
    for (const paths of [['dir/link.txt'], ['dir']]) {
      const r = await runtime.call('context.inspect', { repo, paths });
      expect(r.files.map((f) => f.path), paths.join()).not.toContain('dir/link.txt');
      expect(reasonOf(r, 'dir/link.txt'), paths.join()).toBe('symlink');
    }
    const preview = await runtime.call('runs.preview', { repo, ask: 'x', paths: ['dir/link.txt', 'dir/ok.txt'], settings: { agent: 'demo' } });
    expect(preview.exclusions.find((e) => e.path === 'dir/link.txt')?.reason).toBe('symlink');
    await runtime.close();
  });
});
