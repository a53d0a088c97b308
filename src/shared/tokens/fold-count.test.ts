import { describe, expect, it } from 'vitest';
import { DEFAULT_FAMILY_FACTORS, calibrate } from './calibration';
import { EVIDENCE } from './calibration.fixture';
import { DEFAULT_AGENT_OVERHEAD, checkedBudget, foldCountFor, withoutExact } from './fold-count';
import { addMixes, textMixOf } from './text-kind';

const cal = Object.fromEntries(calibrate(EVIDENCE).map((c) => [c.model, c]));

describe('foldCountFor', () => {
  it('is exact, with the encoding, for a model whose tokenizer is public, whatever its calibration', () => {
    expect(foldCountFor('openai/gpt-4o', 'codex', cal['openai/gpt-4o']!)).toEqual({ kind: 'exact', encoding: 'o200k_base' });
    expect(foldCountFor('gpt-4-32k', 'custom', null)).toEqual({ kind: 'exact', encoding: 'cl100k_base' });
  });

  it('scales the estimate by the model calibration once it has enough runs, with its fitted overhead', () => {
    const c = foldCountFor('anthropic/claude-sonnet-4', 'claude', cal['anthropic/claude-sonnet-4']!);
    expect(c).toMatchObject({ kind: 'scaled', source: 'calibrated', runs: 10, overheadTokens: cal['anthropic/claude-sonnet-4']!.fit!.overheadTokens });
  });

  it('uses the family default until then, with the room Claude Code is measured to take, and says so', () => {
    const c = foldCountFor('anthropic/claude-opus-4', 'claude', null);
    expect(c).toMatchObject({ kind: 'scaled', source: 'family-default', factor: DEFAULT_FAMILY_FACTORS.claude.factor, overheadTokens: DEFAULT_AGENT_OVERHEAD.claude!.tokens });
    expect(c.kind === 'scaled' && c.basis).toMatch(/26,450/);
    // Another agent on the same model: no overhead measured for it.
    expect(foldCountFor('anthropic/claude-opus-4', 'custom', null)).toMatchObject({ overheadTokens: 0 });
    // Gemini has too few runs in the fixture: its family default.
    expect(foldCountFor('google/gemini-2.5-pro', 'gemini', cal['google/gemini-2.5-pro']!)).toMatchObject({ source: 'family-default', family: 'gemini' });
    // No model at all: the most conservative family.
    expect(foldCountFor(null, 'custom', null)).toMatchObject({ kind: 'scaled', family: 'other', factor: DEFAULT_FAMILY_FACTORS.other.factor });
  });

  it('folds the demo agent by the plain estimate, which is its own count', () => {
    expect(foldCountFor('openai/gpt-4o', 'demo', null)).toMatchObject({ kind: 'estimate' });
  });

  it('says why an exact count was not used, and leaves room for the overhead in the budget it checks', () => {
    const f = withoutExact('openai/gpt-4o', 'codex', null, 'no workers');
    expect(f).toMatchObject({ kind: 'scaled', family: 'gpt', exactUnavailable: 'no workers', overheadTokens: 0 });
    expect(checkedBudget(100_000, { kind: 'exact', encoding: 'o200k_base' })).toBe(100_000);
    expect(checkedBudget(100_000, foldCountFor('anthropic/claude-opus-4', 'claude', null))).toBe(74_000);
    expect(checkedBudget(20_000, foldCountFor('anthropic/claude-opus-4', 'claude', null))).toBe(1);
  });
});

describe('textMixOf', () => {
  it('weighs each kind by its UTF-8 bytes, piece by piece', () => {
    const prose = 'This is a plain paragraph about the release. '.repeat(500);
    const cjk = '这是一个用于检查上下文的工具。'.repeat(600);
    const mix = textMixOf('', prose + cjk);
    expect(mix.prose! + mix.cjk!).toBe(new TextEncoder().encode(prose + cjk).length);
    expect(mix.cjk!).toBeGreaterThan(mix.prose!);
    expect(textMixOf('src/a.ts', 'const a = 1;\n'.repeat(10))).toEqual({ code: 130 });
    expect(textMixOf('', '')).toEqual({});
    // A surrogate pair on a piece boundary still counts 4 bytes.
    expect(textMixOf('x.md', `${'a'.repeat(4095)}😀`)).toEqual({ prose: 4095 + 4 });
    expect(addMixes({ code: 1 }, { code: 2, json: 3 })).toEqual({ code: 3, json: 3 });
  });
});
