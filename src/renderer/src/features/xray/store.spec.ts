// The X-Ray store through its public actions, over a fake bridge that lets the spec choose
// the order answers arrive in: a late answer never replaces a newer one, and Undo puts back
// the directive a segment had.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Segment, ThreadManifest } from '../../../../shared/contract/xray';
import { callsTo, push, resetBridge, take } from '../../testing/fake-bridge';
import { useXray } from './store';

vi.mock('../../bridge', () => import('../../testing/fake-bridge'));

/** A manifest the store only passes along: `label` tells the answers apart. */
function manifest(label: string, segments: Segment[] = [], threadId = 't1'): ThreadManifest {
  return { source: 'thread', threadId, sessionFile: null, label, segments } as unknown as ThreadManifest;
}

function segment(id: string, status: Segment['status'], summary?: string): Segment {
  return { id, kind: 'tool', source: 'r1', tokens: { tokens: 10, kind: 'estimate' }, bytes: 40, status, preview: 'p', ...(summary ? { summary } : {}) };
}

/** Opens thread t1 and answers its first manifest. */
async function openThread(first = manifest('first')): Promise<void> {
  const selecting = useXray.getState().select('t1');
  await take('xray.manifest').answer(first);
  await selecting;
}

const shown = () => (useXray.getState().manifest as unknown as { label: string } | null)?.label;

beforeEach(() => {
  // The thread poll (setInterval) and the burst debounce never fire unless a spec advances time.
  vi.useFakeTimers();
  resetBridge();
});
afterEach(() => {
  useXray.getState().unfollowThread();
  vi.useRealTimers();
});

describe('X-Ray answers arrive out of order', () => {
  it('a late manifest for an older refresh does not replace the newer one shown', async () => {
    await openThread();
    void useXray.getState().refresh();
    void useXray.getState().refresh();
    const [older, newer] = [take('xray.manifest'), take('xray.manifest')];
    await newer.answer(manifest('newer'));
    expect(shown()).toBe('newer');
    await older.answer(manifest('older'));
    expect(shown()).toBe('newer');
  });

  it('an action answered after a refresh it overtook keeps its result', async () => {
    await openThread(manifest('first', [segment('s1', 'active')]));
    void useXray.getState().refresh();
    const refresh = take('xray.manifest');
    const acting = useXray.getState().act('evict', segment('s1', 'active'));
    expect(useXray.getState().busy).toBe('s1');
    await take('xray.evict').answer(manifest('evicted'));
    await acting;
    expect(shown()).toBe('evicted');
    await refresh.answer(manifest('stale refresh'));
    expect(shown()).toBe('evicted');
    expect(useXray.getState().busy).toBeNull();
  });

  it('a manifest for a thread no longer shown is dropped', async () => {
    await openThread();
    void useXray.getState().refresh();
    const late = take('xray.manifest');
    const other = useXray.getState().select('t2');
    await take('xray.manifest').answer(manifest('t2', [], 't2'));
    await other;
    await late.answer(manifest('t1 late'));
    expect(useXray.getState().threadId).toBe('t2');
    expect(shown()).toBe('t2');
  });

  it('a measure answered after a newer one is dropped', async () => {
    await openThread();
    void useXray.getState().refresh();
    await take('xray.manifest').answer(manifest('second'));
    // Each shown manifest measures the next prompt again: two measures in flight now.
    const [first, second] = [take('xray.measure'), take('xray.measure')];
    await second.answer({ label: 'new' } as never);
    await first.answer({ label: 'old' } as never);
    expect(useXray.getState().measured).toEqual({ label: 'new' });
  });
});

describe('a directive and the event it causes (issue 24: evict measured once)', () => {
  /** What `thread:t1` carries when the thread's manifest changed. */
  const announce = (builtAt: string, reason: 'directive' | 'turn') =>
    push({ key: 'thread:t1', kind: 'thread', seq: 1, payload: { type: 'manifest', reason, builtAt } } as never);
  const withMeasure = (label: string, builtAt: string) => ({ ...manifest(label, [segment('s1', 'evicted')]), builtAt, measured: { promptBytes: 900 } }) as never;

  it('the announcement of its own eviction, heard before the answer, reads and measures nothing again', async () => {
    await openThread({ ...manifest('first', [segment('s1', 'active')]), builtAt: 'b1' } as never);
    await take('xray.measure').answer({ promptBytes: 1000 } as never);
    const acting = useXray.getState().act('evict', segment('s1', 'active'));
    // The host announces the manifest the directive built while it still measures the next prompt.
    announce('b2', 'directive');
    await vi.advanceTimersByTimeAsync(200);
    expect(callsTo('xray.manifest')).toEqual([]);
    await take('xray.evict').answer(withMeasure('evicted', 'b2'));
    await acting;
    await vi.advanceTimersByTimeAsync(200);
    expect(shown()).toBe('evicted');
    expect(useXray.getState().measured).toEqual({ promptBytes: 900 });
    expect(callsTo('xray.manifest')).toEqual([]);
    expect(callsTo('xray.measure')).toEqual([]);
  });

  it('a turn announced while the directive was answered is read once the answer is shown', async () => {
    await openThread({ ...manifest('first', [segment('s1', 'active')]), builtAt: 'b1' } as never);
    await take('xray.measure').answer({ promptBytes: 1000 } as never);
    const acting = useXray.getState().act('evict', segment('s1', 'active'));
    announce('b2', 'directive');
    announce('b3', 'turn');
    await vi.advanceTimersByTimeAsync(200);
    expect(callsTo('xray.manifest')).toEqual([]);
    await take('xray.evict').answer(withMeasure('evicted', 'b2'));
    await acting;
    await take('xray.manifest').answer({ ...manifest('after the turn'), builtAt: 'b3' } as never);
    expect(shown()).toBe('after the turn');
  });

  it('a turn announced while a refused directive was answered is read all the same', async () => {
    await openThread({ ...manifest('first', [segment('s1', 'active')]), builtAt: 'b1' } as never);
    await take('xray.measure').answer({ promptBytes: 1000 } as never);
    const acting = useXray.getState().act('evict', segment('s1', 'active'));
    announce('b3', 'turn');
    await vi.advanceTimersByTimeAsync(200);
    expect(callsTo('xray.manifest')).toEqual([]);
    await take('xray.evict').fail({ code: 'protected-segment', message: 'The turn in progress cannot be evicted.' } as never);
    await acting;
    expect(useXray.getState().actionError?.at).toBe('s1');
    await take('xray.manifest').answer({ ...manifest('after the turn'), builtAt: 'b3' } as never);
    expect(shown()).toBe('after the turn');
  });
});

describe('X-Ray apply now (issue 37)', () => {
  it('a pending wire eviction or summary is asked again with now; a plain evict waits for a cheap moment', async () => {
    await openThread();
    const plain = useXray.getState().act('evict', segment('s1', 'active'));
    const evict = take('xray.evict');
    expect(evict.request).toEqual({ threadId: 't1', segmentId: 's1' });
    await evict.answer(manifest('pending'));
    await plain;
    const now = useXray.getState().act('evict', segment('s1', 'evicted'), undefined, true);
    const applied = take('xray.evict');
    expect(applied.request).toEqual({ threadId: 't1', segmentId: 's1', now: true });
    await applied.answer(manifest('next'));
    await now;
    const summary = useXray.getState().act('summarize', segment('s2', 'summarized', 'short'), 'short', true);
    const summarized = take('xray.summarize');
    expect(summarized.request).toEqual({ threadId: 't1', segmentId: 's2', summary: 'short', now: true });
    await summarized.answer(manifest('summary next'));
    await summary;
  });
});

describe('X-Ray undo', () => {
  it('undoing an evict of an included segment restores it', async () => {
    await openThread();
    const s = segment('s1', 'active');
    const acting = useXray.getState().act('evict', s);
    await take('xray.evict').answer(manifest('evicted'));
    await acting;
    expect(useXray.getState().undo).toMatchObject({ segmentId: 's1', did: 'evict', before: null });

    const undoing = useXray.getState().undoLast();
    const restore = take('xray.restore');
    expect(restore.request).toEqual({ threadId: 't1', segmentId: 's1' });
    await restore.answer(manifest('restored'));
    await undoing;
    expect(shown()).toBe('restored');
    expect(useXray.getState().undo).toBeNull();
  });

  it('undoing a pin of a summarized segment summarizes it again with its summary', async () => {
    await openThread();
    const acting = useXray.getState().act('pin', segment('s2', 'summarized', 'short version'));
    await take('xray.pin').answer(manifest('pinned'));
    await acting;

    const undoing = useXray.getState().undoLast();
    const again = take('xray.summarize');
    expect(again.request).toEqual({ threadId: 't1', segmentId: 's2', summary: 'short version' });
    await again.answer(manifest('summarized again'));
    await undoing;
    expect(shown()).toBe('summarized again');
  });

  it('a failed undo keeps the undo entry and shows the error', async () => {
    await openThread();
    const acting = useXray.getState().act('evict', segment('s3', 'pinned'));
    await take('xray.evict').answer(manifest('evicted'));
    await acting;

    const undoing = useXray.getState().undoLast();
    await take('xray.pin').fail({ code: 'conflict', message: 'The segment changed.' });
    await undoing;
    expect(useXray.getState().undo).toMatchObject({ segmentId: 's3', did: 'evict', before: { kind: 'pin' } });
    // Shown on the segment's own row, not at the top of the view.
    expect(useXray.getState().actionError).toMatchObject({ at: 's3', error: { code: 'conflict' } });
    expect(useXray.getState().error).toBeNull();
    expect(useXray.getState().busy).toBeNull();
    expect(shown()).toBe('evicted');
  });

  it('opening another thread forgets the undo', async () => {
    await openThread();
    const acting = useXray.getState().act('evict', segment('s4', 'active'));
    await take('xray.evict').answer(manifest('evicted'));
    await acting;
    const other = useXray.getState().select('t2');
    await take('xray.manifest').answer(manifest('t2'));
    await other;
    expect(useXray.getState().undo).toBeNull();
    await useXray.getState().undoLast();
    expect(callsTo('xray.restore')).toEqual([]);
  });
});

describe('what an action says (issue 22, friction)', () => {
  it('names what was acted on in words, not by its id', async () => {
    await openThread();
    const s = { ...segment('tool-0d01b8d369da30dd', 'active'), label: 'Read', preview: 'src/cache.ts: 1,200 lines', tokens: { tokens: 1234, kind: 'estimate' as const } };
    const acting = useXray.getState().act('evict', s);
    await take('xray.evict').answer(manifest('evicted'));
    await acting;
    expect(useXray.getState().undo?.what).toBe('the tool call Read (≈ 1,234 tokens)');
    expect(useXray.getState().undo?.what).not.toContain('0d01b8d369da30dd');
  });

  it('a refused action is kept with the segment that caused it; the next action or thread clears it', async () => {
    await openThread();
    const acting = useXray.getState().act('pin', segment('s9', 'active'));
    await take('xray.pin').fail({ code: 'invalid-input', message: 'Segment s9 is not in the CLI’s context.' });
    await acting;
    expect(useXray.getState().actionError).toMatchObject({ at: 's9', error: { code: 'invalid-input' } });
    expect(useXray.getState().error).toBeNull();
    const again = useXray.getState().act('evict', segment('s1', 'active'));
    expect(useXray.getState().actionError).toBeNull();
    await take('xray.evict').answer(manifest('evicted'));
    await again;
  });
});
