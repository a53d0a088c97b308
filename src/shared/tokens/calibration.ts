/**
 * Calibration: how Loupe's estimate compared with what providers reported, per
 * model, from evidence rows; and the factor a fold uses to check its budget in
 * a model's best available count until there are enough runs to calibrate
 * from. Calibration informs; it never changes a recorded number (budgets and
 * evidence keep ceil(bytes / 4)).
 */
import { ESTIMATE_ERROR } from './estimate-error';
import { tokenizerForModel } from './model-tokenizer';

/** One run's evidence, as far as calibration needs it. */
export interface CalibrationRow {
  model: string;
  /** Loupe's estimate of the prompt it sent: ceil(bytes / 4). */
  loupeEstimateTokens: number;
  /** Input tokens the provider reported for that prompt (cache reads and writes included). */
  providerReportedInputTokens: number;
}

/** Ratios reported / estimate for one model: > 1 means the estimate ran low. */
export interface ModelCalibration {
  model: string;
  /** How many runs the figures stand on. */
  runs: number;
  median: number;
  p10: number;
  p90: number;
  min: number;
  max: number;
}

/** Fewer runs than this and a model's own ratios are shown but not used to fold. */
export const MIN_CALIBRATION_RUNS = 5;

/** Linear-interpolated quantile (q in 0..1) of an ascending list. */
function quantile(sorted: readonly number[], q: number): number {
  const at = (sorted.length - 1) * q;
  const lo = Math.floor(at);
  const hi = Math.min(lo + 1, sorted.length - 1);
  return sorted[lo]! + (sorted[hi]! - sorted[lo]!) * (at - lo);
}

const round3 = (x: number) => Math.round(x * 1000) / 1000;
const usable = (r: CalibrationRow) =>
  typeof r.model === 'string' &&
  r.model.trim() !== '' &&
  Number.isFinite(r.loupeEstimateTokens) &&
  r.loupeEstimateTokens > 0 &&
  Number.isFinite(r.providerReportedInputTokens) &&
  r.providerReportedInputTokens > 0;

/**
 * Per model, the ratio reported / estimate over its runs: median, p10-p90,
 * min-max and the number of runs, models in name order. Rows without a
 * positive estimate and report (a run that never reached the provider, a
 * provider that reported nothing) are left out, not counted as zero.
 */
export function calibrate(rows: readonly CalibrationRow[]): ModelCalibration[] {
  const byModel = new Map<string, number[]>();
  for (const row of rows) {
    if (!usable(row)) continue;
    const ratios = byModel.get(row.model) ?? [];
    ratios.push(row.providerReportedInputTokens / row.loupeEstimateTokens);
    byModel.set(row.model, ratios);
  }
  return [...byModel]
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    .map(([model, ratios]) => {
      const s = ratios.sort((a, b) => a - b);
      return { model, runs: s.length, median: round3(quantile(s, 0.5)), p10: round3(quantile(s, 0.1)), p90: round3(quantile(s, 0.9)), min: round3(s[0]!), max: round3(s.at(-1)!) };
    });
}

export type ModelFamily = 'gpt' | 'claude' | 'gemini' | 'other';

/** The family a model id belongs to, for its default factor. */
export function modelFamily(id: string): ModelFamily {
  const m = id.toLowerCase();
  if (/claude|anthropic/.test(m)) return 'claude';
  if (/gemini|google\//.test(m)) return 'gemini';
  if (tokenizerForModel(id).kind === 'exact' || /(^|\/)(openai|azure)\//.test(m)) return 'gpt';
  return 'other';
}

/** The o200k corpus kind the estimate is furthest below: its whole-corpus exact/estimate ratio. */
const worstKind = Object.values(ESTIMATE_ERROR.kinds).reduce((a, b) => (a.whole < b.whole ? a : b));
const MEASURED_GPT = Math.ceil((1 / (1 + worstKind.whole)) * 100) / 100;

/**
 * Conservative factors (reported / estimate) per family until a model has
 * MIN_CALIBRATION_RUNS runs of its own, each with how it was found.
 */
export const DEFAULT_FAMILY_FACTORS: Record<ModelFamily, { factor: number; basis: string }> = {
  gpt: {
    factor: MEASURED_GPT,
    basis:
      `o200k exact vs bytes/4 on Loupe's corpus (npm run bench -- tokens, ${ESTIMATE_ERROR.measuredOn}): the estimate is at worst ` +
      `${Math.round(-worstKind.whole * 100)}% low on a whole kind (JSON), so ×${MEASURED_GPT}. Used only where the exact count is not.`,
  },
  claude: {
    factor: 1.5,
    basis:
      'A real 3 MB Claude Code session: bytes/4 of the transcript came to 32% less than the context growth Claude reported ' +
      '(137 intervals), so reported/estimate = 1/0.68 = 1.47, rounded up to ×1.5. Per interval the median was 42% less (×1.72): ' +
      'small turns run higher. Published comparisons put Claude 3.5 Sonnet at roughly 16-30% more tokens than GPT-4o for the same text.',
  },
  gemini: {
    factor: MEASURED_GPT,
    basis:
      "Not measured: Gemini's tokenizer is not public. Google documents about 4 characters per token, close to bytes/4 for " +
      `English; Loupe assumes the same margin it measured for o200k (×${MEASURED_GPT}) until runs calibrate it.`,
  },
  other: {
    factor: 1.5,
    basis: 'No public tokenizer and no measurement: the most conservative of the measured factors (Claude, ×1.5) until runs calibrate it.',
  },
};

/** The factor a fold checks its budget with: estimate × factor must fit. */
export interface FoldFactor {
  factor: number;
  source: 'calibrated' | 'family-default';
  family: ModelFamily;
  /** Runs behind a calibrated factor (0 for a default). */
  runs: number;
  /** Where the number came from, in words, to show beside it. */
  basis: string;
}

/**
 * The factor for `model`: the highest ratio of its own runs (never below 1)
 * when it has at least MIN_CALIBRATION_RUNS of them, else its family's
 * default. The highest, not the median or p90: a fold that overfeeds the
 * window fails the run, one that underfeeds only drops an old row.
 */
export function foldFactorFor(model: string, calibration?: ModelCalibration | null): FoldFactor {
  const family = modelFamily(model);
  if (calibration && calibration.runs >= MIN_CALIBRATION_RUNS) {
    return {
      factor: Math.max(1, calibration.max),
      source: 'calibrated',
      family,
      runs: calibration.runs,
      basis: `the highest reported/estimate ratio over ${calibration.runs} runs of ${calibration.model} (median ×${calibration.median}, p10-p90 ×${calibration.p10}-×${calibration.p90}).`,
    };
  }
  const fallback = DEFAULT_FAMILY_FACTORS[family];
  return { factor: fallback.factor, source: 'family-default', family, runs: 0, basis: fallback.basis };
}
