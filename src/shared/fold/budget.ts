/**
 * Budget math for a fold (docs/ARCHITECTURE.md, "Numbers that are part of the contract"):
 * window default 200,000; reserve max(16384, floor(0.15 * W)), at most half the window
 * (a window under 32,768 tokens keeps half for history); budget max(1, W - reserve).
 * Token counts here are approximations, ceil(utf8Bytes / 4), and are labelled so in the UI.
 */
import { approxTokens } from '../contract/run-limits';

/** The window used when no catalog publishes a valid one; always shown as a default. */
export const DEFAULT_WINDOW_TOKENS = 200_000;
/** The smallest completion reserve, for windows of at least twice this. */
export const MIN_RESERVE_TOKENS = 16_384;
/** The largest share of a window the reserve takes: a small window (8,192) keeps half for history, never 1 token. */
export const MAX_RESERVE_SHARE = 0.5;

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

/** Tokens kept free for the answer: max(16384, floor(0.15 * W)), at most floor(W / 2); W defaulting to 200,000 when invalid. */
export function reserveTokens(window?: unknown): number {
  const w = effectiveWindow(window);
  return Math.min(Math.max(MIN_RESERVE_TOKENS, Math.floor(0.15 * w)), Math.floor(MAX_RESERVE_SHARE * w));
}

/** True when the window is too small for the 16,384-token floor and the reserve is capped at half of it (say so where it shows). */
export function reserveCapped(window?: unknown): boolean {
  const w = effectiveWindow(window);
  return reserveTokens(w) < Math.max(MIN_RESERVE_TOKENS, Math.floor(0.15 * w));
}

/**
 * Tokens the history (plus the current ask) may use: max(1, W - reserve), with
 * the 200,000 default for a missing or invalid window. Never below 1.
 */
export function foldBudgetTokens(window?: unknown): number {
  const w = effectiveWindow(window);
  return Math.max(1, w - reserveTokens(w));
}
