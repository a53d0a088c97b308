/**
 * Byte-pair encoding is quadratic in the length of one pre-token, and both
 * encodings' pre-split keeps a run of letters, of punctuation or of white
 * space whole: a 300,000-letter line took 36-44 s to count (issue 33). A run
 * of one such class longer than MAX_RUN characters is therefore counted in
 * pieces of MAX_RUN characters, cut inside the run. Text without such a run
 * (ordinary prose and code, whose words are far shorter) is counted whole,
 * exactly as before. A cut inside a run changes only how that run's own
 * characters merge, so the count of such a text differs from the unsplit count
 * by well under 1% (long-runs.test.ts measures it), and counting it is linear.
 */

/** Longest run of one class counted in one piece (a multiple of 3, as digits are pre-split in threes). */
export const MAX_RUN = 255;

const OTHER = 1;
const LETTER = 2;
const SPACE = 3;
/** Digits: the pre-split takes at most three at a time, so a run of them is never long. */
const DIGIT = 4;

const IS_LETTER = /[\p{L}\p{M}]/u;
const IS_DIGIT = /\p{N}/u;
const IS_SPACE = /\s/u;
function classify(ch: string): number {
  if (IS_LETTER.test(ch)) return LETTER;
  if (IS_DIGIT.test(ch)) return DIGIT;
  return IS_SPACE.test(ch) ? SPACE : OTHER;
}

/** Each BMP code unit's class, filled on first sight (a regex per character would cost seconds on 30 MB). */
const CLASS = new Uint8Array(0x10000);

/**
 * The places (indexes into `text`) where a long run is cut: MAX_RUN characters
 * into each run of letters, of punctuation or of white space, and every MAX_RUN
 * after; never before the second half of a surrogate pair.
 */
export function longRunCuts(text: string): number[] {
  const cuts: number[] = [];
  let runClass = 0;
  let runStart = 0;
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    // The second half of a pair belongs to the character its first half began.
    if (code >= 0xdc00 && code <= 0xdfff) continue;
    let cls: number;
    if (code >= 0xd800 && code <= 0xdbff) cls = classify(String.fromCodePoint(text.codePointAt(i)!));
    else {
      cls = CLASS[code]!;
      if (cls === 0) cls = CLASS[code] = classify(text[i]!);
    }
    if (cls !== runClass || cls === DIGIT) {
      runClass = cls;
      runStart = i;
    } else if (i - runStart >= MAX_RUN) {
      cuts.push(i);
      runStart = i;
    }
  }
  return cuts;
}

/**
 * `count(text)`, with every run of more than MAX_RUN characters of one class
 * counted in pieces; `count` of the whole when there is none.
 */
export function countWithLongRunsSplit(text: string, count: (piece: string) => number): number {
  const cuts = longRunCuts(text);
  if (cuts.length === 0) return count(text);
  let total = 0;
  let from = 0;
  for (const cut of cuts) {
    total += count(text.slice(from, cut));
    from = cut;
  }
  return total + count(text.slice(from));
}
