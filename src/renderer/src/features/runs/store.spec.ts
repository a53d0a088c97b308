// The Runs store through its public actions, over the fake bridge (issue 22, friction):
// "Runs of this thread" never leaves a run of another thread on screen.
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { RunDetail, RunSummary } from '../../../../shared/contract/runs';
import { callsTo, resetBridge, take } from '../../testing/fake-bridge';
import { useShell } from '../../state/shell-store';
import { useRuns } from './store';

vi.mock('../../bridge', () => import('../../testing/fake-bridge'));

function run(id: string, threadId: string): RunSummary {
  return { id, threadId, repo: '/r', agent: 'demo', model: null, askPreview: id, status: 'succeeded', createdAt: '2026-01-01T00:00:00Z', endedAt: '2026-01-01T00:00:01Z', stepCount: 1, stagedDir: null };
}
function detail(r: RunSummary): RunDetail {
  return { run: r, settings: {} as RunDetail['settings'], steps: [], events: [], lastSeq: 0, wire: { steps: [] } as unknown as RunDetail['wire'] };
}

/** Selects run `r` and answers what selecting it asks. */
async function selectRun(r: RunSummary): Promise<void> {
  const selecting = useRuns.getState().select(r.id);
  await take('runs.get').answer(detail(r));
  await selecting;
  await take('runs.list').answer([r]);
}

beforeEach(() => {
  resetBridge();
  useRuns.setState({ repo: '/r', run: null, selectedId: null, threadFilter: null, threadRuns: [] });
});

describe('Runs of this thread', () => {
  it('opens the newest run of that thread when the one shown belongs to another thread', async () => {
    await selectRun(run('a1', 'thread-a'));
    const opening = useRuns.getState().openThread('thread-b');
    expect(useRuns.getState().threadFilter).toBe('thread-b');
    // Nothing of thread A stays on screen while thread B's newest run is looked up.
    expect(useRuns.getState().run).toBeNull();
    const list = take('runs.list');
    expect(list.request).toEqual({ threadId: 'thread-b', limit: 1 });
    await list.answer([run('b2', 'thread-b')]);
    const get = take('runs.get');
    expect(get.request).toEqual({ runId: 'b2' });
    await get.answer(detail(run('b2', 'thread-b')));
    await opening;
    expect(useRuns.getState().selectedId).toBe('b2');
    expect(useRuns.getState().run?.threadId).toBe('thread-b');
  });

  it('keeps the run shown when it is already of that thread', async () => {
    await selectRun(run('a1', 'thread-a'));
    await useRuns.getState().openThread('thread-a');
    expect(callsTo('runs.list')).toHaveLength(0);
    expect(useRuns.getState().selectedId).toBe('a1');
    expect(useRuns.getState().threadFilter).toBe('thread-a');
  });
});

describe('an action’s error belongs to its control (issue 22, friction)', () => {
  it('a refused retry is said where Retry is (the blocked panel), a refused follow-up under its box', async () => {
    await selectRun(run('a1', 'thread-a'));
    const retrying = useRuns.getState().retry();
    await take('runs.retry').fail({ code: 'invalid-input', message: 'This run is still going; cancel it first.' });
    await retrying;
    expect(useRuns.getState()).toMatchObject({ actionErrorAt: 'retry', actionError: { code: 'invalid-input' } });
    useRuns.setState({ settings: { agent: 'demo', loop: {} } as unknown as RunDetail['settings'] });
    const following = useRuns.getState().followUp('again', false);
    expect(useRuns.getState().actionErrorAt).toBeNull();
    await take('memory.list').answer([]);
    await take('runs.start').fail({ code: 'conflict', message: 'The thread moved on.' });
    await following;
    expect(useRuns.getState()).toMatchObject({ actionErrorAt: 'follow-up', actionError: { code: 'conflict' } });
  });
});

describe('Handing over to Runs through the shell (the Inspector and X-Ray import no Runs)', () => {
  it('showInRuns opens the Runs view on the run handed over, once', async () => {
    const r = run('c3', 'thread-c');
    useShell.getState().showInRuns({ run: detail(r) });
    expect(useShell.getState().view).toBe('runs');
    expect(useRuns.getState().run?.id).toBe('c3');
    expect(useShell.getState().runsFocus).toBeNull();
    await take('runs.list').answer([r]);
  });

  it('showInRuns on a thread filters Runs to that thread', async () => {
    useShell.getState().showInRuns({ threadId: 'thread-d' });
    expect(useShell.getState().view).toBe('runs');
    expect(useRuns.getState().threadFilter).toBe('thread-d');
    expect(take('runs.list').request).toEqual({ threadId: 'thread-d', limit: 1 });
  });
});
