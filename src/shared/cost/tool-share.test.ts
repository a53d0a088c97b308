import { describe, expect, it } from 'vitest';
import { deferredDefinitionPrice, toolDefinitionPrices } from './tool-share';

// Sonnet-like list prices, USD per million: input 3, cache write 3.75, cache read 0.30, output 15.
const price = { input: 3, output: 15, cacheRead: 0.3, cacheWrite: 3.75 };

describe('toolDefinitionPrices', () => {
  it('prices definitions at the start of the prompt: cache read first, then cache write, then fresh input', () => {
    // 1,000 read, 500 written, 2,000 fresh. Tools of 800, 400 and 600 tokens span [0,800), [800,1200), [1200,1800).
    const usd = toolDefinitionPrices([{ tokens: 800 }, { tokens: 400 }, { tokens: 600 }], { cacheRead: 1000, cacheWrite: 500, input: 2000, output: 50 }, price);
    expect(usd[0]).toBeCloseTo((800 * 0.3) / 1e6, 12);
    expect(usd[1]).toBeCloseTo((200 * 0.3 + 200 * 3.75) / 1e6, 12);
    expect(usd[2]).toBeCloseTo((300 * 3.75 + 300 * 3) / 1e6, 12);
  });

  it('a first request (all written) pays the write price; nothing beyond the reported input is priced', () => {
    expect(toolDefinitionPrices([{ tokens: 100 }], { cacheRead: 0, cacheWrite: 5000, input: 10, output: 1 }, price)[0]).toBeCloseTo((100 * 3.75) / 1e6, 12);
    // Loupe counted more than the provider reported: only the reported 50 tokens are priced.
    expect(toolDefinitionPrices([{ tokens: 100 }], { cacheRead: 0, cacheWrite: 0, input: 50, output: 1 }, price)[0]).toBeCloseTo((50 * 3) / 1e6, 12);
  });

  it('a request written to the 1-hour cache (a Claude subscription) pays the 1-hour write price, 2x input', () => {
    expect(toolDefinitionPrices([{ tokens: 100 }], { cacheRead: 0, cacheWrite: 5000, cacheWrite1h: 5000, input: 10, output: 1 }, price)[0]).toBeCloseTo((100 * 6) / 1e6, 12);
    expect(deferredDefinitionPrice(100, { cacheRead: 0, cacheWrite: 5000, cacheWrite1h: 5000, input: 0, output: 1 }, price)).toBeCloseTo((100 * 6) / 1e6, 12);
  });

  it('starts after the system blocks where the provider caches them first (OpenAI, Gemini)', () => {
    // 900 system tokens first: a 200-token definition spans [900, 1100): 100 read, 100 written.
    expect(toolDefinitionPrices([{ tokens: 200 }], { cacheRead: 1000, cacheWrite: 500, input: 0, output: 0 }, price, 900)[0]).toBeCloseTo((100 * 0.3 + 100 * 3.75) / 1e6, 12);
  });

  it('uses the tier of the whole request, and the input price where no cache price is published', () => {
    const tiered = { input: 1, output: 2, tiers: [{ size: 1000, input: 10, output: 20 }] };
    expect(toolDefinitionPrices([{ tokens: 10 }], { cacheRead: 600, cacheWrite: 0, input: 600, output: 0 }, tiered)[0]).toBeCloseTo((10 * 10) / 1e6, 12);
    expect(toolDefinitionPrices([{ tokens: 10 }], { cacheRead: 600, cacheWrite: 0, input: 0, output: 0 }, tiered)[0]).toBeCloseTo((10 * 1) / 1e6, 12);
  });
});

describe('deferredDefinitionPrice', () => {
  it('prices a deferred definition at the request’s average input price per token', () => {
    const tokens = { cacheRead: 1000, cacheWrite: 500, input: 2500, output: 50 };
    const average = (1000 * 0.3 + 500 * 3.75 + 2500 * 3) / 1e6 / 4000;
    expect(deferredDefinitionPrice(200, tokens, price)).toBeCloseTo(200 * average, 12);
    expect(deferredDefinitionPrice(200, { cacheRead: 0, cacheWrite: 0, input: 0, output: 5 }, price)).toBe(0);
  });
});
