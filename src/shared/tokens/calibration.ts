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

/**
 * How one model's reports compared with Loupe's estimates. The ratios
 * (reported / estimate, > 1 when the estimate ran low) are what a person
 * reads. The fit is what a fold uses: reported ≈ factor × estimate + overhead,
 * because an agent CLI adds its own system prompt and tool definitions (tens
 * of thousands of tokens for Claude Code) that Loupe never sends nor counts,
 * which makes the ratio of a small prompt huge and of a large one modest.
 */
export interface ModelCalibration {
  model: string;
  /** How many runs the figures stand on. */
  runs: number;
  median: number;
  p10: number;
  p90: number;
  min: number;
  max: number;
  /**
   * factor: the median slope between pairs of runs (Theil-Sen, robust to odd
   * runs); overheadTokens: the largest report left over once factor × estimate
   * is taken away, so factor × estimate + overheadTokens covers every run;
   * null when fewer than 3 runs, or their estimates are too alike to fit.
   */
  fit: { factor: number; overheadTokens: number } | null;
}

/** Fewer runs than this and a model's own ratios are shown but not used to fold. */
export const MIN_CALIBRATION_RUNS = 5;

/** Calibration reads at most this many of a model's most recent fresh steps: the user's recent runs, not all time. */
export const CALIBRATION_RECENT_RUNS = 200;

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
  const byModel = new Map<string, CalibrationRow[]>();
  for (const row of rows) {
    if (!usable(row)) continue;
    const list = byModel.get(row.model) ?? [];
    list.push(row);
    byModel.set(row.model, list);
  }
  return [...byModel]
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    .map(([model, list]) => {
      const s = list.map((r) => r.providerReportedInputTokens / r.loupeEstimateTokens).sort((a, b) => a - b);
      return {
        model,
        runs: s.length,
        median: round3(quantile(s, 0.5)),
        p10: round3(quantile(s, 0.1)),
        p90: round3(quantile(s, 0.9)),
        min: round3(s[0]!),
        max: round3(s.at(-1)!),
        fit: fitLine(list),
      };
    });
}

/** Pairs of runs whose estimates differ by less than this share of the larger are too alike to give a slope. */
const MIN_SPREAD = 0.05;
/** Runs fitted at most (the most recent are last): the pairwise slopes are quadratic in it. */
const MAX_FIT_RUNS = 400;

/** Theil-Sen: reported ≈ factor × estimate + overhead (see ModelCalibration.fit). */
function fitLine(all: readonly CalibrationRow[]): ModelCalibration['fit'] {
  const rows = all.slice(-MAX_FIT_RUNS);
  if (rows.length < 3) return null;
  const slopes: number[] = [];
  for (let i = 0; i < rows.length; i++) {
    for (let j = i + 1; j < rows.length; j++) {
      const a = rows[i]!;
      const b = rows[j]!;
      const dx = b.loupeEstimateTokens - a.loupeEstimateTokens;
      if (Math.abs(dx) < MIN_SPREAD * Math.max(a.loupeEstimateTokens, b.loupeEstimateTokens)) continue;
      slopes.push((b.providerReportedInputTokens - a.providerReportedInputTokens) / dx);
    }
  }
  if (slopes.length === 0) return null;
  // Rounded first, so the overhead covers every run with the factor as shown.
  const factor = round3(Math.max(0, quantile(slopes.sort((x, y) => x - y), 0.5)));
  const overhead = Math.max(...rows.map((r) => r.providerReportedInputTokens - factor * r.loupeEstimateTokens));
  return { factor, overheadTokens: Math.max(0, Math.ceil(overhead)) };
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
      'small turns run higher. Checked on the real session in fixtures/sessions/claude/spotter (fold-count.spec.ts): its growth ' +
      'is ×1.26 of bytes/4, and fitted per request it is ×1.18 plus ~40k tokens Claude Code adds itself (system prompt, tools), ' +
      'which only calibration from runs can take off the budget. Published comparisons put Claude 3.5 Sonnet at roughly 16-30% ' +
      'more tokens than GPT-4o for the same text.',
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

/** What a fold checks its budget with: estimate × factor must fit in the budget less the overhead. */
export interface FoldFactor {
  factor: number;
  /** Tokens the agent adds that Loupe does not send (its own system prompt, tools): take them off the budget. */
  overheadTokens: number;
  source: 'calibrated' | 'family-default';
  family: ModelFamily;
  /** Runs behind a calibrated factor (0 for a default). */
  runs: number;
  /** Where the number came from, in words, to show beside it. */
  basis: string;
}

/**
 * The factor for `model`: from its own runs once it has MIN_CALIBRATION_RUNS
 * with a fit (factor never below 1, and the overhead that makes factor ×
 * estimate + overhead cover every one of them: a fold that overfeeds the
 * window fails the run, one that underfeeds only drops an old row); else its
 * family's default, with no overhead known.
 */
export function foldFactorFor(model: string, calibration?: ModelCalibration | null): FoldFactor {
  const family = modelFamily(model);
  if (calibration && calibration.runs >= MIN_CALIBRATION_RUNS && calibration.fit) {
    const factor = Math.max(1, calibration.fit.factor);
    return {
      factor,
      overheadTokens: calibration.fit.overheadTokens,
      source: 'calibrated',
      family,
      runs: calibration.runs,
      basis:
        `fitted to ${calibration.runs} runs of ${calibration.model}: reported ≈ ×${calibration.fit.factor} the estimate ` +
        `+ ${calibration.fit.overheadTokens} tokens the agent adds (reported/estimate median ×${calibration.median}, p10-p90 ×${calibration.p10}-×${calibration.p90}).`,
    };
  }
  const fallback = DEFAULT_FAMILY_FACTORS[family];
  return { factor: fallback.factor, overheadTokens: 0, source: 'family-default', family, runs: 0, basis: fallback.basis };
}
