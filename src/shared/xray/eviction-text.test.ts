import { describe, expect, it } from 'vitest';
import type { SegmentEviction } from '../contract/xray';
import { evictionPrice } from '../cost/eviction-price';
import { evictionPriceLine, evictionStateWhy, evictionStateWord } from './eviction-text';

const SONNET = { input: 3, output: 15, cacheWrite: 3.75, cacheRead: 0.3 };
const price = evictionPrice({ before: 500, removed: 10_000, replacement: 0, afterKept: 139_500 }, { cached: 150_000, prompt: 150_000 }, SONNET);

describe('eviction words', () => {
  it('says the price before it applies: saved per request, the one re-write at list price, the break-even', () => {
    expect(evictionPriceLine({ price, state: null })).toBe('saves ≈ 10,000 tokens a request · re-writes ≈ 139,500 cached tokens once ($0.52 list price) · pays back after 161 requests');
  });
  it('says "price unknown", never $0, for a model without a price', () => {
    const unknown = evictionPrice({ before: 0, removed: 100, replacement: 10, afterKept: 5_000 }, { cached: 5_100, prompt: 5_100 }, null);
    expect(evictionPriceLine({ price: unknown, state: null })).toBe(
      'saves ≈ 90 tokens a request · re-writes ≈ 5,010 cached tokens once (price unknown) · break-even unknown (the catalog has no price for this model)',
    );
  });
  it('names the state: pending is still sent; applied says since which request and why', () => {
    const pending: SegmentEviction = { price, state: 'pending', timing: 'cheap', note: 'pending: still sent; …' };
    expect(evictionStateWord(pending)).toBe('pending: still sent');
    const applied: SegmentEviction = { price: null, state: 'applied', timing: 'cheap', applied: { at: '2026-12-05T08:00:00Z', sessionId: 's', seq: 7, reason: 'lifetime' } };
    expect(evictionStateWord(applied)).toBe('withheld since #7');
    expect(evictionStateWhy(applied)).toBe("applied after the cache's lifetime passed (request #7); every later request withholds it");
    expect(evictionStateWord({ price, state: null })).toBeNull();
  });
});
