/**
 * Folding in the model's best available count (issue 14): a history folded to
 * window − reserve by bytes / 4 can exceed the window by the provider's own
 * count, so the runner and X-Ray check the fold budget in the model's exact
 * tokenizer where it is public (counted in the runtime's token workers, never
 * on this thread), else in the estimate scaled by the model's calibration from
 * the user's runs, or its family's conservative default until there are runs.
 */
import { estimateTokens, trimToBudget, type FoldRow, type TrimOptions, type TrimResult } from '../../../shared/fold';
import { LoupeError } from '../../../shared/errors';
import { calibrate } from '../../../shared/tokens/calibration';
import type { TokenEncoding } from '../../../shared/tokens/encodings';
import { checkedBudget, foldCountFor, withoutExact, type FoldCountInfo } from '../../../shared/tokens/fold-count';
import type { Db } from '../store/store';
import type { TokenCounter } from '../tokens/token-counter';
import { calibrationRows } from '../tokens/calibration-store';

export interface FoldMeasureDeps {
  readonly db: Db;
  tokens: TokenCounter;
}

export interface FoldRequest {
  model: string | null;
  agent: string;
  rows: readonly FoldRow[];
  /** window − reserve: the published fold budget. */
  budget: number;
  options?: Omit<TrimOptions, 'count'>;
  signal?: AbortSignal;
}

export interface FoldOutcome {
  result: TrimResult;
  /** The count the budget was checked in, with where a factor came from. */
  count: FoldCountInfo;
}

/** The count a fold for this model uses now: its calibration is read from the user's recent runs. */
export function foldCountNow(db: Db, model: string | null, agent: string): FoldCountInfo {
  const id = model?.trim() || null;
  const calibration = id ? (calibrate(calibrationRows(db, id))[0] ?? null) : null;
  return foldCountFor(id, agent, calibration);
}

/**
 * trimToBudget in the model's best available count. An exact count that
 * cannot run here (no token workers in this build) falls back to the scaled
 * estimate and says why; cancelling rejects with `cancelled`.
 */
export async function foldInBestCount(deps: FoldMeasureDeps, req: FoldRequest): Promise<FoldOutcome> {
  const count = foldCountNow(deps.db, req.model, req.agent);
  const options = req.options ?? {};
  if (count.kind === 'exact') {
    try {
      return { result: await exactTrim(deps.tokens, req.rows, req.budget, options, count.encoding, req.signal), count };
    } catch (err) {
      if (req.signal?.aborted || (err instanceof LoupeError && err.code === 'cancelled')) throw err;
      const reason = err instanceof Error ? err.message : String(err);
      const fallback = withoutExact(req.model ?? '', req.agent, calibrate(calibrationRows(deps.db, req.model ?? ''))[0] ?? null, reason);
      return { result: scaledTrim(req.rows, req.budget, options, fallback), count: fallback };
    }
  }
  return { result: scaledTrim(req.rows, req.budget, options, count), count };
}

function scaledTrim(rows: readonly FoldRow[], budget: number, options: Omit<TrimOptions, 'count'>, count: FoldCountInfo): TrimResult {
  if (count.kind !== 'scaled') return trimToBudget(rows, budget, options);
  return trimToBudget(rows, checkedBudget(budget, count), { ...options, count: { kind: 'scaled', factor: count.factor } });
}

/** Where a text is not counted yet: over any budget, so the walk stops there and the next round counts it. */
const UNCOUNTED = 1e12;
/** Rounds of counting: the rows and the ask, then the kept rows' joined JSON; more only when the seed fell short. */
const MAX_ROUNDS = 6;
/**
 * The newest rows are counted ahead up to this many times the budget by the
 * estimate: on the measured table an exact count is never below the estimate
 * divided by 1.4, so rows past that point cannot be kept.
 */
const SEED_MULTIPLE = 2;

/**
 * trimToBudget with an exact count whose texts were counted in the token
 * workers first (cached by content, so earlier turns' rows are not counted
 * again): trimToBudget needs a synchronous count, and counting here on the
 * main thread would hold it for the whole history.
 */
async function exactTrim(
  counter: TokenCounter,
  rows: readonly FoldRow[],
  budget: number,
  options: Omit<TrimOptions, 'count'>,
  encoding: TokenEncoding,
  signal?: AbortSignal,
): Promise<TrimResult> {
  const known = new Map<string, number>();
  let want = seedTexts(rows, budget, options.currentUserContent);
  for (let round = 0; round < MAX_ROUNDS; round++) {
    if (want.size > 0) {
      const texts = [...want];
      const counts = await counter.count(texts.map((text) => ({ text })), encoding, { signal });
      texts.forEach((t, i) => known.set(t, counts[i]!));
    }
    const missing = new Set<string>();
    const countTokens = (text: string) => {
      const n = known.get(text);
      if (n !== undefined) return n;
      missing.add(text);
      return UNCOUNTED;
    };
    const result = trimToBudget(rows, budget, { ...options, count: { kind: 'exact', countTokens } });
    if (missing.size === 0) return result;
    want = missing;
  }
  throw new LoupeError('internal', 'The exact fold did not settle.');
}

/** The ask and the newest rows' JSON, up to SEED_MULTIPLE × the budget by the estimate, and every pinned row. */
function seedTexts(rows: readonly FoldRow[], budget: number, ask: string | undefined): Set<string> {
  const texts = new Set<string>();
  if (ask) texts.add(ask);
  let estimate = 0;
  for (let i = rows.length - 1; i >= 0; i--) {
    const row = rows[i]!;
    const within = estimate <= SEED_MULTIPLE * budget;
    if (!within && row.pinned !== true) continue;
    const json = JSON.stringify(row);
    texts.add(json);
    if (within) estimate += estimateTokens(json);
  }
  return texts;
}
