import { describe, expect, it } from 'vitest';
import { contextBudgetSchema } from '../contract/runs';
import { checkBudget, describeExceeded } from './budget';

describe('checkBudget', () => {
  it('is ok with no budget or within every ceiling', () => {
    expect(checkBudget({ promptBytes: 1000, schemaBytes: 0 }, null)).toEqual({ totalBytes: 1000, approxTokens: 250, exceeded: [], verdict: 'ok' });
    expect(checkBudget({ promptBytes: 100, schemaBytes: 0 }, { maxPromptBytes: 100, policy: 'block' }).verdict).toBe('ok');
  });

  it('counts the schema with the prompt and rounds tokens up', () => {
    const r = checkBudget({ promptBytes: 99, schemaBytes: 2 }, { maxPromptBytes: 100, maxApproximateTokens: 25, policy: 'block' });
    expect(r.totalBytes).toBe(101);
    expect(r.approxTokens).toBe(26);
    expect(r.exceeded).toEqual([
      { ceiling: 'maxPromptBytes', limit: 100, actual: 101, over: 1 },
      { ceiling: 'maxApproximateTokens', limit: 25, actual: 26, over: 1 },
    ]);
    expect(r.verdict).toBe('block');
    expect(describeExceeded(r.exceeded)).toBe(
      'the prompt is 101 bytes, 1 over the 100-byte ceiling; the prompt is about 26 tokens, 1 over the 25-token ceiling',
    );
  });

  it('warns instead of blocking under the warn policy', () => {
    expect(checkBudget({ promptBytes: 500, schemaBytes: 0 }, { maxApproximateTokens: 10, policy: 'warn' }).verdict).toBe('warn');
  });
});

describe('contextBudgetSchema', () => {
  it.each([
    [{ maxPromptBytes: 0, policy: 'block' }, /positive/],
    [{ maxPromptBytes: -5, policy: 'block' }, /positive/],
    [{ maxPromptBytes: 1.5, policy: 'block' }, /whole/],
    [{ maxPromptBytes: Number.NaN, policy: 'block' }, /number/],
    [{ maxPromptBytes: '100', policy: 'block' }, /number/],
    [{ maxPromptBytes: 268_435_457, policy: 'block' }, /at most/],
    [{ maxApproximateTokens: 67_108_865, policy: 'warn' }, /at most/],
    [{ maxPromptBytes: 100, policy: 'maybe' }, /warn.*block/],
    [{ maxPromptBytes: 100 }, /warn.*block/],
    [{ maxPromptBytes: 100, policy: 'block', extra: 1 }, /extra/],
  ])('refuses %j', (input, message) => {
    const r = contextBudgetSchema().safeParse(input);
    expect(r.success).toBe(false);
    expect(JSON.stringify(r.error?.issues)).toMatch(message);
  });

  it('accepts ceilings at the bound', () => {
    expect(contextBudgetSchema().safeParse({ maxPromptBytes: 268_435_456, maxApproximateTokens: 1, policy: 'warn' }).success).toBe(true);
  });
});
