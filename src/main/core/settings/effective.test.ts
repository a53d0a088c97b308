import { afterAll, beforeAll, describe, expect, it } from 'vitest';
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
    // Changing every setting the preset gave leaves it no longer applied.
    const edited = await rt.call('settings.update', { settings: { agent: 'claude', model: 'anthropic/claude-sonnet-4-5', loop: {} } });
    expect(edited.appliedPreset).toEqual({ name: 'team', revision: 1 });
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
