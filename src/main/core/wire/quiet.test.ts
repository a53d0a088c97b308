import { describe, expect, it } from 'vitest';
import { quietClock } from './quiet';

const since = (t: number) => performance.now() - t;

describe('quietClock', () => {
  it('is quiet at once when nothing ever arrived', async () => {
    const t = performance.now();
    await quietClock().whenQuiet(5_000, 10_000);
    expect(since(t)).toBeLessThan(2_000);
  });

  it('waits while a body is being read, then for the quiet time after it', async () => {
    const q = quietClock();
    const arrival = q.arrived();
    const t = performance.now();
    let read = 0;
    setTimeout(() => {
      read = performance.now();
      arrival.read();
    }, 60);
    await q.whenQuiet(30, 5_000);
    expect(read).toBeGreaterThan(0);
    expect(performance.now() - read).toBeGreaterThanOrEqual(29);
    expect(since(t)).toBeGreaterThanOrEqual(89);
  });

  it('gives up waiting after maxWaitMs, and at once after close', async () => {
    const q = quietClock();
    q.arrived(); // never read
    const t = performance.now();
    await q.whenQuiet(10, 80);
    expect(since(t)).toBeGreaterThanOrEqual(79);
    const closing = q.whenQuiet(10, 60_000);
    q.close();
    const t2 = performance.now();
    await closing;
    expect(since(t2)).toBeLessThan(1_000);
  });
});
