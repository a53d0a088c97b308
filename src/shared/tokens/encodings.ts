/**
 * The exact tokenizers Loupe can run offline, and how people name them.
 * Everything else about a count (the estimate, its error) is in the sibling modules.
 */

/** Encodings with a public, offline tokenizer: o200k_base (GPT-4o and later), cl100k_base (GPT-4, GPT-3.5). */
export const TOKEN_ENCODINGS = ['o200k_base', 'cl100k_base'] as const;
export type TokenEncoding = (typeof TOKEN_ENCODINGS)[number];

/** The encoding used when a caller names none: current OpenAI models. */
export const DEFAULT_ENCODING: TokenEncoding = 'o200k_base';

/**
 * `o200k`, `o200k_base`, `cl100k`, `cl100k_base` (any case) to the encoding's
 * full name; null for anything else, so callers can refuse it with their own words.
 */
export function parseEncoding(name: string): TokenEncoding | null {
  const n = name.trim().toLowerCase();
  const full = n.endsWith('_base') ? n : `${n}_base`;
  return (TOKEN_ENCODINGS as readonly string[]).includes(full) ? (full as TokenEncoding) : null;
}

/** An exact count, always carried with the encoding that produced it. */
export interface ExactCount {
  encoding: TokenEncoding;
  count: number;
}
