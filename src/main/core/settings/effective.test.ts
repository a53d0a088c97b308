import { afterAll, describe, expect, it } from 'vitest';
import { makeRuntime, removeTempDirs } from '../testing/fixtures';
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
