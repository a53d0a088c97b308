/**
 * trimToBudget: fit a conversation history into a token budget by dropping
 * the oldest rows first, in time linear in the history's size.
 *
 * Why it is linear: JSON.stringify of an array is '[' + the elements'
 * JSON joined by ',' + ']', so the serialized size of any subset of rows is
 * 2 + (sum of their sizes) + (count - 1). Each row is serialized at most once
 * and a running sum (a suffix sum) replaces re-serializing the history: the
 * work is O(rows) for flags plus O(bytes of the rows kept, plus one). Rows
 * older than the cut are never serialized. src/shared/testing/naive-trim.ts is the quadratic
 * yardstick it is tested and benchmarked against.
 */
import { LoupeError } from '../errors';
import { utf8ByteLength } from './budget';
import { protectedRows, repairToolPairs } from './pairing';
import type { FoldRow } from './rows';

/** Row rail: at most this many rows are ever sent. */
export const MAX_FOLD_ROWS = 4096;
/** Byte rail: the serialized history is kept to at most 2 MiB. */
export const MAX_FOLD_BYTES = 2 * 1024 * 1024;

/**
 * How runs pass X-Ray state: evicted segments via `evictedIds` (or `evicted: true`
 * on the row) are removed before anything is measured; pinned ones via
 * `pinnedIds` (or `pinned: true`) are kept whatever the budget. A row both
 * evicted and pinned is evicted: eviction is the user taking it out. Rows are
 * measured as given, flags included, so a caller that strips `id`/`pinned`
 * before sending sends slightly less than estimated, never more.
 */
export interface TrimOptions {
  /** Row rail (default 4,096). */
  maxRows?: number;
  /** Byte rail on JSON.stringify(kept rows) in UTF-8 (default 2 MiB); the current ask is not part of it. */
  maxBytes?: number;
  /**
   * The message this turn sends. It counts against the budget and is always
   * sent, so with it the history may trim to nothing; without it the newest
   * history row always survives, even alone over budget.
   */
  currentUserContent?: string;
  /** Segment ids to keep whatever the budget, in addition to rows flagged `pinned`. */
  pinnedIds?: Iterable<string>;
  /** Segment ids the user evicted; those rows (and rows flagged `evicted`) are removed before trimming. */
  evictedIds?: Iterable<string>;
  /**
   * How the budget is checked. Default: the published estimate, ceil(bytes / 4).
   * A model's best available count is safer where bytes / 4 runs low (see FoldCount).
   */
  count?: FoldCount;
}

/**
 * A count to check the budget in, other than the published estimate.
 * - `scaled`: ceil(bytes × factor / 4): the estimate times a calibrated or
 *   default factor (src/shared/tokens/calibration.ts), for models whose
 *   tokenizer is not public. The factor is at least 1: this never loosens the rule.
 * - `exact`: the caller's tokenizer for the model (a synchronous count of a
 *   text). Each row's JSON is counted once; the walk adds them up with one token
 *   per bracket and comma, which in BPE is never below the count of the joined
 *   JSON in practice; the result reports the joined JSON's own count.
 */
export type FoldCount = { kind: 'scaled'; factor: number } | { kind: 'exact'; countTokens: (text: string) => number };

export interface TrimResult {
  /** Kept rows, oldest first: input objects, except assistant rows whose calls were stripped (copies). */
  rows: FoldRow[];
  /** For each kept row, its index in the input `rows` (so callers can map rows back to segments). */
  keptIndices: number[];
  /** True when the trim dropped a row or stripped a call (eviction alone is not truncation). */
  truncated: boolean;
  /** Non-evicted rows not kept: by the budget, the rails, or re-pairing. */
  dropped: number;
  /** Rows removed because they were evicted. */
  evicted: number;
  /** Tool calls stripped from kept assistant rows because their result was cut. */
  strippedCalls: number;
  /** ceil((utf8 bytes of JSON.stringify(rows) + utf8 bytes of currentUserContent) / 4), after re-pairing. */
  estimatedTokens: number;
  /** utf8 bytes of JSON.stringify(rows). */
  bytes: number;
  /** The count the budget was checked in: 'estimate' (= estimatedTokens) unless options.count said otherwise. */
  countedBy: 'estimate' | 'scaled' | 'exact';
  /** The kept rows plus the current ask in that count: estimatedTokens, ceil(bytes × factor / 4), or the exact count. */
  countedTokens: number;
  /** countedTokens <= budget. False only when pinned rows (or the newest row) alone are over it. */
  fits: boolean;
  /** Both rails hold. False only when pinned rows (or the newest row) alone break one. */
  withinRails: boolean;
}

function positiveInteger(value: number, what: string): number {
  if (!Number.isSafeInteger(value) || value < 1) {
    throw new LoupeError('invalid-input', `${what} must be a positive whole number, got ${String(value)}.`);
  }
  return value;
}

/** The rows left after eviction, and which of them are pinned. */
export function splitEvicted(
  rows: readonly FoldRow[],
  options: Pick<TrimOptions, 'pinnedIds' | 'evictedIds'>,
): { candidates: FoldRow[]; pinned: boolean[]; evicted: number; origin: number[] } {
  const evictedIds = new Set(options.evictedIds ?? []);
  const pinnedIds = new Set(options.pinnedIds ?? []);
  const candidates: FoldRow[] = [];
  const pinned: boolean[] = [];
  const origin: number[] = [];
  for (const [index, row] of rows.entries()) {
    if (row.evicted === true || (row.id !== undefined && evictedIds.has(row.id))) continue;
    candidates.push(row);
    origin.push(index);
    pinned.push(row.pinned === true || (row.id !== undefined && pinnedIds.has(row.id)));
  }
  return { candidates, pinned, evicted: rows.length - candidates.length, origin };
}

/** Bytes of JSON.stringify of `count` rows whose own JSON sizes add up to `sum`. */
export function arrayJsonBytes(count: number, sum: number): number {
  return count === 0 ? 2 : 2 + sum + (count - 1);
}

/** How a subset of rows is measured against the budget; `rowTokens` is only needed for exact counts. */
interface Meter {
  countedBy: TrimResult['countedBy'];
  /** Tokens of one row's JSON (exact counts only; 0 otherwise). */
  rowTokens: (json: string) => number;
  /** The subset's tokens from its row count, JSON bytes, and summed row tokens. */
  total: (rowCount: number, bytes: number, rowTokens: number) => number;
  /** The final count of the kept rows' JSON. */
  final: (json: () => string, bytes: number) => number;
}

function meterFor(count: FoldCount | undefined, currentUserContent: string | undefined, currentBytes: number): Meter {
  if (count === undefined) {
    const total = (_: number, bytes: number) => Math.ceil((bytes + currentBytes) / 4);
    return { countedBy: 'estimate', rowTokens: () => 0, total, final: (_, bytes) => total(0, bytes) };
  }
  if (count.kind === 'scaled') {
    const factor = count.factor;
    if (!(Number.isFinite(factor) && factor >= 1 && factor <= 100)) {
      throw new LoupeError('invalid-input', `The count factor must be a number from 1 to 100, got ${String(factor)}.`);
    }
    const total = (_: number, bytes: number) => Math.ceil(((bytes + currentBytes) * factor) / 4);
    return { countedBy: 'scaled', rowTokens: () => 0, total, final: (_, bytes) => total(0, bytes) };
  }
  // Callers outside TypeScript (the CLI's JSON, MCP) can pass anything: check what the type promises.
  if ((count.kind as string) !== 'exact' || typeof (count.countTokens as unknown) !== 'function') {
    throw new LoupeError('invalid-input', 'The count must be { kind: "scaled", factor } or { kind: "exact", countTokens }.');
  }
  const current = currentUserContent ? count.countTokens(currentUserContent) : 0;
  return {
    countedBy: 'exact',
    rowTokens: count.countTokens,
    // '[' and ']' and a ',' between rows: one token each at most.
    total: (rowCount, _, rowTokens) => rowTokens + (rowCount === 0 ? 2 : rowCount + 1) + current,
    final: (json) => count.countTokens(json()) + current,
  };
}

/** Validated options with defaults applied, shared with the reference loop. */
export function trimSettings(budgetTokens: number, options: TrimOptions) {
  return {
    budget: positiveInteger(budgetTokens, 'The token budget'),
    maxRows: positiveInteger(options.maxRows ?? MAX_FOLD_ROWS, 'maxRows'),
    maxBytes: positiveInteger(options.maxBytes ?? MAX_FOLD_BYTES, 'maxBytes'),
    currentBytes: options.currentUserContent === undefined ? 0 : utf8ByteLength(options.currentUserContent),
    keepNewest: options.currentUserContent === undefined,
  };
}

/**
 * Trims `rows` (oldest first) to `budgetTokens`. Evicted rows go first. Then
 * the oldest unprotected rows are dropped until
 * ceil((bytes(JSON.stringify(kept)) + bytes(currentUserContent)) / 4) <= budget
 * (or, with options.count, the kept rows in that count fit the budget),
 * then further while the row rail or the byte rail is broken. Protected rows
 * (pinned; the newest without currentUserContent; the call rows of those that
 * are tool results) are skipped over, never dropped. Finally tool pairs are
 * re-paired. Re-pairing only removes rows or calls, so when the budget was met
 * before it, it is still met after (`fits`); the only rows re-pairing can take
 * away despite protection are tool results whose call is nowhere in the input.
 * Throws invalid-input for a budget or rail that is not a positive integer.
 */
export function trimToBudget(rows: readonly FoldRow[], budgetTokens: number, options: TrimOptions = {}): TrimResult {
  const { budget, maxRows, maxBytes, currentBytes, keepNewest } = trimSettings(budgetTokens, options);
  const meter = meterFor(options.count, options.currentUserContent, currentBytes);
  const { candidates, pinned, evicted, origin } = splitEvicted(rows, options);
  const n = candidates.length;
  const keep = protectedRows(candidates, pinned, keepNewest);

  // Protected rows are kept whatever happens: size them first. Each row is
  // serialized (and, for exact counts, counted) once.
  const sizes = new Float64Array(n);
  const tokens = new Float64Array(n);
  const sizeOf = (i: number) => {
    const json = JSON.stringify(candidates[i]);
    tokens[i] = meter.rowTokens(json);
    return (sizes[i] = utf8ByteLength(json));
  };
  let count = 0;
  let sum = 0;
  let tokenSum = 0;
  for (let i = 0; i < n; i++) {
    if (!keep[i]) continue;
    count++;
    sum += sizeOf(i);
    tokenSum += tokens[i]!;
  }
  const holds = (rowCount: number, rowBytes: number, rowTokens: number) => {
    const bytes = arrayJsonBytes(rowCount, rowBytes);
    return meter.total(rowCount, bytes, rowTokens) <= budget && rowCount <= maxRows && bytes <= maxBytes;
  };
  // Dropping the oldest unprotected rows first is keeping the newest ones that fit:
  // walk back from the newest, adding rows while every limit still holds. The first
  // row that would break one marks the cut; it and every older unprotected row go,
  // so rows older than the cut are never serialized at all.
  let cut = -1;
  for (let i = n - 1; i >= 0; i--) {
    if (keep[i]) continue;
    const size = sizeOf(i);
    if (!holds(count + 1, sum + size, tokenSum + tokens[i]!)) {
      cut = i;
      break;
    }
    count++;
    sum += size;
    tokenSum += tokens[i]!;
  }
  const dropped = new Uint8Array(n);
  for (let i = 0; i <= cut; i++) if (!keep[i]) dropped[i] = 1;

  const keptIndex: number[] = [];
  for (let i = 0; i < n; i++) if (dropped[i] === 0) keptIndex.push(i);
  const repaired = repairToolPairs(keptIndex.map((i) => candidates[i]!));
  // Unchanged rows reuse their size; only copies made by re-pairing are serialized again.
  let finalSum = 0;
  repaired.rows.forEach((row, p) => {
    const i = keptIndex[repaired.from[p]!]!;
    finalSum += row === candidates[i] ? sizes[i]! : utf8ByteLength(JSON.stringify(row));
  });
  const bytes = arrayJsonBytes(repaired.rows.length, finalSum);
  const estimatedTokens = Math.ceil((bytes + currentBytes) / 4);
  const countedTokens = meter.countedBy === 'estimate' ? estimatedTokens : meter.final(() => JSON.stringify(repaired.rows), bytes);
  const droppedCount = n - repaired.rows.length;
  return {
    rows: repaired.rows,
    keptIndices: repaired.from.map((p) => origin[keptIndex[p]!]!),
    truncated: droppedCount > 0 || repaired.strippedCalls > 0,
    dropped: droppedCount,
    evicted,
    strippedCalls: repaired.strippedCalls,
    estimatedTokens,
    bytes,
    countedBy: meter.countedBy,
    countedTokens,
    fits: countedTokens <= budget,
    withinRails: repaired.rows.length <= maxRows && bytes <= maxBytes,
  };
}
