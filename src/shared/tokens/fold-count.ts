/**
 * What a fold checks its budget with, as evidence and X-Ray record and show
 * it: the model's exact tokenizer where it is public (and runs here), else the
 * estimate scaled by the model's calibration from the user's runs or by its
 * family's default factor; plain bytes / 4 only where that is the consumer's
 * own count (the demo agent). Pure: main decides which applies, the renderer
 * words it.
 */
import { foldFactorFor, type FoldFactor, type ModelCalibration } from './calibration';
import type { TokenEncoding } from './encodings';
import { tokenizerForModel } from './model-tokenizer';

export type FoldCountInfo =
  /** Checked in ceil(bytes / 4), because the consumer counts exactly that (the demo agent). */
  | { kind: 'estimate'; basis: string }
  /** Checked in the model's own tokenizer. */
  | { kind: 'exact'; encoding: TokenEncoding }
  /**
   * Checked in ceil(bytes × factor / 4) against the budget less the overhead the
   * agent adds. `exactUnavailable` says why a model with a public tokenizer was
   * not counted exactly (no token workers in this build).
   */
  | ({ kind: 'scaled'; exactUnavailable?: string } & FoldFactor);

/** Why the demo agent's folds use the plain estimate. */
export const DEMO_FOLD_BASIS = 'The demo agent counts its input as bytes ÷ 4 itself, so the estimate is its own count.';

/**
 * The count a fold for `model` (run by `agent`) checks its budget in, given
 * the model's calibration from the user's runs (or null), before any attempt
 * at an exact count: exact for a model with a public tokenizer, the scaled
 * estimate otherwise (no model at all is the most conservative family).
 */
export function foldCountFor(model: string | null, agent: string, calibration: ModelCalibration | null): FoldCountInfo {
  if (agent === 'demo') return { kind: 'estimate', basis: DEMO_FOLD_BASIS };
  const id = model?.trim() ?? '';
  const tokenizer = id ? tokenizerForModel(id) : null;
  if (tokenizer?.kind === 'exact') return { kind: 'exact', encoding: tokenizer.encoding };
  return { kind: 'scaled', ...foldFactorFor(id, calibration) };
}

/** The scaled count to use instead of an exact one that could not run here, saying why. */
export function withoutExact(model: string, calibration: ModelCalibration | null, reason: string): FoldCountInfo {
  return { kind: 'scaled', ...foldFactorFor(model, calibration), exactUnavailable: reason };
}

/** The budget a fold in `count` checks against: the scaled count leaves room for the overhead the agent adds. */
export function checkedBudget(foldBudget: number, count: FoldCountInfo): number {
  return count.kind === 'scaled' ? Math.max(1, foldBudget - count.overheadTokens) : foldBudget;
}
