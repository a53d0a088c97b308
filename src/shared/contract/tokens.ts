import { z } from 'zod';
import type { ModelCalibration, ModelFamily } from '../tokens/calibration';
import type { FoldCountInfo } from '../tokens/fold-count';
import { method } from './define';

/** One model's calibration from the user's recent runs, and what its next fold checks the budget in. */
export interface ModelCalibrationView {
  model: string;
  /** reported / estimate over its recent fresh runs: median, p10-p90, min-max, the runs behind them, and the fit folds use. */
  calibration: ModelCalibration;
  /** The count the next fold for this model uses (exact for a public tokenizer; otherwise this calibration once it has enough runs, or the family default). */
  fold: FoldCountInfo;
  /** When the newest of those runs started. */
  lastRunAt: string;
}

/** How Loupe's estimate compared with the providers' reports (tokens.calibration). Calibration informs: it never changes a recorded number. */
export interface CalibrationReport {
  models: ModelCalibrationView[];
  /** At most this many of each model's most recent fresh runs are read. */
  recentRuns: number;
  /** A model needs this many runs before its own fit is used to fold. */
  minRuns: number;
  /** Each family's conservative factor until its models have runs, and how it was found. */
  familyDefaults: { family: ModelFamily; factor: number; basis: string }[];
}

export const tokenMethods = {
  /** Per model, Loupe's estimate against the provider's reported prompt size over the user's recent fresh runs. */
  'tokens.calibration': method<CalibrationReport>()(() => z.object({ model: z.string().trim().min(1).max(200).optional() }).strict()),
};
