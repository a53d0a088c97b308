/**
 * Budget math for a fold (docs/ARCHITECTURE.md, "Numbers that are part of the contract"):
 * window default 200,000; reserve max(16384, floor(0.15 * W)), not capped; budget
 * max(1, W - reserve). A window no larger than its reserve (16,384 tokens or less) gets a
 * budget of 1: no history is sent, by design (seed 004), and every place that shows the
 * budget says so in one sentence (NO_HISTORY_TEXT).
 * Token counts here are approximations, ceil(utf8Bytes / 4), and are labelled so in the UI.
 */
import { approxTokens } from '../contract/run-limits';

/** The window used when no catalog publishes a valid one; always shown as a default. */
export const DEFAULT_WINDOW_TOKENS = 200_000;
/** The smallest completion reserve (seed 004): a window this small or smaller leaves no room for history. */
export const MIN_RESERVE_TOKENS = 16_384;
/** What every view says where a model's window leaves no room for history beyond its reserve. */
export const NO_HISTORY_TEXT = "this model's window is smaller than the answer's reserve: no history is sent";

/**
 * True only for a finite positive (safe) integer: 0, negatives, fractions, NaN,
 * Infinity, strings and nulls are not windows.
 */
export function isValidWindow(value: unknown): value is number {
  return typeof value === 'number' && Number.isSafeInteger(value) && value > 0;
}

/** The window to compute with: `window` when valid, else the 200,000 default. */
export function effectiveWindow(window: unknown): number {
  return isValidWindow(window) ? window : DEFAULT_WINDOW_TOKENS;
}

const CHUNK = 16_384;
const encoder = new TextEncoder();
// encodeInto writes at most 3 bytes per UTF-16 unit; one small scratch buffer serves every call.
const scratch = new Uint8Array(CHUNK * 3);

/**
 * UTF-8 byte length of a JavaScript string, without Node's Buffer: the
 * platform's TextEncoder writes into a reused scratch buffer, a chunk at a
 * time (never splitting a surrogate pair). A lone surrogate counts 3 bytes,
 * as TextEncoder encodes it (U+FFFD).
 */
export function utf8ByteLength(text: string): number {
  const n = text.length;
  if (n <= CHUNK) return encoder.encodeInto(text, scratch).written;
  let bytes = 0;
  for (let i = 0; i < n; ) {
    let end = Math.min(n, i + CHUNK);
    const last = text.charCodeAt(end - 1);
    if (end < n && last >= 0xd800 && last <= 0xdbff) end--;
    bytes += encoder.encodeInto(text.slice(i, end), scratch).written;
    i = end;
  }
  return bytes;
}

/** Approximate tokens of `text`: ceil(utf8 bytes / 4). */
export function estimateTokens(text: string): number {
  return approxTokens(utf8ByteLength(text));
}

/** Tokens kept free for the answer: max(16384, floor(0.15 * W)), never capped; W defaulting to 200,000 when invalid. */
export function reserveTokens(window?: unknown): number {
  const w = effectiveWindow(window);
  return Math.max(MIN_RESERVE_TOKENS, Math.floor(0.15 * w));
}

/** True when the reserve takes the whole window (W ≤ 16,384): the budget is 1 and no history is sent (say NO_HISTORY_TEXT). */
export function reserveLeavesNoHistory(window?: unknown): boolean {
  const w = effectiveWindow(window);
  return w - reserveTokens(w) <= 1;
}

/**
 * Tokens the history (plus the current ask) may use: max(1, W - reserve), with
 * the 200,000 default for a missing or invalid window. Never below 1.
 */
export function foldBudgetTokens(window?: unknown): number {
  const w = effectiveWindow(window);
  return Math.max(1, w - reserveTokens(w));
}
