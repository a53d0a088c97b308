import { get_encoding, type Tiktoken } from 'tiktoken';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { TOKEN_ENCODINGS } from '../../../shared/tokens/encodings';
import { loadCorpus, piecesOf } from '../testing/token-corpus';
import { loadCounter, splitForCounting } from './count-text';

// Counting megabytes against a reference tokenizer is CPU-bound: on a loaded machine with two test
// workers it can pass the default 30 s, which measures the machine, not the counts.
vi.setConfig({ testTimeout: 120_000 });

// The reference is OpenAI's tiktoken (its Rust core built to WASM, from npm), an
// implementation independent of the gpt-tokenizer engine under test.
const reference = new Map<string, Tiktoken>();
beforeAll(() => {
  for (const e of TOKEN_ENCODINGS) reference.set(e, get_encoding(e));
});
afterAll(() => {
  for (const enc of reference.values()) enc.free();
});
const ref = (encoding: string, text: string) => reference.get(encoding)!.encode_ordinary(text).length;
// A whole corpus file's reference count is asked for twice (whole, then split): counted once.
const wholeCounts = new Map<string, number>();
const refWhole = (encoding: string, file: { name: string; text: string }) => {
  const key = `${encoding}\0${file.name}`;
  if (!wholeCounts.has(key)) wholeCounts.set(key, ref(encoding, file.text));
  return wholeCounts.get(key)!;
};

const corpus = loadCorpus();
const SPECIAL = [
  'Before <|endoftext|> after',
  '<|endoftext|>',
  '<|im_start|>system\nYou are helpful.<|im_end|>\n<|im_start|>user\nhi<|im_end|>',
  'fim: <|fim_prefix|>a<|fim_middle|>b<|fim_suffix|>c <|endofprompt|> <|start|><|channel|><|message|><|end|>',
  '<|endoftext|><|endoftext|><|endoftext',
];

describe.each(TOKEN_ENCODINGS)('exact counts in %s', (encoding) => {
  it('equal the reference on every corpus file, whole and in 4 KiB pieces', async () => {
    const count = await loadCounter(encoding);
    for (const file of corpus) {
      expect(count(file.text), file.name).toBe(refWhole(encoding, file));
      const pieces = piecesOf(file.text, 4096).filter((_, i) => i % 7 === 0);
      expect(pieces.map(count), file.name).toEqual(pieces.map((p) => ref(encoding, p)));
    }
  });

  it('count special-token text as plain text, never refusing it', async () => {
    const count = await loadCounter(encoding);
    for (const text of SPECIAL) {
      const n = count(text);
      expect(n, text).toBe(ref(encoding, text));
      expect(n, text).toBeGreaterThan(1); // a special token read as control would be 1 token
    }
    expect(count('')).toBe(0);
  });

  it('split long texts where the counts of the pieces add up to the whole', async () => {
    const count = await loadCounter(encoding);
    for (const file of corpus) {
      const pieces = splitForCounting(file.text, 2048);
      expect(pieces.join(''), file.name).toBe(file.text);
      // JSON lines start with a quote or a space, never a letter: it stays whole, which is correct, just not parallel.
      if (file.kind !== 'json') expect(pieces.length, file.name).toBeGreaterThan(10);
      expect(pieces.reduce((n, p) => n + count(p), 0), file.name).toBe(refWhole(encoding, file));
    }
  });
});

describe('splitForCounting', () => {
  it('cuts only after a newline followed by a letter, near the size asked', () => {
    const text = 'alpha\n  beta\n\ngamma;\n/x\n漢字\n'.repeat(50);
    const pieces = splitForCounting(text, 40);
    expect(pieces.join('')).toBe(text);
    expect(pieces.length).toBeGreaterThan(20);
    for (const p of pieces.slice(1)) expect(p).toMatch(/^\p{L}/u);
    for (const p of pieces.slice(0, -1)) expect(p.endsWith('\n')).toBe(true);
  });

  it('keeps a text with no safe point whole, and a short text as it is', () => {
    expect(splitForCounting('x'.repeat(1000), 10)).toEqual(['x'.repeat(1000)]);
    expect(splitForCounting('short\ntext', 100)).toEqual(['short\ntext']);
  });
});
