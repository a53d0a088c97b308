/**
 * How far Loupe's estimate, ceil(utf8 bytes / 4), is from the exact o200k_base
 * count, by kind of text: measured, not assumed. The table is data written by
 * hand from the output of `npm run bench -- tokens` (bench/tokens.bench.ts) on
 * the token corpus (built from installed text by src/main/core/testing/token-corpus.ts);
 * rerun it and update both together.
 *
 * An error here is signed and relative to the exact count:
 * (estimate - exact) / exact. +0.05 means the estimate says 5% more tokens than
 * there are; -0.12 means 12% fewer.
 */

export type TextKind = 'prose' | 'code' | 'cjk' | 'json';
export const TEXT_KINDS: readonly TextKind[] = ['prose', 'code', 'cjk', 'json'];

export interface KindError {
  /** What the corpus of this kind is. */
  corpus: string;
  /** UTF-8 bytes and exact o200k_base tokens of the whole corpus of this kind. */
  bytes: number;
  exactTokens: number;
  /** Signed error of ceil(bytes / 4) over the whole corpus. */
  whole: number;
  /** Signed error of ceil(bytes / 4) over its 4 KiB pieces: extremes, deciles and median. */
  pieces: { count: number; min: number; p10: number; median: number; p90: number; max: number };
  /** Signed error of the chars / 4 rule (code points), for comparison: not Loupe's rule. */
  chars4Whole: number;
}

/** The measured table (o200k_base), from `npm run bench -- tokens` on 2026-11-30 (this machine, Node 20). */
export const ESTIMATE_ERROR = {
  measuredBy: 'npm run bench -- tokens',
  measuredOn: '2026-11-30',
  encoding: 'o200k_base',
  pieceBytes: 4096,
  kinds: {
    prose: {
      corpus: "npm's documentation (code blocks removed) and six license texts",
      bytes: 678_533,
      exactTokens: 154_273,
      whole: 0.1,
      pieces: { count: 167, min: -0.062, p10: 0.032, median: 0.095, p90: 0.181, max: 0.393 },
      chars4Whole: 0.1,
    },
    code: {
      corpus: "zod's TypeScript source",
      bytes: 963_951,
      exactTokens: 252_057,
      whole: -0.044,
      pieces: { count: 236, min: -0.61, p10: -0.127, median: -0.016, p90: 0.061, max: 0.229 },
      chars4Whole: -0.044,
    },
    cjk: {
      corpus: "TypeScript's diagnostic messages in Chinese (simplified, traditional), Japanese and Korean",
      bytes: 688_662,
      exactTokens: 185_545,
      whole: -0.072,
      pieces: { count: 169, min: -0.309, p10: -0.249, median: -0.015, p90: 0.047, max: 0.15 },
      chars4Whole: -0.577,
    },
    json: {
      corpus: 'the models.dev catalog, compact and indented',
      bytes: 1_332_658,
      exactTokens: 398_883,
      whole: -0.165,
      pieces: { count: 327, min: -0.279, p10: -0.239, median: -0.144, p90: -0.093, max: -0.056 },
      chars4Whole: -0.165,
    },
  } satisfies Record<TextKind, KindError>,
} as const;

/** UTF-8 bytes per kind of text, e.g. the files an inspection holds. */
export type TextMix = Partial<Record<TextKind, number>>;

/**
 * The expected signed error of ceil(bytes / 4) against the exact o200k_base
 * count for a mix of text. `central` is from the whole-corpus errors;
 * `typicalLow`..`typicalHigh` from the 4 KiB pieces' 10th..90th percentiles;
 * `low`..`high` from their extremes (what a small text can be off by; large
 * totals average toward `central`). Null for an empty mix.
 */
export interface ErrorRange {
  low: number;
  typicalLow: number;
  central: number;
  typicalHigh: number;
  high: number;
  /** The kinds the mix holds, most bytes first. */
  kinds: TextKind[];
}

/** The mix's error when each kind is off by `errorOf(kind)`: sum(bytes) / sum(bytes / (1 + e)) - 1. */
function mixError(mix: [TextKind, number][], errorOf: (k: KindError) => number): number {
  let bytes = 0;
  let exactScaled = 0;
  for (const [kind, b] of mix) {
    bytes += b;
    exactScaled += b / (1 + errorOf(ESTIMATE_ERROR.kinds[kind]));
  }
  return Math.round((bytes / exactScaled - 1) * 1000) / 1000;
}

/** The estimator's expected error range for `mix`, derived from the measured table (see ErrorRange). */
export function expectedErrorRange(mix: TextMix): ErrorRange | null {
  const parts = (Object.entries(mix) as [TextKind, number][])
    .filter(([kind, b]) => kind in ESTIMATE_ERROR.kinds && Number.isFinite(b) && b > 0)
    .sort((a, b) => b[1] - a[1]);
  if (parts.length === 0) return null;
  return {
    low: mixError(parts, (k) => k.pieces.min),
    typicalLow: mixError(parts, (k) => k.pieces.p10),
    central: mixError(parts, (k) => k.whole),
    typicalHigh: mixError(parts, (k) => k.pieces.p90),
    high: mixError(parts, (k) => k.pieces.max),
    kinds: parts.map(([kind]) => kind),
  };
}

/**
 * The exact count an estimate of `estimateTokens` stands for, given the mix it
 * was made of: exact = estimate / (1 + error), so a low error means more
 * tokens. Rounded outward; null for an empty mix.
 */
export function exactRangeForEstimate(estimateTokens: number, mix: TextMix): { low: number; central: number; high: number } | null {
  const range = expectedErrorRange(mix);
  if (!range) return null;
  return {
    low: Math.floor(estimateTokens / (1 + range.high)),
    central: Math.round(estimateTokens / (1 + range.central)),
    high: Math.ceil(estimateTokens / (1 + range.low)),
  };
}
