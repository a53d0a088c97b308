import { describe, expect, it } from 'vitest';
import { foldCountText, foldUseText } from './count-labels';
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
