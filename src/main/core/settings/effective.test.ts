import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SETTING_FIELDS } from '../../../shared/contract/settings';
import { makeRuntime, removeTempDirs } from '../testing/fixtures';
import { buildTokensWorker } from '../testing/tokens-worker';
import { applyPresetSettings } from './effective';

afterAll(removeTempDirs);

describe('effective run settings', () => {
  it('starts from defaults, names the app for what the user changed, and keeps the rest', async () => {
    const rt = makeRuntime();
    const first = await rt.call('settings.effective', {});
    expect(first.settings).toEqual({ agent: 'demo', loop: {} });
    expect(first.sources.agent).toEqual({ kind: 'default' });
    const next = await rt.call('settings.update', { settings: { agent: 'demo', loop: { contextBudget: { maxPromptBytes: 100, policy: 'block' } } } });
    expect(next.sources['loop.contextBudget']).toEqual({ kind: 'app' });
    expect(next.sources.agent).toEqual({ kind: 'default' });
    expect((await rt.call('settings.effective', {})).settings.loop.contextBudget).toEqual({ maxPromptBytes: 100, policy: 'block' });
    await rt.close();
  });

  it('applying a preset revision takes every setting from it, clearing a ceiling it does not have', async () => {
    const rt = makeRuntime();
    await rt.call('settings.update', { settings: { agent: 'demo', loop: { contextBudget: { maxPromptBytes: 100, policy: 'block' } } } });
    const applied = applyPresetSettings(rt.deps.db, { agent: 'claude', model: 'anthropic/claude-sonnet-4-5', loop: {} }, { name: 'team', revision: 1 }, new Date());
    expect(applied.settings.loop.contextBudget).toBeUndefined();
    expect(applied.sources['loop.contextBudget']).toEqual({ kind: 'preset', name: 'team', revision: 1 });
    expect(applied.appliedPreset).toEqual({ name: 'team', revision: 1 });
    // Saving the same settings the preset gave changes nothing: it stays applied, every setting still its.
    const same = await rt.call('settings.update', { settings: { agent: 'claude', model: 'anthropic/claude-sonnet-4-5', loop: {} } });
    expect(same.appliedPreset).toEqual({ name: 'team', revision: 1 });
    expect(same.sources.model).toEqual({ kind: 'preset', name: 'team', revision: 1 });
    await rt.close();
  });

  it('editing un-applies a preset: an edited setting becomes the app\'s, and once every one is edited the preset is no longer applied', async () => {
    const rt = makeRuntime();
    applyPresetSettings(rt.deps.db, { agent: 'claude', model: 'anthropic/claude-sonnet-4-5', loop: {} }, { name: 'team', revision: 2 }, new Date());
    const preset = { kind: 'preset', name: 'team', revision: 2 };

    const one = await rt.call('settings.update', { settings: { agent: 'claude', model: 'openai/gpt-4o', loop: {} } });
    expect(one.sources.model).toEqual({ kind: 'app' });
    expect(one.sources.agent).toEqual(preset);
    expect(one.appliedPreset).toEqual({ name: 'team', revision: 2 });

    const every = await rt.call('settings.update', {
      settings: {
        agent: 'custom',
        command: 'my-agent --fast',
        model: 'openai/gpt-4.1',
        notes: 'Be brief.',
        agentArgs: ['--verbose'],
        loop: { contextBudget: { maxPromptBytes: 5000, policy: 'warn' }, requestBudget: { maxRequestTokens: 150_000, policy: 'block' }, spendBudget: { maxUsd: 5, policy: 'warn' }, wireSecrets: 'redact', idleTimeoutSeconds: 120 },
        keepStaged: true,
        xrayTools: true,
        wire: false,
      },
    });
    for (const field of SETTING_FIELDS) expect(every.sources[field], field).toEqual({ kind: 'app' });
    expect(every.appliedPreset).toBeNull();
    // Read back, it stays un-applied.
    expect((await rt.call('settings.effective', {})).appliedPreset).toBeNull();
    await rt.close();
  });
});

describe('token workers ahead of the first count', () => {
  beforeAll(async () => {
    process.env.LOUPE_TOKENS_WORKER = await buildTokensWorker();
  }, 120_000);
  afterAll(() => {
    delete process.env.LOUPE_TOKENS_WORKER;
  });

  it('start when the settings in force name a model with a public tokenizer (app and host only)', async () => {
    const app = makeRuntime({ warmTokens: true });
    await app.call('settings.update', { settings: { agent: 'claude', model: 'anthropic/claude-sonnet-4', loop: {} } });
    expect(app.deps.tokens.stats().workers).toBe(0);
    await app.call('settings.update', { settings: { agent: 'codex', model: 'openai/gpt-4o', loop: {} } });
    await expect.poll(() => app.deps.tokens.stats().workers, { timeout: 10_000 }).toBeGreaterThan(0);
    await app.close();

    // A one-shot CLI command reading the same settings starts nothing.
    const cli = makeRuntime({ userDataDir: app.deps.userDataDir });
    expect((await cli.call('settings.effective', {})).settings.model).toBe('openai/gpt-4o');
    expect(cli.deps.tokens.stats().workers).toBe(0);
    await cli.close();
  });
});
