import { describe, expect, it } from 'vitest';
import { contextBudgetSchema } from '../contract/runs';
import { BUDGET_CEILING_MAX } from '../contract/run-limits';
import { parseWholeNumber } from './ceiling-input';

const max = BUDGET_CEILING_MAX.maxPromptBytes;

describe('parseWholeNumber', () => {
  it('reads whole numbers, with or without thousands separators; empty is unset', () => {
    expect(parseWholeNumber(' 100 ', { max })).toEqual({ kind: 'value', value: 100 });
    expect(parseWholeNumber('100,000', { max })).toEqual({ kind: 'value', value: 100_000 });
    expect(parseWholeNumber('1_000_000', { max })).toEqual({ kind: 'value', value: 1_000_000 });
    expect(parseWholeNumber('', { max })).toEqual({ kind: 'empty' });
  });

  it('refuses zero, negatives, fractions, exponents, words and too large, saying why', () => {
    expect(parseWholeNumber('0', { max })).toMatchObject({ kind: 'error', message: expect.stringMatching(/positive/) });
    expect(parseWholeNumber('-5', { max })).toMatchObject({ kind: 'error', message: expect.stringMatching(/positive/) });
    expect(parseWholeNumber('1.5', { max })).toMatchObject({ kind: 'error', message: 'must be a whole number' });
    expect(parseWholeNumber('1e3', { max })).toMatchObject({ kind: 'error' });
    expect(parseWholeNumber('NaN', { max })).toMatchObject({ kind: 'error' });
    expect(parseWholeNumber('10,00', { max })).toMatchObject({ kind: 'error' });
    expect(parseWholeNumber(String(max + 1), { max })).toMatchObject({ kind: 'error', message: `must be at most ${max.toLocaleString('en-US')}` });
    expect(parseWholeNumber('4', { min: 5, max: 10 })).toMatchObject({ kind: 'error', message: 'must be at least 5' });
  });

  it('accepts exactly what the contract accepts', () => {
    for (const text of ['1', '100', '0', '-1', '2.5', String(max), String(max + 1), '12,345', 'abc', '']) {
      const parsed = parseWholeNumber(text, { max });
      const value = parsed.kind === 'value' ? parsed.value : Number(text.replaceAll(',', '') || Number.NaN);
      const contract = contextBudgetSchema().safeParse({ maxPromptBytes: value, policy: 'block' }).success;
      expect(parsed.kind === 'value', text).toBe(contract);
    }
  });
});
