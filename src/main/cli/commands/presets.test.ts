// `loupe presets` and `loupe run --preset` run in-process through runCli, over
// real SQLite user-data folders, a real repository and a real agent process.
import { readFileSync, truncateSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { customAgent } from '../../core/presets/testing';
import { makeRepo, removeTempDirs, tempDir } from '../../core/testing/fixtures';
import { runCliForTest as cli } from '../testing';
import { parsePresetRef, settingsFromFlags } from './settings-flags';

afterAll(removeTempDirs);

const V1_FIXTURE = join(__dirname, '../../../../fixtures/presets/library-v1.json');

describe('loupe presets', () => {
  it('save, list, show with what changed, apply, effective; export and import into another folder', async () => {
    const env = { LOUPE_USER_DATA: tempDir() };
    expect((await cli(['presets', 'save', 'team', '--agent', 'claude', '--model', 'm1', '--max-prompt-bytes', '100', '--policy', 'block'], env)).stdout).toMatch(/^Saved team@1/);
    expect((await cli(['presets', 'save', 'team', '--agent', 'claude', '--model', 'm1', '--notes', 'Be brief.'], env)).stdout).toMatch(/^Saved team@2/);
    expect((await cli(['presets', 'save', 'team', '--agent', 'claude', '--model', 'm1', '--notes', 'Be brief.'], env)).stdout).toMatch(/^Unchanged: team@2 already holds these settings/);

    const list = await cli(['presets', 'list'], env);
    expect(list.stdout).toMatch(/^NAME\s+LATEST\s+AGENT\s+BUDGET\s+UPDATED\nteam\s+@2\s+claude m1\s+no ceiling/);
    const show = await cli(['presets', 'show', 'team'], env);
    expect(show.stdout).toContain('team: 2 revisions, latest @2');
    expect(show.stdout).toMatch(/@2 .*\n {4}notes: not set → Be brief\.\n {4}max prompt bytes: 100 → not set\n {4}budget policy: block → not set/);

    const applied = await cli(['presets', 'apply', 'team@1'], env);
    expect(applied.code).toBe(0);
    expect(applied.stdout).toMatch(/Context budget\s+block at 100 bytes\s+preset team@1/);
    expect(applied.stdout).toContain('Preset applied: team@1');
    expect((await cli(['presets', 'effective', '--json'], env)).stdout).toContain('"revision": 1');

    const file = join(tempDir(), 'lib.json');
    expect((await cli(['presets', 'export', file], env)).code).toBe(0);
    const other = { LOUPE_USER_DATA: tempDir() };
    expect((await cli(['presets', 'import', file], other)).stdout).toBe('New preset team: @1, @2\nImported 2 revisions.\n');
    expect((await cli(['presets', 'import', file], other)).stdout).toBe('Already here: team (@1, @2)\nNothing new: every revision in the file is already here.\n');
    const a = JSON.parse((await cli(['presets', 'show', 'team', '--json'], env)).stdout);
    const b = JSON.parse((await cli(['presets', 'show', 'team', '--json'], other)).stdout);
    const strip = (p: { revisions: { origin: unknown }[]; history: { origin: unknown }[] }) => ({
      ...p,
      revisions: p.revisions.map(({ origin: _o, ...r }) => r),
      history: p.history.map(({ origin: _o, ...h }) => h),
    });
    expect(strip(b)).toEqual(strip(a));
  });

  it('refuses a bad library listing each problem with its place (exit 2), a file over the cap without reading it, and imports version 1', async () => {
    const env = { LOUPE_USER_DATA: tempDir() };
    const dir = tempDir();
    const bad = join(dir, 'bad.json');
    const lib = JSON.parse(readFileSync(V1_FIXTURE, 'utf8'));
    lib.version = 2;
    lib.presets[0].revisions[0].settings.loop = { contextBudget: { maxPromptBytes: -3, policy: 'stop' } };
    writeFileSync(bad, JSON.stringify(lib));
    const r = await cli(['presets', 'import', bad], env);
    expect(r.code).toBe(2);
    expect(r.stderr).toBe(
      "loupe presets: The library can't be imported (2 problems); nothing was imported.\n" +
        '  presets[0].revisions[0].settings.loop.contextBudget.maxPromptBytes: must be a positive number\n' +
        '  presets[0].revisions[0].settings.loop.contextBudget.policy: must be "warn" or "block"\n',
    );
    const json = JSON.parse((await cli(['presets', 'import', bad, '--json'], env)).stdout);
    expect(json.error).toMatchObject({ code: 'invalid-input', more: 0 });
    expect(json.error.problems).toHaveLength(2);

    const huge = join(dir, 'huge.json');
    writeFileSync(huge, '');
    truncateSync(huge, 50 * 1024 * 1024);
    const big = await cli(['presets', 'import', huge], env);
    expect(big.code).toBe(2);
    expect(big.stderr).toContain('the file is 50 MiB (52,428,800 bytes); a preset library may be at most 2 MiB');
    expect(JSON.parse((await cli(['presets', 'list', '--json'], env)).stdout)).toEqual([]);

    const v1 = await cli(['presets', 'import', V1_FIXTURE], env);
    expect(v1.stdout).toMatch(/^Read a version 1 library \(migrated: its revisions have no context budget\)\.\nNew preset team-claude: @1, @2\nNew preset quick-codex: @1\n/);
  });

  it('usage errors: no name, bad NAME@REVISION, --policy without a ceiling, unknown subcommand', async () => {
    const env = { LOUPE_USER_DATA: tempDir() };
    expect((await cli(['presets', 'save'], env)).stderr).toContain('name the preset');
    expect((await cli(['presets', 'save', 'x'], env)).stderr).toContain('name the agent');
    expect((await cli(['presets', 'save', 'x', '--agent', 'demo', '--policy', 'block'], env)).stderr).toContain('--policy needs a ceiling');
    expect((await cli(['presets', 'apply', 'x@0'], env)).code).toBe(2);
    expect((await cli(['presets', 'apply', 'nope'], env)).stderr).toBe('loupe presets: There is no preset called "nope". (not-found)\n');
    expect((await cli(['presets', 'frob'], env)).stderr).toContain('unknown subcommand "frob"');
  });
});

describe('loupe run --preset', () => {
  it('runs with a revision\'s settings, flags override them, and the evidence names the revision', async () => {
    const env = { LOUPE_USER_DATA: tempDir() };
    const repo = makeRepo({ 'src/a.ts': 'export const a = 1;\n'.repeat(20) });
    const command = customAgent().command!;
    await cli(['presets', 'save', 'team', '--command', command], env);
    await cli(['presets', 'save', 'team', '--command', command, '--max-prompt-bytes', '100', '--policy', 'block'], env);

    const blocked = await cli(['run', '--repo', repo, '--ask', 'Summarize', '--preset', 'team', '--json', 'src'], env);
    expect(blocked.code).toBe(3);
    expect(JSON.parse(blocked.stdout).steps[0]).toMatchObject({ outcome: 'blocked', presetRef: { name: 'team', revision: 2 } });

    const older = await cli(['run', '--repo', repo, '--ask', 'Summarize', '--preset', 'team@1', '--json', 'src'], env);
    expect(older.code).toBe(0);
    expect(JSON.parse(older.stdout).steps[0]).toMatchObject({ outcome: 'launched', budget: null, presetRef: { name: 'team', revision: 1 } });

    // A flag overrides the revision's ceiling; the policy comes from the revision.
    const raised = await cli(['run', '--repo', repo, '--ask', 'Summarize', '--preset', 'team@2', '--max-prompt-bytes', '1000000', '--json', 'src'], env);
    expect(raised.code).toBe(0);
    expect(JSON.parse(raised.stdout).steps[0].budget).toEqual({ maxPromptBytes: 1_000_000, policy: 'block' });

    expect((await cli(['run', '--repo', repo, '--ask', 'x', '--preset', 'team@7'], env)).stderr).toBe('loupe run: "team" has no revision 7; it has 1, 2. (not-found)\n');
  });
});

describe('settings from flags', () => {
  it('parses NAME@REVISION', () => {
    expect(parsePresetRef('team')).toEqual({ name: 'team' });
    expect(parsePresetRef('team@12')).toEqual({ name: 'team', revision: 12 });
    for (const bad of ['team@', '@1', 'a@b@1', 'team@0', 'team@1.5']) expect(() => parsePresetRef(bad), bad).toThrow(/NAME or NAME@REVISION/);
  });

  it('overrides a base setting by setting, keeping the rest', () => {
    const base = { agent: 'custom' as const, command: 'x', model: 'm', loop: { contextBudget: { maxApproximateTokens: 5, policy: 'warn' as const }, idleTimeoutSeconds: 60 } };
    expect(settingsFromFlags({ 'max-prompt-bytes': '9' }, base, 'claude')).toEqual({ ...base, loop: { contextBudget: { maxApproximateTokens: 5, maxPromptBytes: 9, policy: 'warn' }, idleTimeoutSeconds: 60 } });
    expect(settingsFromFlags({ agent: 'codex', timeout: 'off' }, base, 'claude')).toEqual({ agent: 'codex', model: 'm', loop: { contextBudget: base.loop.contextBudget, idleTimeoutSeconds: null } });
    expect(settingsFromFlags({}, null, 'claude')).toEqual({ agent: 'claude', loop: {} });
  });
});
