/**
 * The provider's reported count against Loupe's estimate of the same point,
 * in one wording with one difference, for the split meter's label and the
 * facts beside it (issue 34: they once gave two figures, 15,609 and 15,619,
 * for one comparison, the meter's against its own "used" total). Pure.
 */
import { formatInt } from '../format';

export interface ReportedPoint {
  contextTokens: number;
  estimateAtSamePoint: number;
}

/** "the estimate is 15,619 lower", "… higher", "the same". */
export function reportedDiffText(r: ReportedPoint): string {
  const diff = r.contextTokens - r.estimateAtSamePoint;
  return diff === 0 ? 'the same' : `the estimate is ${formatInt(Math.abs(diff))} ${diff > 0 ? 'lower' : 'higher'}`;
}

/** "16,090 reported at the last reply; Loupe’s estimate of the same point ≈ 471: the estimate is 15,619 lower". */
export function reportedText(r: ReportedPoint): string {
  return `${formatInt(r.contextTokens)} reported at the last reply; Loupe’s estimate of the same point ≈ ${formatInt(r.estimateAtSamePoint)}: ${reportedDiffText(r)}`;
}
