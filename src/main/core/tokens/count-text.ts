/**
 * The exact counting engine: gpt-tokenizer's o200k_base and cl100k_base, with
 * special-token text (`<|endoftext|>` in a file) counted as the plain text it
 * is, never refused. Measured here against a WASM build of OpenAI's tiktoken
 * and js-tiktoken (bench/tokens.bench.ts, README): this is the fastest correct
 * option on ASCII and CJK alike, so it is the one engine. It runs in the
 * tokens worker (tokens-worker.ts) and, for tests and small jobs, in-process.
 */
import type { TokenEncoding } from '../../../shared/tokens/encodings';
import { countWithLongRunsSplit } from './long-runs';

/** A loaded tokenizer: counts the tokens of a text, synchronously. */
export type CountText = (text: string) => number;

// No special token is disallowed (so none throws) and none is allowed (so none is
// read as a control token): special-token text is split and counted like any other.
const AS_TEXT = { disallowedSpecial: new Set<string>() };

const loaded = new Map<TokenEncoding, Promise<CountText>>();

/** Loads an encoding's tokenizer once per thread (about half a second of parsing its ranks). */
export function loadCounter(encoding: TokenEncoding): Promise<CountText> {
  let counter = loaded.get(encoding);
  if (!counter) {
    counter = (encoding === 'o200k_base' ? import('gpt-tokenizer/encoding/o200k_base') : import('gpt-tokenizer/encoding/cl100k_base')).then(
      // A run of hundreds of letters is counted in pieces (long-runs.ts): BPE is quadratic in one pre-token.
      (m) => (text: string) => (text.length === 0 ? 0 : countWithLongRunsSplit(text, (piece) => m.countTokens(piece, AS_TEXT))),
    );
    loaded.set(encoding, counter);
    counter.catch(() => loaded.delete(encoding));
  }
  return counter;
}

const SAFE_BREAK = /\n\p{L}/gu;

/**
 * Splits `text` into pieces of about `maxChars` whose counts add up to the
 * count of the whole, so one long text can be counted in parallel and report
 * progress. Pieces end right after a newline that a letter follows: in both
 * encodings' pre-split no chunk can span that point (letter chunks never take
 * a newline as their prefix, and whitespace and punctuation chunks stop at a
 * letter), and a chunk ending there is the same whether or not the text goes
 * on, so the BPE sees the same chunks. Tests check the sums against tiktoken
 * on the whole corpus. Text with no such point (one-line JSON) stays whole.
 */
export function splitForCounting(text: string, maxChars: number): string[] {
  if (text.length <= maxChars) return [text];
  const pieces: string[] = [];
  let start = 0;
  while (text.length - start > maxChars) {
    // The last safe break at or before start + maxChars, else the first one after it.
    const limit = start + maxChars;
    let cut = -1;
    SAFE_BREAK.lastIndex = start + 1;
    for (let m = SAFE_BREAK.exec(text); m; m = SAFE_BREAK.exec(text)) {
      const at = m.index + 1;
      if (at > limit && cut !== -1) break;
      cut = at;
      if (at > limit) break;
    }
    if (cut === -1) break;
    pieces.push(text.slice(start, cut));
    start = cut;
  }
  pieces.push(text.slice(start));
  return pieces;
}
