// Behaviour spec of team presets (issue 9): revisions, apply and the budget in
// force, library files between user-data folders, and a repository's library,
// on real SQLite files, real git repositories and real agent processes.
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { PresetDetail } from '../../../shared/contract/presets';
import { git, makeRepo, makeRuntime, removeTempDirs } from '../testing/fixtures';
import { waitForRun } from '../testing/runs';
import { customAgent, snapshotDb } from './testing';

afterAll(removeTempDirs);

const BLOCK_100 = { contextBudget: { maxPromptBytes: 100, policy: 'block' as const } };
const V1_FIXTURE = join(__dirname, '../../../../fixtures/presets/library-v1.json');

/** A preset as another machine would see it: everything but how it got there. */
const portable = (p: PresetDetail) => ({ ...p, revisions: p.revisions.map(({ origin: _o, ...r }) => r) });

describe('saving revisions', () => {
  it('numbers revisions, records git user.name as author, and lists what changed', async () => {
    const repo = makeRepo({ 'a.txt': 'a' });
    git(repo, 'config', 'user.name', 'Grace Hopper');
    const rt = makeRuntime();
    const one = await rt.call('presets.save', { name: 'team', settings: customAgent({ model: 'm1', loop: BLOCK_100 }), repo });
    expect(one).toMatchObject({ revision: 1, created: true, effective: null, preset: { name: 'team', latest: 1, author: 'Grace Hopper', budget: BLOCK_100.contextBudget } });
    const two = await rt.call('presets.save', { name: 'team', settings: customAgent({ model: 'm2' }), repo });
    expect(two).toMatchObject({ revision: 2, created: true });
    // The same settings again add nothing.
    expect(await rt.call('presets.save', { name: 'team', settings: customAgent({ model: 'm2' }), repo })).toMatchObject({ revision: 2, created: false });

    const history = await rt.call('presets.history', { name: 'team' });
    expect(history.map((h) => [h.revision, h.previous, h.author])).toEqual([
      [1, null, 'Grace Hopper'],
      [2, 1, 'Grace Hopper'],
    ]);
    expect(history[1]!.changes).toEqual([
      { field: 'model', before: 'm1', after: 'm2' },
      { field: 'loop.contextBudget.maxPromptBytes', before: 100, after: null },
      { field: 'loop.contextBudget.policy', before: 'block', after: null },
    ]);
    expect(history[0]!.changes.map((c) => c.field)).toEqual(['agent', 'command', 'model', 'loop.contextBudget.maxPromptBytes', 'loop.contextBudget.policy']);
    expect(await rt.call('presets.list', {})).toMatchObject([{ name: 'team', latest: 2, revisionCount: 2, budget: null }]);
    await rt.close();
  });

  it('archiving hides a preset from the list and exports, keeps its revisions usable; saving brings it back', async () => {
    const rt = makeRuntime();
    await rt.call('presets.save', { name: 'old', settings: { agent: 'demo' } });
    await rt.call('presets.save', { name: 'new', settings: { agent: 'demo', notes: 'n' } });
    await rt.call('presets.archive', { name: 'old', archived: true });
    expect((await rt.call('presets.list', {})).map((p) => p.name)).toEqual(['new']);
    expect((await rt.call('presets.list', { includeArchived: true })).map((p) => [p.name, p.archived])).toEqual([['new', false], ['old', true]]);
    expect(JSON.parse((await rt.call('presets.export', {})).content).presets.map((p: { name: string }) => p.name)).toEqual(['new']);
    expect((await rt.call('presets.apply', { name: 'old', revision: 1 })).appliedPreset).toEqual({ name: 'old', revision: 1 });
    await rt.call('presets.save', { name: 'old', settings: { agent: 'demo' } });
    expect((await rt.call('presets.list', {})).map((p) => p.name)).toEqual(['new', 'old']);
    await expect(rt.call('presets.archive', { name: 'nope', archived: true })).rejects.toMatchObject({ code: 'not-found' });
    await rt.close();
  });
});

describe('applying a revision', () => {
  it('an older revision without a budget clears the ceiling in force: the run goes ahead; the newer one blocks; evidence names the revision', async () => {
    const repo = makeRepo({ 'src/a.ts': 'export const a = 1;\n'.repeat(20) });
    const rt = makeRuntime();
    await rt.call('presets.save', { name: 'team', settings: customAgent() });
    await rt.call('presets.save', { name: 'team', settings: customAgent({ loop: BLOCK_100 }) });
    // The user's own ceiling is in force before any preset is applied.
    await rt.call('settings.update', { settings: customAgent({ loop: { contextBudget: { maxPromptBytes: 50, policy: 'block' } } }) });

    const start = async () => {
      const eff = await rt.call('settings.effective', {});
      // As the run form does: the settings in force, and no presetRef (Loupe names the revision behind them).
      const started = await rt.call('runs.start', { repo, ask: 'Summarize src', paths: ['src'], settings: eff.settings });
      return started.run.status === 'running' ? waitForRun(rt, started.run.id) : started;
    };

    const newer = await rt.call('presets.apply', { name: 'team' });
    expect(newer.appliedPreset).toEqual({ name: 'team', revision: 2 });
    expect(newer.settings.loop.contextBudget).toEqual(BLOCK_100.contextBudget);
    const blocked = await start();
    expect(blocked.run.status).toBe('blocked');
    expect(blocked.steps[0]).toMatchObject({ outcome: 'blocked', presetRef: { name: 'team', revision: 2 }, budget: BLOCK_100.contextBudget });

    const older = await rt.call('presets.apply', { name: 'team', revision: 1 });
    expect(older.settings.loop.contextBudget).toBeUndefined();
    expect(older.sources['loop.contextBudget']).toEqual({ kind: 'preset', name: 'team', revision: 1 });
    expect((await rt.call('settings.effective', {})).appliedPreset).toEqual({ name: 'team', revision: 1 });
    const ran = await start();
    expect(ran.run.status).toBe('succeeded');
    expect(ran.steps[0]).toMatchObject({ outcome: 'launched', budget: null, exceeded: [], presetRef: { name: 'team', revision: 1 } });

    // A value of the caller's own making is named as this run's; the ones the applied revision gave name it (issue 22).
    const own = await rt.call('runs.start', { repo, ask: 'Summarize src', paths: ['src'], settings: customAgent({ notes: 'mine' }) });
    const ownStep = (await waitForRun(rt, own.run.id)).steps[0]!;
    expect(ownStep.sources).toMatchObject({ notes: { kind: 'run' }, command: { kind: 'preset', name: 'team', revision: 1 } });
    expect(ownStep.presetRef).toEqual({ name: 'team', revision: 1 });

    // And back: the newer revision blocks again.
    await rt.call('presets.apply', { name: 'team', revision: 2 });
    expect((await start()).run.status).toBe('blocked');
    await expect(rt.call('presets.apply', { name: 'team', revision: 9 })).rejects.toMatchObject({ code: 'not-found', message: '"team" has no revision 9; it has 1, 2.' });
    await rt.close();
  });

  it('save with apply makes the new revision the source of every setting', async () => {
    const rt = makeRuntime();
    const saved = await rt.call('presets.save', { name: 'mine', settings: { agent: 'demo', model: 'x' }, apply: true });
    expect(saved.effective?.appliedPreset).toEqual({ name: 'mine', revision: 1 });
    expect(saved.effective?.sources.model).toEqual({ kind: 'preset', name: 'mine', revision: 1 });
    await rt.close();
  });
});

describe('library files', () => {
  it('export, then import into a fresh user-data folder: the same presets and revisions; a second import changes nothing', async () => {
    const repo = makeRepo({ 'a.txt': 'a' });
    git(repo, 'config', 'user.name', 'Ada');
    const a = makeRuntime();
    await a.call('presets.save', { name: 'team', settings: customAgent({ loop: BLOCK_100 }), repo });
    await a.call('presets.save', { name: 'team', settings: customAgent({ notes: 'Be brief.', agentArgs: ['--x', 'y z'] }) });
    await a.call('presets.save', { name: 'solo', settings: { agent: 'gemini', model: 'gemini-2.5-pro', loop: { idleTimeoutSeconds: null } } });
    const exported = await a.call('presets.export', {});
    expect(exported).toMatchObject({ presets: 2, revisions: 3, mime: 'application/json', filename: expect.stringMatching(/^loupe-presets-\d{4}-\d\d-\d\d\.json$/) });

    const b = makeRuntime();
    const report = await b.call('presets.import', { content: exported.content, sourceLabel: 'team.json' });
    expect(report).toEqual({
      fromVersion: 2,
      source: 'team.json',
      added: [
        { name: 'solo', revisions: [1], newPreset: true },
        { name: 'team', revisions: [1, 2], newPreset: true },
      ],
      unchanged: [],
    });
    for (const name of ['team', 'solo']) {
      expect(portable(await b.call('presets.get', { name }))).toEqual(portable(await a.call('presets.get', { name })));
    }
    expect((await b.call('presets.get', { name: 'team' })).revisions[0]!.origin).toMatchObject({ kind: 'imported', label: 'team.json' });

    const before = snapshotDb(b.deps.db);
    const again = await b.call('presets.import', { content: exported.content });
    expect(again.added).toEqual([]);
    expect(again.unchanged).toEqual([
      { name: 'solo', revisions: [1] },
      { name: 'team', revisions: [1, 2] },
    ]);
    expect(snapshotDb(b.deps.db)).toEqual(before);
    await Promise.all([a.close(), b.close()]);
  });

  it('an existing preset gains only the revisions it lacks; none is overwritten or duplicated', async () => {
    const a = makeRuntime();
    for (const notes of ['one', 'two', 'three']) await a.call('presets.save', { name: 'team', settings: { agent: 'demo', notes } });
    const all = (await a.call('presets.export', {})).content;
    const b = makeRuntime();
    const partial = JSON.parse(all);
    partial.presets[0].revisions = partial.presets[0].revisions.slice(0, 1);
    expect((await b.call('presets.import', { content: JSON.stringify(partial) })).added).toEqual([{ name: 'team', revisions: [1], newPreset: true }]);
    expect((await b.call('presets.import', { content: all })).added).toEqual([{ name: 'team', revisions: [2, 3], newPreset: false }]);
    expect((await b.call('presets.get', { name: 'team' })).revisions.map((r) => [r.revision, r.settings.notes])).toEqual([
      [1, 'one'],
      [2, 'two'],
      [3, 'three'],
    ]);
    // A save after the import continues the numbering.
    expect((await b.call('presets.save', { name: 'team', settings: { agent: 'demo', notes: 'four' } })).revision).toBe(4);
    await Promise.all([a.close(), b.close()]);
  });

  it('a version 1 library imports and its revisions have no budget', async () => {
    const rt = makeRuntime();
    const report = await rt.call('presets.import', { content: readFileSync(V1_FIXTURE, 'utf8'), sourceLabel: 'library-v1.json' });
    expect(report.fromVersion).toBe(1);
    expect(report.added.map((a) => [a.name, a.revisions])).toEqual([
      ['team-claude', [1, 2]],
      ['quick-codex', [1]],
    ]);
    const team = await rt.call('presets.get', { name: 'team-claude' });
    expect(team.revisions.map((r) => r.settings.loop.contextBudget)).toEqual([undefined, undefined]);
    expect(team.revisions[1]).toMatchObject({ author: 'Ada Lovelace', createdAt: '2025-10-14T11:30:00.000Z', settings: { loop: { idleTimeoutSeconds: 300 } } });
    // Applying it over a ceiling clears the ceiling.
    await rt.call('settings.update', { settings: { agent: 'demo', loop: BLOCK_100 } });
    expect((await rt.call('presets.apply', { name: 'team-claude' })).settings.loop.contextBudget).toBeUndefined();
    await rt.close();
  });
});

describe("a repository's library", () => {
  it('reads .loupe/presets.json at HEAD (not the working copy), compares it with what is stored, and imports it labelled with the commit', async () => {
    const source = makeRuntime();
    await source.call('presets.save', { name: 'team', settings: { agent: 'demo', loop: BLOCK_100 } });
    await source.call('presets.save', { name: 'team', settings: { agent: 'demo' } });
    const content = (await source.call('presets.export', {})).content;
    const repo = makeRepo({ '.loupe/presets.json': content });
    const head = git(repo, 'rev-parse', 'HEAD');
    writeFileSync(join(repo, '.loupe/presets.json'), 'not committed, not read');

    const rt = makeRuntime();
    await rt.call('presets.import', { content: JSON.stringify({ ...JSON.parse(content), presets: [{ ...JSON.parse(content).presets[0], revisions: JSON.parse(content).presets[0].revisions.slice(0, 1) }] }) });
    const lib = await rt.call('presets.repoLibrary', { repo });
    expect(lib).toMatchObject({ repo, commit: head, found: true, problems: [], fromVersion: 2 });
    expect(lib.presets).toMatchObject([{ name: 'team', missing: [2], conflicts: [], existsHere: true }]);

    const report = await rt.call('presets.importFromRepo', { repo });
    expect(report.added).toEqual([{ name: 'team', revisions: [2], newPreset: false }]);
    const label = `the repository ${repo.split('/').pop()} at ${head.slice(0, 7)}`;
    expect(report.source).toBe(label);
    expect((await rt.call('presets.get', { name: 'team' })).revisions[1]!.origin).toMatchObject({ kind: 'imported', label });
    expect((await rt.call('presets.repoLibrary', { repo })).presets[0]).toMatchObject({ missing: [], conflicts: [] });
    await Promise.all([source.close(), rt.close()]);
  });

  it('says plainly when there is no library, or when it is broken, and imports nothing', async () => {
    const rt = makeRuntime();
    const empty = makeRepo({ 'a.txt': 'a' });
    expect(await rt.call('presets.repoLibrary', { repo: empty })).toMatchObject({ found: false, presets: [], problems: [] });
    await expect(rt.call('presets.importFromRepo', { repo: empty })).rejects.toMatchObject({ code: 'not-found' });
    const broken = makeRepo({ '.loupe/presets.json': '{"kind": "loupe-presets", "version": 2, "presets": [' });
    const lib = await rt.call('presets.repoLibrary', { repo: broken });
    expect(lib.found).toBe(true);
    expect(lib.problems[0]!.message).toMatch(/it looks truncated/);
    const before = snapshotDb(rt.deps.db);
    await expect(rt.call('presets.importFromRepo', { repo: broken })).rejects.toMatchObject({ code: 'invalid-input' });
    expect(snapshotDb(rt.deps.db)).toEqual(before);
    const big = makeRepo({ '.loupe/presets.json': ' '.repeat(3 * 1024 * 1024) });
    expect((await rt.call('presets.repoLibrary', { repo: big })).problems[0]!.message).toMatch(/^\.loupe\/presets\.json: the file is 3 MiB \(3,145,728 bytes\); a preset library may be at most 2 MiB/);
    await rt.close();
  });
});
