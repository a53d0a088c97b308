// The request budget and secrets-on-the-wire settings: the contract's schema (run settings
// and presets share it) and the flags of `loupe run`, `loupe presets save` and `loupe wrap`
// give the same clear answer for every bad value, and keep what they are not told to change.
import { describe, expect, it } from 'vitest';
import { REQUEST_CEILING_MAX } from '../../../shared/contract/run-limits';
import { runSettingsSchema, withoutEmptyBudgets } from '../../../shared/contract/runs';
import { UsageError } from '../command';
import { requestBudgetFrom, settingsFromFlags, wireSecretsFrom } from './settings-flags';

const issues = (loop: unknown) => {
  const r = runSettingsSchema().safeParse({ agent: 'claude', loop });
  return r.success ? [] : r.error.issues.map((i) => `${i.path.join('.')} ${i.message}`);
};

describe('loop.requestBudget and loop.wireSecrets in run settings (and presets)', () => {
  it('accept positive whole ceilings up to their bound, a policy, and warn or redact', () => {
    expect(issues({ requestBudget: { maxRequestTokens: 150_000, maxRequestBytes: 600_000, policy: 'block' }, wireSecrets: 'redact' })).toEqual([]);
    expect(issues({ requestBudget: { maxRequestTokens: REQUEST_CEILING_MAX.maxRequestTokens, policy: 'warn' } })).toEqual([]);
    expect(issues({ requestBudget: { maxRequestBytes: 1, policy: 'warn' }, wireSecrets: 'warn' })).toEqual([]);
    // A policy alone checks nothing: refused in words (issue 34, item 8), for both budgets.
    expect(issues({ requestBudget: { policy: 'warn' } })).toEqual(['loop.requestBudget needs a ceiling: maxRequestTokens or maxRequestBytes']);
    expect(issues({ contextBudget: { policy: 'block' } })).toEqual(['loop.contextBudget needs a ceiling: maxPromptBytes or maxApproximateTokens']);
    // Settings stored before that rule still load, without the budget that checked nothing.
    expect(runSettingsSchema().parse(withoutEmptyBudgets({ agent: 'claude', loop: { contextBudget: { policy: 'block' }, requestBudget: { maxRequestBytes: 9, policy: 'warn' } } })).loop).toEqual({ requestBudget: { maxRequestBytes: 9, policy: 'warn' } });
  });

  it('reject 0, negatives, fractions, NaN, values over the bound, unknown keys and modes, each in words', () => {
    expect(issues({ requestBudget: { maxRequestTokens: 0, policy: 'block' } })).toEqual(['loop.requestBudget.maxRequestTokens must be a positive number']);
    expect(issues({ requestBudget: { maxRequestBytes: -5, policy: 'block' } })).toEqual(['loop.requestBudget.maxRequestBytes must be a positive number']);
    expect(issues({ requestBudget: { maxRequestTokens: 1.5, policy: 'block' } })).toEqual(['loop.requestBudget.maxRequestTokens must be a whole number']);
    expect(issues({ requestBudget: { maxRequestTokens: Number.NaN, policy: 'block' } })).toHaveLength(1);
    expect(issues({ requestBudget: { maxRequestBytes: REQUEST_CEILING_MAX.maxRequestBytes + 1, policy: 'block' } })).toEqual([
      'loop.requestBudget.maxRequestBytes must be at most 67,108,864',
    ]);
    expect(issues({ requestBudget: { maxRequestTokens: 10, policy: 'stop' } })).toEqual(['loop.requestBudget.policy must be "warn" or "block"']);
    // The unknown key, and no ceiling left.
    expect(issues({ requestBudget: { maxTokens: 10, policy: 'block' } })).toHaveLength(2);
    expect(issues({ wireSecrets: 'drop' })).toEqual(['loop.wireSecrets must be "warn" or "redact"']);
  });
});

describe('the request budget and secrets flags', () => {
  it('set the settings, a ceiling flag keeping the other ceiling and the policy of the settings in force', () => {
    const base = { agent: 'claude' as const, loop: { requestBudget: { maxRequestTokens: 100_000, policy: 'warn' as const }, wireSecrets: 'redact' as const } };
    const s = settingsFromFlags({ 'max-request-bytes': '500000' }, base, null);
    expect(s.loop).toEqual({ requestBudget: { maxRequestTokens: 100_000, maxRequestBytes: 500_000, policy: 'warn' }, wireSecrets: 'redact' });
    expect(settingsFromFlags({ 'request-policy': 'block', 'wire-secrets': 'warn' }, base, null).loop).toEqual({
      requestBudget: { maxRequestTokens: 100_000, policy: 'block' },
      wireSecrets: 'warn',
    });
    expect(settingsFromFlags({ 'max-request-tokens': '150000' }, null, 'claude').loop).toEqual({ requestBudget: { maxRequestTokens: 150_000, policy: 'block' } });
    expect(settingsFromFlags({}, null, 'claude').loop).toEqual({});
  });

  it('answer a bad value with a usage error naming the flag', () => {
    const bad: [Parameters<typeof requestBudgetFrom>[0], RegExp][] = [
      [{ 'max-request-tokens': '0' }, /--max-request-tokens takes a whole number of at least 1, got "0"/],
      [{ 'max-request-bytes': '1.5' }, /--max-request-bytes takes a whole number/],
      [{ 'max-request-bytes': '99999999999' }, /--max-request-bytes must be at most 67,108,864/],
      [{ 'request-policy': 'stop', 'max-request-tokens': '5' }, /--request-policy must be warn or block, got "stop"/],
      [{ 'request-policy': 'warn' }, /--request-policy needs a ceiling/],
    ];
    for (const [flags, message] of bad) expect(() => requestBudgetFrom(flags, undefined)).toThrow(message);
    expect(() => wireSecretsFrom({ 'wire-secrets': 'hide' }, undefined)).toThrow(UsageError);
    expect(() => settingsFromFlags({ 'wire-secrets': 'hide' }, null, 'claude')).toThrow(/--wire-secrets must be warn or redact, got "hide"/);
  });
});
