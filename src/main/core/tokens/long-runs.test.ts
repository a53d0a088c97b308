// Exact counts of texts with a very long run of one character class (issue 33 item 8):
// byte-pair encoding is quadratic in one pre-token, so before the split a
// 300,000-letter line took 36-44 s (89 s for 300,000 'a's here). Each such line is
// now counted within 1 s, within two tokens per cut of tiktoken's count, in both
// encodings; texts with no long run are not cut at all (count-text.test.ts checks them
// against tiktoken, unchanged).
import { get_encoding } from 'tiktoken';
import { describe, expect, it } from 'vitest';
import { TOKEN_ENCODINGS } from '../../../shared/tokens/encodings';
import { loadCounter } from './count-text';
import { longRunCuts, MAX_RUN } from './long-runs';

const LOWER = 'abcdefghijklmnopqrstuvwxyz';
const randomLetters = (n: number) => Array.from({ length: n }, () => LOWER[Math.floor(Math.random() * 26)]).join('');
const LINES: [string, () => string][] = [
  ['one letter', () => 'a'.repeat(300_000)],
  ['capitals', () => 'Q'.repeat(300_000)],
  ['random letters', () => randomLetters(300_000)],
  ['alternating case', () => 'aB'.repeat(150_000)],
  ['CJK', () => '中'.repeat(300_000)],
  ['accented letters with combining marks', () => 'e\u0301'.repeat(150_000)],
  ['punctuation', () => '='.repeat(300_000)],
  ['white space', () => `${' '.repeat(300_000)}x`],
  ['emoji (surrogate pairs)', () => '😀'.repeat(150_000)],
];

describe.each(TOKEN_ENCODINGS)('a 300,000-character run in %s', (encoding) => {
  // Within 1 s, or (on a machine busy enough to make even ordinary text slow) within 5x the same
  // characters cut into words, counted in the same moment: a quadratic count took 36-44 s. Best of 3.
  it.each(LINES.filter(([name]) => name !== 'random letters'))('%s: counted within 1 s', async (_, make) => {
    const count = await loadCounter(encoding);
    count('warm the tokenizer up');
    const run = make();
    const line = `Before the run: ${run} and after it.\n`;
    const words = `Before the run: ${[...run].map((c, i) => (i % 7 === 6 ? `${c} ` : c)).join('')} and after it.\n`;
    const best = (text: string) => {
      let ms = Infinity;
      let n = 0;
      for (let i = 0; i < 3; i++) {
        const started = performance.now();
        n = count(`${text}${i}`);
        ms = Math.min(ms, performance.now() - started);
      }
      return { ms, n };
    };
    const { ms, n } = best(line);
    const baseline = best(words).ms;
    expect(ms, `${Math.round(ms)} ms (the same characters as words: ${Math.round(baseline)} ms)`).toBeLessThan(Math.max(1_000, 5 * baseline));
    expect(n).toBeGreaterThan(0);
  });

  // 300,000 random letters are 300,000 merges the tokenizer cannot take from its cache: about
  // 0.65 s on a quiet core here, the same as the same letters cut into 7-letter words, so the
  // line is held to that pace (a quadratic count took 40 s) rather than to a figure the machine's
  // load decides.
  it('random letters: counted at the pace of the same letters as words (was 40 s)', async () => {
    const count = await loadCounter(encoding);
    count('warm the tokenizer up');
    const time = (text: string) => {
      const started = performance.now();
      count(text);
      return performance.now() - started;
    };
    // Fresh letters for every measure (the tokenizer caches what it has seen), interleaved.
    const line: number[] = [];
    const words: number[] = [];
    for (let i = 0; i < 5; i++) {
      line.push(time(randomLetters(300_000)));
      words.push(time(randomLetters(300_000).replace(/.{7}/g, '$& ')));
    }
    const ratio = Math.min(...line) / Math.min(...words);
    console.log(`figure: ${encoding} 300,000 random letters in one line: ${Math.round(Math.min(...line))} ms, ${ratio.toFixed(2)}x the same letters in words`);
    // Quadratic, it took 40 s (over 40x); these bounds leave room for a machine busy with other test files.
    expect(Math.min(...line)).toBeLessThan(10_000);
    expect(ratio).toBeLessThan(4);
  });

  it.each(LINES)('%s: within two tokens per cut of tiktoken (on its first 20,000 characters)', async (_, make) => {
    const count = await loadCounter(encoding);
    const text = `x ${make().slice(0, 20_000)} y`;
    const enc = get_encoding(encoding);
    const reference = enc.encode_ordinary(text).length;
    enc.free();
    const cuts = longRunCuts(text).length;
    expect(cuts).toBeGreaterThan(0);
    expect(Math.abs(count(text) - reference), `${count(text)} vs ${reference}, ${cuts} cuts`).toBeLessThanOrEqual(2 * cuts);
  });
});

describe('longRunCuts', () => {
  it('cuts only runs of one class longer than MAX_RUN, never inside a surrogate pair', () => {
    expect(longRunCuts('word '.repeat(10_000))).toEqual([]);
    // A long line of code mixes classes: no run is long, nothing is cut.
    expect(longRunCuts('foo.bar(baz)[0]+qux;'.repeat(1_000))).toEqual([]);
    // Digits are pre-split in threes: a long number is never cut.
    expect(longRunCuts('7'.repeat(10_000))).toEqual([]);
    expect(longRunCuts('a'.repeat(MAX_RUN))).toEqual([]);
    expect(longRunCuts('a'.repeat(MAX_RUN + 1))).toEqual([MAX_RUN]);
    expect(longRunCuts(`-${'a'.repeat(3 * MAX_RUN)}`)).toEqual([1 + MAX_RUN, 1 + 2 * MAX_RUN]);
    const emoji = '😀'.repeat(MAX_RUN);
    for (const cut of longRunCuts(emoji)) expect(emoji.charCodeAt(cut)).toBeLessThan(0xdc00);
  });
});
