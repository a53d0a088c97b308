// loop.spendBudget (issue 36): the contract's schema (run settings and presets share it) and the
// flags of `loupe run`, `loupe presets save` and `loupe wrap` answer every bad value clearly.
import { describe, expect, it } from 'vitest';
import { runSettingsSchema } from '../../../shared/contract/runs';
import { spendBudgetText } from '../../../shared/presets/describe';
import { settingsFromFlags, spendBudgetFrom } from './settings-flags';

const issues = (loop: unknown) => {
  const r = runSettingsSchema().safeParse({ agent: 'claude', loop });
  return r.success ? [] : r.error.issues.map((i) => `${i.path.join('.')} ${i.message}`);
};

describe('loop.spendBudget', () => {
  it('takes dollars in whole cents and/or whole tokens, with a policy; refuses the rest in words', () => {
    expect(issues({ spendBudget: { maxUsd: 5, maxTokens: 2_000_000, policy: 'block' } })).toEqual([]);
    expect(issues({ spendBudget: { maxUsd: 0.1, policy: 'warn' } })).toEqual([]);
    expect(issues({ spendBudget: { maxUsd: 0, policy: 'block' } })).toEqual(['loop.spendBudget.maxUsd must be a positive number']);
    expect(issues({ spendBudget: { maxUsd: 1.234, policy: 'block' } })).toEqual(['loop.spendBudget.maxUsd must be in whole cents']);
    expect(issues({ spendBudget: { maxTokens: 1.5, policy: 'block' } })).toEqual(['loop.spendBudget.maxTokens must be a whole number']);
    expect(issues({ spendBudget: { maxUsd: 1, policy: 'stop' } })).toEqual(['loop.spendBudget.policy must be "warn" or "block"']);
  });

  it('flags: --max-spend-usd, --max-spend-tokens and --spend-policy over the settings in force', () => {
    expect(spendBudgetFrom({ 'max-spend-usd': '$2.50' }, undefined)).toEqual({ maxUsd: 2.5, policy: 'block' });
    expect(spendBudgetFrom({ 'max-spend-tokens': '100000', 'spend-policy': 'warn' }, { maxUsd: 1, policy: 'block' })).toEqual({ maxUsd: 1, maxTokens: 100_000, policy: 'warn' });
    expect(spendBudgetFrom({}, { maxUsd: 1, policy: 'block' })).toEqual({ maxUsd: 1, policy: 'block' });
    expect(() => spendBudgetFrom({ 'max-spend-usd': '1.234' }, undefined)).toThrow(/--max-spend-usd takes an amount in US dollars above 0 \(whole cents/);
    expect(() => spendBudgetFrom({ 'max-spend-usd': '0' }, undefined)).toThrow(/above 0/);
    expect(() => spendBudgetFrom({ 'spend-policy': 'warn' }, undefined)).toThrow(/--spend-policy needs a ceiling/);
    expect(() => spendBudgetFrom({ 'spend-policy': 'halt' }, undefined)).toThrow(/--spend-policy must be warn or block/);
    const s = settingsFromFlags({ agent: 'claude', 'max-spend-usd': '5' }, null, null);
    expect(s.loop?.spendBudget).toEqual({ maxUsd: 5, policy: 'block' });
    expect(spendBudgetText(s.loop!.spendBudget)).toBe('block at $5.00 (list price) per session or run');
  });
});
