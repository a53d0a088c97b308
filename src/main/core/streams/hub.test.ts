import { describe, expect, it } from 'vitest';
import { StreamHub } from './hub';

describe('StreamHub key cap', () => {
  it('drops the oldest unfollowed keys past the cap, and a dropped key numbers on from where it was', () => {
    const hub = new StreamHub({ maxKeys: 3 });
    const task = (id: string) => hub.publish('task', id, { type: 'progress', done: 1, total: 2 } as never);
    task('quiet');
    task('quiet');
    for (const id of ['a', 'b', 'c', 'd']) task(id);
    // 'quiet' was the least recently written and nobody followed it: its events are gone...
    expect(hub.stats().keys).toBe(3);
    expect(hub.lastSeq('task:quiet')).toBe(0);
    // ...but its numbering is not: the next event is 3, never 1 again.
    expect(task('quiet').seq).toBe(3);
    expect(task('a').seq).toBe(2);
    expect(task('new').seq).toBe(1);
  });
});
