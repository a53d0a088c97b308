import { describe, expect, it } from 'vitest';
import { breakEvenText, evictionPrice, placeOf, singlePlaces, type PrefixPart } from './eviction-price';
import { dueEvictions, QUICK_PAYBACK_REQUESTS, type TimingInput } from './eviction-timing';
import type { ModelPrice } from './price';

// Anthropic's ratios: cache write 1.25x the input price, cache read 0.1x (claude-sonnet-4-5's list price).
const SONNET: ModelPrice = { input: 3, output: 15, cacheWrite: 3.75, cacheRead: 0.3 };

describe('eviction price', () => {
  it("the issue's worked example: a 10,000-token result early in a 150,000-token context pays back after about 160 requests", () => {
    const parts: PrefixPart[] = [
      { id: 'ask', tokens: 500, replacement: 0 },
      { id: 'result', tokens: 10_000, replacement: 0 },
      { id: 'rest', tokens: 139_500, replacement: 0 },
    ];
    const place = placeOf(0, parts, new Set(['result']))!;
    expect(place).toEqual({ before: 500, removed: 10_000, replacement: 0, afterKept: 139_500 });
    const p = evictionPrice(place, { cached: 150_000, prompt: 150_000 }, SONNET);
    expect(p.savedTokens).toBe(10_000);
    expect(p.rewriteTokens).toBe(139_500);
    // 139,500 × (3.75 − 0.30) / (10,000 × 0.30) = 160.4 → 161 requests.
    expect(p.breakEven).toEqual({ kind: 'requests', requests: 161 });
    expect(p.rewriteUsd).toBeCloseTo((139_500 * 3.75) / 1e6, 10);
    expect(p.extraUsd).toBeCloseTo((139_500 * 3.45) / 1e6, 10);
    expect(p.savedUsdPerRequest).toBeCloseTo(0.003, 10);
    expect(p.basis).toBe('list price');
    expect(breakEvenText(p.breakEven)).toBe('pays back after 161 requests');
  });

  it('a late segment is cheap: little after it is cached, so it pays back at once or in a request or two', () => {
    const parts: PrefixPart[] = [
      { id: 'old', tokens: 100_000, replacement: 0 },
      { id: 'late', tokens: 20_000, replacement: 40 },
      { id: 'ask', tokens: 1_000, replacement: 0 },
    ];
    const p = evictionPrice(placeOf(20_000, parts, new Set(['late']))!, { cached: 141_000, prompt: 141_000 }, SONNET);
    expect(p.rewriteTokens).toBe(1_040);
    expect(p.breakEven).toEqual({ kind: 'requests', requests: 1 });
  });

  it('only the cached part is re-written: what lies past the cache is written either way', () => {
    const parts: PrefixPart[] = [
      { id: 'a', tokens: 10_000, replacement: 50 },
      { id: 'b', tokens: 90_000, replacement: 0 },
    ];
    const p = evictionPrice(placeOf(0, parts, new Set(['a']))!, { cached: 30_000, prompt: 100_000 }, SONNET);
    expect(p.rewriteTokens).toBe(50 + 20_000);
  });

  it('no cache reported: nothing is re-written, it pays back at once', () => {
    const p = evictionPrice({ before: 0, removed: 5_000, replacement: 40, afterKept: 50_000 }, { cached: null, prompt: 55_000 }, SONNET);
    expect(p.cacheReported).toBe(false);
    expect(p.rewriteTokens).toBe(0);
    expect(p.breakEven).toEqual({ kind: 'requests', requests: 0 });
  });

  it('a model with no price: dollars and break-even unknown, never $0', () => {
    const p = evictionPrice({ before: 0, removed: 5_000, replacement: 40, afterKept: 50_000 }, { cached: 55_000, prompt: 55_000 }, null);
    expect(p.basis).toBe('price unknown');
    expect(p.rewriteUsd).toBeNull();
    expect(p.savedUsdPerRequest).toBeNull();
    expect(p.breakEven.kind).toBe('unknown');
    expect(p.rewriteTokens).toBe(50_040);
  });

  it('a summary as large as its segment never pays back', () => {
    const p = evictionPrice({ before: 0, removed: 100, replacement: 120, afterKept: 5_000 }, { cached: 5_100, prompt: 5_100 }, SONNET);
    expect(p.breakEven.kind).toBe('never');
  });

  it('a batch counts its parts together and an already withheld part as its placeholder', () => {
    const parts: PrefixPart[] = [
      { id: 'a', tokens: 1_000, replacement: 10 },
      { id: 'gone', tokens: 5_000, replacement: 10, withheld: true },
      { id: 'b', tokens: 2_000, replacement: 10 },
      { id: 'c', tokens: 3_000, replacement: 0 },
    ];
    expect(placeOf(100, parts, new Set(['a', 'b']))).toEqual({ before: 100, removed: 3_000, replacement: 20, afterKept: 3_010 });
    expect(placeOf(100, parts, new Set(['zzz']))).toBeNull();
  });
});

describe('every segment placed in one pass', () => {
  it('gives what placeOf gives for each segment alone, withheld neighbours and repeated ids included', () => {
    let seed = 11;
    const rnd = () => (seed = (seed * 1103515245 + 12345) & 0x7fffffff);
    const parts: PrefixPart[] = Array.from({ length: 300 }, (_, i) => ({ id: `s${rnd() % 280}`, tokens: 1 + (rnd() % 5_000), replacement: rnd() % 60, ...(i % 17 === 3 ? { withheld: true } : {}) }));
    const fast = singlePlaces(900, parts);
    parts.forEach((p, i) => {
      const unwithheld = parts.map((q) => (q.id === p.id ? { ...q, withheld: false } : q));
      expect(fast[i], `part ${i} (${p.id})`).toEqual(placeOf(900, unwithheld, new Set([p.id])));
    });
  });
});

describe('eviction timing', () => {
  const costly = evictionPrice({ before: 0, removed: 1_000, replacement: 10, afterKept: 100_000 }, { cached: 101_000, prompt: 101_000 }, SONNET);
  const cheap = evictionPrice({ before: 100_000, removed: 10_000, replacement: 10, afterKept: 500 }, { cached: 110_500, prompt: 110_500 }, SONNET);
  const base: TimingInput = { pending: [{ id: 'x', timing: 'cheap', price: costly }], together: costly, idleSeconds: 10, lifetimeSeconds: 300, compacted: false };

  it('a costly mid-context eviction waits while the cache is warm', () => {
    expect(costly.breakEven.kind === 'requests' && costly.breakEven.requests > QUICK_PAYBACK_REQUESTS).toBe(true);
    expect(dueEvictions(base).size).toBe(0);
  });
  it("applies at the first request after the cache's lifetime, not before", () => {
    expect(dueEvictions({ ...base, idleSeconds: 299 }).size).toBe(0);
    expect([...dueEvictions({ ...base, idleSeconds: 300 })]).toEqual([['x', 'lifetime']]);
  });
  it('applies when the CLI compacts', () => {
    expect([...dueEvictions({ ...base, compacted: true })]).toEqual([['x', 'compaction']]);
  });
  it('applies at once when asked now, when cheap, or with no previous request', () => {
    expect([...dueEvictions({ ...base, pending: [{ id: 'x', timing: 'now', price: costly }] })]).toEqual([['x', 'now']]);
    expect([...dueEvictions({ ...base, pending: [{ id: 'x', timing: 'cheap', price: cheap }] })]).toEqual([['x', 'cheap']]);
    expect([...dueEvictions({ ...base, idleSeconds: null })]).toEqual([['x', 'cheap']]);
  });
  it('applies the pending ones together once together they pay back quickly', () => {
    const two = [
      { id: 'x', timing: 'cheap' as const, price: costly },
      { id: 'y', timing: 'cheap' as const, price: costly },
    ];
    expect(dueEvictions({ ...base, pending: two, together: costly }).size).toBe(0);
    expect([...dueEvictions({ ...base, pending: two, together: cheap })]).toEqual([
      ['x', 'batch'],
      ['y', 'batch'],
    ]);
  });
});
