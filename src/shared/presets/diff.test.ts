import { describe, expect, it } from 'vitest';
import type { RunSettings } from '../contract/runs';
import { canonicalJson, diffSettings, formatSettingValue, sameSettings } from './diff';

const withBudget: RunSettings = { agent: 'claude', model: 'm', loop: { contextBudget: { maxPromptBytes: 100, policy: 'block' } } };

describe('preset diffs', () => {
  it('lists each setting that changed, the budget part by part; unset is null', () => {
    expect(diffSettings(withBudget, { agent: 'claude', model: 'm', loop: {} })).toEqual([
      { field: 'loop.contextBudget.maxPromptBytes', before: 100, after: null },
      { field: 'loop.contextBudget.policy', before: 'block', after: null },
    ]);
    expect(diffSettings(withBudget, withBudget)).toEqual([]);
    expect(diffSettings(null, { agent: 'demo', loop: {} })).toEqual([{ field: 'agent', before: null, after: 'demo' }]);
  });

  it('compares settings whatever the key order', () => {
    const reordered = { loop: { contextBudget: { policy: 'block', maxPromptBytes: 100 } }, model: 'm', agent: 'claude' } as RunSettings;
    expect(sameSettings(withBudget, reordered)).toBe(true);
    expect(canonicalJson(reordered)).toBe('{"agent":"claude","loop":{"contextBudget":{"maxPromptBytes":100,"policy":"block"}},"model":"m"}');
    expect(sameSettings(withBudget, { ...withBudget, model: 'n' })).toBe(false);
  });

  it('words values briefly', () => {
    expect([null, 100_000, true, ['--a', 'b c'], 'block'].map(formatSettingValue)).toEqual(['not set', '100,000', 'on', '"--a" "b c"', 'block']);
  });
});
