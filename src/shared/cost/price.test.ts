import { describe, expect, it } from 'vitest';
import { billableFromProvider, billableFromTotalInput, formatUsd, priceRequest, priceText, totalsText, emptyTotals, addRequest, type ModelPrice } from './price';

// gemini-2.5-pro as the bundled catalog has it.
const GEMINI_PRO: ModelPrice = { input: 1.25, output: 10, cacheRead: 0.125, tiers: [{ size: 200_000, input: 2.5, output: 15, cacheRead: 0.25 }] };

describe('list price', () => {
  it("follows each provider's counting rule for cached tokens", () => {
    // Anthropic: cache tokens apart from input_tokens.
    expect(billableFromProvider('anthropic', { input: 177, cacheRead: 1000, cacheWrite: 50, output: 9 })).toEqual({ input: 177, cacheRead: 1000, cacheWrite: 50, output: 9 });
    // OpenAI: input_tokens includes cached_tokens.
    expect(billableFromProvider('openai', { input: 1200, cacheRead: 1000, output: 9 })).toEqual({ input: 200, cacheRead: 1000, cacheWrite: 0, output: 9 });
    // Gemini: cachedContentTokenCount is part of promptTokenCount.
    expect(billableFromProvider('gemini', { input: 5000, cacheRead: 4096, output: 1 })).toEqual({ input: 904, cacheRead: 4096, cacheWrite: 0, output: 1 });
    // The wire's usage counts every input token in `input`.
    expect(billableFromTotalInput({ input: 1227, cacheRead: 1000, cacheWrite: 50, output: 9 })).toEqual({ input: 177, cacheRead: 1000, cacheWrite: 50, output: 9 });
  });

  it('a request that crosses a tier is priced whole at the tier; one at the size stays at the base', () => {
    const at = priceRequest({ input: 100_000, cacheRead: 100_000, cacheWrite: 0, output: 1_000 }, GEMINI_PRO);
    expect(at).toMatchObject({ kind: 'priced', tier: null });
    if (at.kind !== 'priced') throw new Error('unpriced');
    expect(at.usd).toBeCloseTo((100_000 * 1.25 + 100_000 * 0.125 + 1_000 * 10) / 1e6, 12);
    const over = priceRequest({ input: 100_001, cacheRead: 100_000, cacheWrite: 0, output: 1_000 }, GEMINI_PRO);
    if (over.kind !== 'priced') throw new Error('unpriced');
    expect(over.tier).toBe(200_000);
    // Every token of the request at the tier's prices, not only those above 200,000.
    expect(over.usd).toBeCloseTo((100_001 * 2.5 + 100_000 * 0.25 + 1_000 * 15) / 1e6, 12);
    expect(over.noCacheUsd).toBeCloseTo((200_001 * 2.5 + 1_000 * 15) / 1e6, 12);
    expect(priceText(over)).toBe('$0.29 list price (above 200,000 tokens: tier price)');
  });

  it('unpublished cache prices fall back to the input price; no price is "price unknown", never $0', () => {
    const p = priceRequest({ input: 0, cacheRead: 1_000_000, cacheWrite: 1_000_000, output: 0 }, { input: 2, output: 8 });
    expect(p).toMatchObject({ kind: 'priced', usd: 4 });
    const none = priceRequest({ input: 10, cacheRead: 0, cacheWrite: 0, output: 1 }, null);
    expect(none.kind).toBe('unknown');
    expect(priceText(none)).toBe('price unknown');
    const t = addRequest(emptyTotals(), { input: 10, cacheRead: 0, cacheWrite: 0, output: 1 }, none, 'mystery-1');
    expect(totalsText(t)).toBe('price unknown (mystery-1)');
  });

  it('prices 1-hour cache writes at twice the input price, the 5-minute ones at the published write price', () => {
    const sonnet: ModelPrice = { input: 3, output: 15, cacheRead: 0.3, cacheWrite: 3.75 };
    // Claude Code's transcript splits its writes (cache_creation.ephemeral_1h_input_tokens).
    const split = billableFromProvider('anthropic', { input: 10, cacheRead: 0, cacheWrite: 1_000_000, cacheWrite1h: 400_000, output: 0 });
    expect(split).toEqual({ input: 10, cacheRead: 0, cacheWrite: 1_000_000, cacheWrite1h: 400_000, output: 0 });
    const p = priceRequest(split, sonnet);
    expect(p.kind === 'priced' && p.parts.cacheWrite).toBeCloseTo(0.6 * 3.75 + 0.4 * 6, 12);
    // The wire knows the request asked for a 1-hour cache: all its writes are 1-hour writes.
    const wire = billableFromTotalInput({ input: 1_000_100, cacheRead: 0, cacheWrite: 1_000_000, output: 0 }, '1h');
    expect(wire.cacheWrite1h).toBe(1_000_000);
    const w = priceRequest(wire, sonnet);
    expect(w.kind === 'priced' && w.usd).toBeCloseTo(6 + (100 * 3) / 1e6, 12);
    // Without one, nothing changes.
    expect(billableFromTotalInput({ input: 1_000_100, cacheRead: 0, cacheWrite: 1_000_000, output: 0 }).cacheWrite1h).toBeUndefined();
  });

  it('formats dollars', () => {
    expect(formatUsd(9.52614975)).toBe('$9.53');
    expect(formatUsd(1234.5)).toBe('$1,234.50');
    expect(formatUsd(0.0123)).toBe('$0.012');
    expect(formatUsd(0.00042)).toBe('$0.0004');
    expect(formatUsd(0.06)).toBe('$0.06');
    expect(formatUsd(0)).toBe('$0.00');
  });
});
