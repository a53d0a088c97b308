// context.countTokens (issue 14): exact counts of inspected files, asked for after the
// inspection answered, counted in the runtime's token workers with progress on the
// call's task stream, cancellable, and never an exact-looking number for content Loupe
// no longer holds. Real repository, real workers, the real runtime.
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { StreamMessage } from '../../../shared/streams';
import { makeRepo, makeRuntime, removeTempDirs } from '../testing/fixtures';
import { loadCorpus } from '../testing/token-corpus';
import { buildTokensWorker } from '../testing/tokens-worker';
import { loadCounter } from '../tokens/count-text';
import type { Runtime } from '../runtime';
import { TextStore } from './text-store';

// Counting megabytes against a reference tokenizer is CPU-bound: on a loaded machine with two test
// workers it can pass the default 30 s, which measures the machine, not the counts.
vi.setConfig({ testTimeout: 120_000 });

beforeAll(async () => {
  process.env.LOUPE_TOKENS_WORKER = await buildTokensWorker();
});
afterAll(() => {
  delete process.env.LOUPE_TOKENS_WORKER;
  removeTempDirs();
});

/** The task stream's events of one call, as a client following it sees them. */
function follow(runtime: Runtime, callId: string): { type: string; done?: number; total?: number; label?: string }[] {
  const seen: { type: string }[] = [];
  const sub = runtime.streams.attach({
    deliver(message: StreamMessage) {
      if (message.type === 'event') seen.push(message.event.payload as { type: string });
      return true;
    },
  });
  sub.follow([{ key: `task:${callId}`, after: 0 }]);
  return seen;
}

const corpus = loadCorpus();
// A piece of each kind of text, two of each, under the per-file limit.
const files = Object.fromEntries(
  corpus
    .filter((f, i, all) => all.findIndex((g) => g.kind === f.kind) === i)
    .flatMap((f) => [0, 1].map((k) => [`docs/${f.kind}-${k}.txt`, f.text.slice(k * 60_000, (k + 1) * 60_000)])),
);

describe('context.countTokens', () => {
  it('counts the files an inspection read, by content, with progress in bytes; the same counts as the reference tokenizer', async () => {
    const repo = makeRepo(files);
    const runtime = makeRuntime();
    const inspected = await runtime.call('context.inspect', { repo, paths: ['docs'] });
    expect(inspected.files.length).toBe(8);
    // Each file says what kind of text it is, for the estimator's expected error.
    expect(inspected.files.find((f) => f.path === 'docs/cjk-0.txt')!.textKind).toBe('cjk');
    const events = follow(runtime, 'count1');
    const result = await runtime.call('context.countTokens', { encoding: 'o200k_base', sha256: inspected.files.map((f) => f.sha256) }, { callId: 'count1' });
    const o200k = await loadCounter('o200k_base');
    const expected = inspected.files.map((f) => o200k(files[f.path]!));
    expect(result).toEqual({ encoding: 'o200k_base', counts: expected, total: expected.reduce((a, b) => a + b, 0), missing: 0 });
    const progress = events.filter((e) => e.type === 'progress');
    expect(progress.length).toBeGreaterThan(0);
    expect(progress.every((e) => e.label === 'bytes')).toBe(true);
    expect(progress.at(-1)).toMatchObject({ done: inspected.totals.inspectedBytes, total: inspected.totals.inspectedBytes });
    expect(events.at(-1)).toMatchObject({ type: 'end', outcome: 'ok' });

    // Content Loupe does not hold (never inspected, or long evicted) is null, never zero.
    const unknown = 'f'.repeat(64);
    const again = await runtime.call('context.countTokens', { encoding: 'o200k_base', sha256: [inspected.files[0]!.sha256, unknown] });
    expect(again).toMatchObject({ counts: [expected[0], null], missing: 1, total: expected[0] });
    // The second count of the same content came from the cache.
    expect(runtime.deps.tokens.stats().cacheHits).toBeGreaterThanOrEqual(1);
    await expect(runtime.call('context.countTokens', { encoding: 'o200k_base', sha256: ['nothex'] })).rejects.toMatchObject({ code: 'invalid-input' });
    await runtime.close();
  });

  it('a count cancelled mid-way ends as cancelled and the next one still answers', async () => {
    const big = corpus.map((f) => f.text).join('\n');
    const repo = makeRepo({ 'a.md': big.slice(0, 500_000), 'b.md': big.slice(500_000, 1_000_000) });
    const runtime = makeRuntime();
    const inspected = await runtime.call('context.inspect', { repo, paths: ['a.md', 'b.md'] });
    const controller = new AbortController();
    const pending = runtime.call('context.countTokens', { encoding: 'cl100k_base', sha256: inspected.files.map((f) => f.sha256) }, { signal: controller.signal });
    setTimeout(() => controller.abort(), 20);
    await expect(pending).rejects.toMatchObject({ code: 'cancelled' });
    const done = await runtime.call('context.countTokens', { encoding: 'cl100k_base', sha256: inspected.files.map((f) => f.sha256) });
    expect(done.missing).toBe(0);
    await runtime.close();
  });
});

describe('TextStore', () => {
  it('keeps texts by hash within its byte bound, least recently used out first', () => {
    const store = new TextStore(10);
    store.put('a', 'aaaa', 4);
    store.put('b', 'bbbb', 4);
    expect(store.get('a')?.text).toBe('aaaa'); // a is now the most recent
    store.put('c', 'cccc', 4);
    expect(store.get('b')).toBeUndefined();
    expect(store.get('a')?.text).toBe('aaaa');
    expect(store.bytes).toBe(8);
    store.put('huge', 'x'.repeat(11), 11);
    expect(store.get('huge')).toBeUndefined();
    store.put('a', 'aaaa', 4); // the same content again does not count twice
    expect(store.bytes).toBe(8);
  });
});
