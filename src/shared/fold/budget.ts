/**
 * Budget math for a fold (DESIGN.md, "Numbers that are part of the contract"):
 * window default 200,000; reserve max(16384, floor(0.15 * W)); budget max(1, W - reserve).
 * Token counts here are approximations, ceil(utf8Bytes / 4), and are labelled so in the UI.
 */

/** The window used when no catalog publishes a valid one; always shown as a default. */
export const DEFAULT_WINDOW_TOKENS = 200_000;
/** The smallest completion reserve, whatever the window. */
export const MIN_RESERVE_TOKENS = 16_384;

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

/**
 * UTF-8 byte length of a JavaScript string, without Node's Buffer. A surrogate
 * pair is one 4-byte code point; a lone surrogate counts 3 bytes, as
 * TextEncoder encodes it (U+FFFD).
 */
export function utf8ByteLength(text: string): number {
  let bytes = 0;
  const n = text.length;
  for (let i = 0; i < n; i++) {
    const c = text.charCodeAt(i);
    if (c < 0x80) bytes += 1;
    else if (c < 0x800) bytes += 2;
    else if (c >= 0xd800 && c <= 0xdbff && i + 1 < n) {
      const next = text.charCodeAt(i + 1);
      if (next >= 0xdc00 && next <= 0xdfff) {
        bytes += 4;
        i++;
      } else bytes += 3;
    } else bytes += 3;
  }
  return bytes;
}

/** Approximate tokens of `text`: ceil(utf8 bytes / 4). */
export function estimateTokens(text: string): number {
  return Math.ceil(utf8ByteLength(text) / 4);
}

/** Tokens kept free for the answer: max(16384, floor(0.15 * W)), W defaulting to 200,000 when invalid. */
export function reserveTokens(window?: unknown): number {
  return Math.max(MIN_RESERVE_TOKENS, Math.floor(0.15 * effectiveWindow(window)));
}

/**
 * Tokens the history (plus the current ask) may use: max(1, W - reserve), with
 * the 200,000 default for a missing or invalid window. Never below 1.
 */
export function foldBudgetTokens(window?: unknown): number {
  const w = effectiveWindow(window);
  return Math.max(1, w - reserveTokens(w));
}
