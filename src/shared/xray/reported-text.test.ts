import { describe, expect, it } from 'vitest';
import { reportedDiffText, reportedText } from './reported-text';

describe('the reported count against the estimate of the same point', () => {
  it('gives one difference, the one between the two figures it names', () => {
    const r = { contextTokens: 16_090, estimateAtSamePoint: 471 };
    expect(reportedText(r)).toBe('16,090 reported at the last reply; Loupe’s estimate of the same point ≈ 471: the estimate is 15,619 lower');
    expect(reportedDiffText({ contextTokens: 100, estimateAtSamePoint: 130 })).toBe('the estimate is 30 higher');
    expect(reportedDiffText({ contextTokens: 5, estimateAtSamePoint: 5 })).toBe('the same');
  });
});
