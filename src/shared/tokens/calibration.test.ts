import { describe, expect, it } from 'vitest';
import { DEFAULT_FAMILY_FACTORS, MIN_CALIBRATION_RUNS, calibrate, foldFactorFor, modelFamily } from './calibration';
import { EVIDENCE } from './calibration.fixture';
import { ESTIMATE_ERROR } from './estimate-error';

describe('calibrate', () => {
  const byModel = Object.fromEntries(calibrate(EVIDENCE).map((c) => [c.model, c]));

  it('gives each model its ratio reported / estimate: median, p10-p90, min-max, and the runs behind it', () => {
    // Claude ratios, sorted: 1.35 1.35 1.4 1.4 1.45 1.45 1.47 1.5 1.75 1.8
    expect(byModel['anthropic/claude-sonnet-4']).toMatchObject({
      model: 'anthropic/claude-sonnet-4',
      runs: 10,
      median: 1.45,
      p10: 1.35,
      p90: 1.755,
      min: 1.35,
      max: 1.8,
    });
    // GPT ratios, sorted: 0.98 1.02 1.04 1.045 1.05 1.06
    expect(byModel['openai/gpt-4o']).toMatchObject({ runs: 6, median: 1.043, min: 0.98, max: 1.06, p10: 1, p90: 1.055 });
    expect(byModel['google/gemini-2.5-pro']).toMatchObject({ runs: 2, median: 1.08, min: 1.06, max: 1.1 });
    expect(Object.keys(byModel)).toEqual(['anthropic/claude-sonnet-4', 'google/gemini-2.5-pro', 'openai/gpt-4o']);
  });

  it('fits reported = factor × estimate + overhead that covers every run, and needs three runs to fit', () => {
    for (const model of ['anthropic/claude-sonnet-4', 'openai/gpt-4o']) {
      const { fit } = byModel[model]!;
      expect(fit, model).not.toBeNull();
      for (const r of EVIDENCE.filter((e) => e.model === model && e.loupeEstimateTokens > 0 && e.providerReportedInputTokens > 0)) {
        expect(fit!.factor * r.loupeEstimateTokens + fit!.overheadTokens, model).toBeGreaterThanOrEqual(r.providerReportedInputTokens - 0.5);
      }
    }
    expect(byModel['anthropic/claude-sonnet-4']!.fit!.factor).toBeGreaterThan(1.3);
    expect(byModel['google/gemini-2.5-pro']!.fit).toBeNull();
    // A fixed overhead (an agent's own system prompt) shows up as overhead, not as a bigger factor.
    const withOverhead = [2_000, 10_000, 40_000, 90_000].map((e) => ({ model: 'm', loupeEstimateTokens: e, providerReportedInputTokens: Math.round(1.2 * e) + 20_000 }));
    const [m] = calibrate(withOverhead);
    expect(m!.max).toBeGreaterThan(10); // the ratio of the smallest run is dominated by the overhead
    expect(m!.fit).toEqual({ factor: 1.2, overheadTokens: 20_000 });
    // Runs whose estimates are all alike give no slope.
    expect(calibrate([1, 2, 3].map(() => ({ model: 'x', loupeEstimateTokens: 1000, providerReportedInputTokens: 1300 })))[0]!.fit).toBeNull();
  });

  it('leaves out runs without a positive estimate and report', () => {
    expect(calibrate([{ model: 'm', loupeEstimateTokens: Number.NaN, providerReportedInputTokens: 5 }])).toEqual([]);
    expect(calibrate([])).toEqual([]);
  });
});

describe('foldFactorFor', () => {
  const cal = Object.fromEntries(calibrate(EVIDENCE).map((c) => [c.model, c]));

  it('uses a model own fit once it has enough runs, saying how many', () => {
    const c = cal['anthropic/claude-sonnet-4']!;
    const f = foldFactorFor('anthropic/claude-sonnet-4', c);
    expect(f).toMatchObject({ factor: c.fit!.factor, overheadTokens: c.fit!.overheadTokens, source: 'calibrated', family: 'claude', runs: 10 });
    expect(f.basis).toMatch(/10 runs/);
    // A model whose reports run below the estimate never folds looser than bytes / 4.
    expect(foldFactorFor('openai/gpt-4o', { ...cal['openai/gpt-4o']!, fit: { factor: 0.9, overheadTokens: 0 } }).factor).toBe(1);
  });

  it('falls back to the family default below the run threshold, and says where it comes from', () => {
    expect(cal['google/gemini-2.5-pro']!.runs).toBeLessThan(MIN_CALIBRATION_RUNS);
    const g = foldFactorFor('google/gemini-2.5-pro', cal['google/gemini-2.5-pro']);
    expect(g).toMatchObject({ source: 'family-default', family: 'gemini', runs: 0, factor: DEFAULT_FAMILY_FACTORS.gemini.factor, overheadTokens: 0 });
    const c = foldFactorFor('anthropic/claude-opus-4');
    expect(c).toMatchObject({ factor: 1.5, source: 'family-default', runs: 0, overheadTokens: 0 });
    expect(c.basis).toMatch(/32% less/);
    expect(foldFactorFor('mistral/mistral-large').family).toBe('other');
  });

  it('derives the GPT default from the measured table: the worst kind, rounded up', () => {
    const worst = Math.min(...Object.values(ESTIMATE_ERROR.kinds).map((k) => k.whole));
    expect(DEFAULT_FAMILY_FACTORS.gpt.factor).toBe(Math.ceil((1 / (1 + worst)) * 100) / 100);
    expect(DEFAULT_FAMILY_FACTORS.gpt.factor).toBeGreaterThan(1);
  });

  it('sorts model ids into families', () => {
    expect(modelFamily('openai/gpt-5')).toBe('gpt');
    expect(modelFamily('gpt-3.5-turbo')).toBe('gpt');
    expect(modelFamily('anthropic/claude-3-5-haiku')).toBe('claude');
    expect(modelFamily('google/gemini-2.0-flash')).toBe('gemini');
    expect(modelFamily('deepseek/deepseek-r1')).toBe('other');
  });
});
