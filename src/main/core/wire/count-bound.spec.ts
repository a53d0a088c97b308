// A wire record's count is bounded (issue 33 item 8): a 30 MB body held a process for
// minutes at 1.6 GB. A request over WIRE_EXACT_MAX_BYTES gets the estimate, labelled so
// with the reason; one within it is counted exactly by the real token workers, and a
// 300,000-letter line among its parts no longer holds the count for 40 s.
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { makeRuntime, removeTempDirs } from '../testing/fixtures';
import { buildTokensWorker } from '../testing/tokens-worker';
import type { Runtime } from '../runtime';
import { countTexts, WIRE_EXACT_MAX_BYTES } from './analyse';

let runtime: Runtime | null = null;
afterEach(async () => {
  await runtime?.close();
  runtime = null;
});
beforeAll(async () => {
  process.env.LOUPE_TOKENS_WORKER = await buildTokensWorker();
});
afterAll(() => {
  delete process.env.LOUPE_TOKENS_WORKER;
  removeTempDirs();
});

describe('counting a wire request', () => {
  it('a body over the exact-count bound gets the labelled estimate at once', async () => {
    runtime = makeRuntime();
    const big = 'word '.repeat(Math.ceil((WIRE_EXACT_MAX_BYTES + 1) / 5));
    const started = Date.now();
    const { counts, basis } = await countTexts(runtime.deps, 'gpt-5', [big, 'the ask']);
    expect(Date.now() - started).toBeLessThan(2_000);
    expect(counts.map((c) => c.kind)).toEqual(['estimate', 'estimate']);
    expect(basis).toMatch(/^over 8 MiB, not counted exactly; ceil\(bytes × /);
  });

  it('a body within it is counted exactly, a 300,000-letter line included', async () => {
    runtime = makeRuntime();
    const { counts, basis } = await countTexts(runtime.deps, 'gpt-5', ['Hello, world.', `${'a'.repeat(300_000)}\n`]);
    expect(basis).toBeNull();
    expect(counts[0]).toEqual({ tokens: 4, kind: 'exact', encoding: 'o200k_base' });
    expect(counts[1]!.kind).toBe('exact');
    expect(counts[1]!.tokens).toBeGreaterThan(37_000);
  }, 20_000);
});
