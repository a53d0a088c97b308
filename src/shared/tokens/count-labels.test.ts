import { describe, expect, it } from 'vitest';
import { estimateNote, foldCountText, foldUseText, likelyExactRange } from './count-labels';
import { foldCountFor } from './fold-count';

describe('fold count labels', () => {
  it('names the count a fold is checked in, and why the demo agent uses the estimate', () => {
    expect(foldCountText(foldCountFor('openai/gpt-4o', 'codex', null))).toBe('exact o200k_base tokens');
    expect(foldCountText(foldCountFor('openai/gpt-4o', 'demo', null))).toBe('estimate (bytes ÷ 4, the demo agent’s own count)');
    expect(foldCountText(foldCountFor('anthropic/claude-sonnet-4', 'claude', null))).toMatch(/^estimate × [\d.]+ \(Claude default, no runs calibrated yet/);
  });

  it('says how much of the budget the kept history uses', () => {
    const exact = foldCountFor('openai/gpt-4o', 'codex', null);
    expect(foldUseText(1234, 170_000, exact)).toBe('1,234 of the 170,000-token budget');
  });
});

describe('an estimate beside the exact count it likely stands for (issue 22, friction)', () => {
  /** The figures a note names, in order. */
  const figures = (note: string) => [...note.matchAll(/\d[\d,]*/g)].map((m) => Number(m[0].replaceAll(',', '')));

  it('never puts the estimate beside a range that does not hold it without saying which way it is off', () => {
    // Prose: bytes ÷ 4 runs high (its 10th percentile error is +3%): 13,716 is above the likely exact count.
    const prose = estimateNote(13_716, { prose: 54_864 });
    const [low, high] = figures(prose);
    expect(13_716).toBeGreaterThan(high!);
    expect(prose).toBe(`estimate, high for prose: the exact count is likely ${low!.toLocaleString('en-US')}–${high!.toLocaleString('en-US')}`);
    // JSON: it runs low.
    const json = estimateNote(10_000, { json: 40_000 });
    expect(json).toMatch(/^estimate, low for JSON: the exact count is likely [\d,]+–[\d,]+$/);
    expect(figures(json)[0]).toBeGreaterThan(10_000);
    // Code: the range holds the estimate, and says it is the exact count's.
    const code = estimateNote(12_000, { code: 48_000 });
    const r = likelyExactRange(12_000, { code: 48_000 })!;
    expect(r.low).toBeLessThanOrEqual(12_000);
    expect(r.high).toBeGreaterThanOrEqual(12_000);
    expect(code).toBe(`estimate; exact likely ${r.low.toLocaleString('en-US')}–${r.high.toLocaleString('en-US')} for this mix of code`);
    expect(estimateNote(100, undefined)).toBe('estimate');
    // Beside an exact count, no range (issue 34: "likely 28,000–32,400" above "36,261 tokens exact (cl100k_base)").
    expect(estimateNote(13_716, { prose: 54_864 }, true)).toBe('estimate');
  });
});
