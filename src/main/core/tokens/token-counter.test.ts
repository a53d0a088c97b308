import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { LoupeError } from '../../../shared/errors';
import { loadCorpus } from '../testing/token-corpus';
import { buildTokensWorker } from '../testing/tokens-worker';
import { loadCounter } from './count-text';
import { createTokenCounter, type CountProgress, type TokenCounter } from './token-counter';

// Counting megabytes against a reference tokenizer is CPU-bound: on a loaded machine with two test
// workers it can pass the default 30 s, which measures the machine, not the counts.
vi.setConfig({ testTimeout: 120_000 });

// Real worker threads running the built worker (testing/tokens-worker.ts builds it
// from source as electron-vite does for the app).
let workerFile: string;
const open: TokenCounter[] = [];
const counter = (options: Parameters<typeof createTokenCounter>[0] = {}) => {
  const c = createTokenCounter({ workerFile, workers: 2, ...options });
  open.push(c);
  return c;
};
beforeAll(async () => {
  workerFile = await buildTokensWorker();
});
afterAll(async () => {
  await Promise.all(open.map((c) => c.close()));
});

// Each worker loads the encoding's ranks (CPU-bound, about half a second, more on a busy machine):
// a test that is not about counting in parallel gives its counter one worker.
const oneWorker = { workers: 1 };

// One file of each kind keeps this quick; count-text.test.ts checks the engine on all of it.
const corpus = loadCorpus().filter((f, i, all) => all.findIndex((g) => g.kind === f.kind) === i);
const sha = (text: string) => createHash('sha256').update(text).digest('hex');

describe('createTokenCounter', () => {
  it('counts in worker threads exactly what the engine counts in-process, for text and bytes', async () => {
    const c = counter({ pieceChars: 64 * 1024 });
    const o200k = await loadCounter('o200k_base');
    const items = corpus.map((f, i) => (i % 2 ? { text: f.text } : { bytes: new TextEncoder().encode(f.text) }));
    const counts = await c.count(items, 'o200k_base');
    expect(counts).toEqual(corpus.map((f) => o200k(f.text)));
    expect(c.stats().workers).toBe(2);
    const cl = await c.count([{ text: 'Hello <|endoftext|> world' }], 'cl100k_base');
    expect(cl).toEqual([(await loadCounter('cl100k_base'))('Hello <|endoftext|> world')]);
  });

  it('never counts unchanged content twice, and counts changed content again', async () => {
    const c = counter(oneWorker);
    const a = { text: 'export const a = 1;\n'.repeat(200) };
    const b = { text: 'export const b = 2; // changed\n'.repeat(200) };
    const [first] = await c.count([a], 'o200k_base');
    expect(c.stats()).toMatchObject({ cacheHits: 0, cacheMisses: 1 });
    // Same content, as bytes with its hash given, and twice in one call: all from the cache.
    const again = await c.count([a, { bytes: Buffer.from(a.text), sha256: sha(a.text) }, a], 'o200k_base');
    expect(again).toEqual([first, first, first]);
    expect(c.stats()).toMatchObject({ cacheHits: 3, cacheMisses: 1 });
    const [changed] = await c.count([b], 'o200k_base');
    expect(c.stats()).toMatchObject({ cacheHits: 3, cacheMisses: 2, cacheEntries: 2 });
    expect(changed).not.toBe(first);
    // The same content in another encoding is another count.
    await c.count([a], 'cl100k_base');
    expect(c.stats().cacheMisses).toBe(3);
  });

  it('keeps the cache within its bound, least recently used out first', async () => {
    const c = counter({ ...oneWorker, cacheEntries: 2 });
    await c.count([{ text: 'one' }, { text: 'two' }], 'o200k_base');
    await c.count([{ text: 'one' }], 'o200k_base'); // 'one' is now the most recent
    await c.count([{ text: 'three' }], 'o200k_base'); // evicts 'two'
    const before = c.stats().cacheMisses;
    await c.count([{ text: 'one' }, { text: 'three' }], 'o200k_base');
    expect(c.stats().cacheMisses).toBe(before);
    await c.count([{ text: 'two' }], 'o200k_base');
    expect(c.stats()).toMatchObject({ cacheMisses: before + 1, cacheEntries: 2 });
  });

  it('reports progress in bytes, rising to the total', async () => {
    const c = counter({ ...oneWorker, pieceChars: 16 * 1024 });
    const code = corpus.find((f) => f.kind === 'code')!.text;
    const seen: CountProgress[] = [];
    await c.count([{ text: code }, { text: 'small' }], 'o200k_base', { onProgress: (p) => seen.push(p) });
    const total = Buffer.byteLength(code) + 5;
    expect(seen.length).toBeGreaterThan(10);
    expect(seen.every((p) => p.bytesTotal === total)).toBe(true);
    for (let i = 1; i < seen.length; i++) expect(seen[i]!.bytesDone).toBeGreaterThanOrEqual(seen[i - 1]!.bytesDone);
    expect(seen.at(-1)!.bytesDone).toBe(total);
  });

  it('cancels a long count: it rejects as cancelled at once, caches nothing, and the counter still works', async () => {
    const c = counter({ pieceChars: 32 * 1024 });
    await c.warm('o200k_base');
    const long = corpus.map((f) => f.text).join('\n').repeat(3); // ~11 MB: seconds of counting
    const controller = new AbortController();
    const started = performance.now();
    const pending = c.count([{ text: long }], 'o200k_base', {
      signal: controller.signal,
      onProgress: (p) => {
        if (p.bytesDone > 0 && !controller.signal.aborted) controller.abort();
      },
    });
    const err = await pending.catch((e: unknown) => e);
    expect(err).toBeInstanceOf(LoupeError);
    expect((err as LoupeError).code).toBe('cancelled');
    expect(performance.now() - started).toBeLessThan(5000);
    expect(c.stats().cacheEntries).toBe(0);
    await expect(c.count([{ text: 'still here' }], 'o200k_base', { signal: new AbortController().signal })).resolves.toHaveLength(1);
    const aborted = AbortSignal.abort();
    await expect(c.count([{ text: 'x' }], 'o200k_base', { signal: aborted })).rejects.toMatchObject({ code: 'cancelled' });
  });

  it('ends idle workers after idleMs and starts them again when needed', async () => {
    const c = counter({ ...oneWorker, idleMs: 50 });
    await c.count([{ text: 'a' }, { text: 'b' }, { text: 'c' }], 'o200k_base');
    expect(c.stats().workers).toBeGreaterThan(0);
    await new Promise((r) => setTimeout(r, 300));
    expect(c.stats().workers).toBe(0);
    await expect(c.count([{ text: 'again' }], 'o200k_base')).resolves.toHaveLength(1);
  });

  it('refuses an item with neither text nor bytes, and rejects counts after close', async () => {
    const c = counter();
    await expect(c.count([{}], 'o200k_base')).rejects.toMatchObject({ code: 'invalid-input' });
    await c.close();
    await expect(c.count([{ text: 'late' }], 'o200k_base')).rejects.toMatchObject({ code: 'cancelled' });
  });
});
