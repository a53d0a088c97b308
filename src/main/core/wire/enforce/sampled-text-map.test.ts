import { describe, expect, it } from 'vitest';
import { SampledTextMap } from './sampled-text-map';

describe('SampledTextMap', () => {
  it('tells apart long texts that share length and samples, by the whole text', () => {
    const a = 'x'.repeat(300) + 'A' + 'x'.repeat(300) + 'y'.repeat(2000);
    const b = 'x'.repeat(300) + 'B' + 'x'.repeat(300) + 'y'.repeat(2000);
    const m = new SampledTextMap<number>();
    m.set(a, 1).set(b, 2).set('short', 3);
    expect([m.get(a), m.get(b), m.get('short'), m.get(a.slice(1) + 'x')]).toEqual([1, 2, 3, undefined]);
    // A copy of the text (a new string, as each request's parse makes) finds it.
    expect(m.get(Buffer.from(a).toString())).toBe(1);
    m.set(a, 4);
    expect(m.get(a)).toBe(4);
    expect(m.size).toBe(2);
    m.clear();
    expect(m.get(a)).toBeUndefined();
  });
});
