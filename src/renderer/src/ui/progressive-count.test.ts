import { describe, expect, it } from 'vitest';
import { nextProgressiveCount } from './progressive-count';

describe('nextProgressiveCount', () => {
  it('adds a step, and stops at the total', () => {
    expect(nextProgressiveCount(30, 200, 40)).toBe(70);
    expect(nextProgressiveCount(190, 200, 40)).toBe(200);
    expect(nextProgressiveCount(200, 200, 40)).toBe(200);
  });

  it('reaches every total in whole steps from any start', () => {
    for (const total of [0, 1, 29, 30, 31, 199, 200]) {
      let n = Math.min(total, 30);
      let steps = 0;
      while (n < total) {
        n = nextProgressiveCount(n, total, 40);
        steps++;
      }
      expect(n).toBe(total);
      expect(steps).toBe(Math.ceil(Math.max(0, total - 30) / 40));
    }
  });

  it('never shrinks what is shown (everything shown at once stays shown)', () => {
    expect(nextProgressiveCount(Number.POSITIVE_INFINITY, 200, 40)).toBe(Number.POSITIVE_INFINITY);
    expect(nextProgressiveCount(250, 200, 40)).toBe(250);
  });

  it('refuses a step that would never finish', () => {
    expect(() => nextProgressiveCount(0, 10, 0)).toThrow(RangeError);
    expect(() => nextProgressiveCount(0, 10, Number.NaN)).toThrow(RangeError);
  });
});
