// The Inspector store's Inspect through its public action, over a fake bridge that lets the
// spec choose when answers arrive: the tree is read again after the inspection, never beside it.
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { callsTo, resetBridge, take } from '../../testing/fake-bridge';
import { useInspector } from './store';

vi.mock('../../bridge', () => import('../../testing/fake-bridge'));

const result = { baseRef: 'HEAD', baseCommit: 'c'.repeat(40), files: [], omitted: [], totals: {} } as never;

beforeEach(() => {
  resetBridge();
  useInspector.setState({ repo: '/repo', baseRef: 'HEAD', selected: [{ path: 'src', kind: 'dir' }], running: false, refreshing: false, result: null });
});

describe('Inspect and the tree (issue 24: the wait for the result)', () => {
  it('reads the tree and the refs again only once the inspection has answered', async () => {
    void useInspector.getState().inspect();
    // Without previews: a row asks for its own when it opens (a 200-file answer is ~50 KB, not ~1.7 MB).
    expect(take('context.inspect').request).toMatchObject({ repo: '/repo', baseRef: 'HEAD', paths: ['src'], previews: false });
    // While the inspection runs, nothing else reads the repository.
    expect(callsTo('repo.listDir')).toEqual([]);
    expect(callsTo('repo.refs')).toEqual([]);
    await vi.waitFor(() => expect(useInspector.getState().running).toBe(true));
    expect(callsTo('repo.listDir')).toEqual([]);
  });

  it('once answered (or failed), what is on disk is listed again', async () => {
    for (const outcome of ['answer', 'fail'] as const) {
      resetBridge();
      const inspecting = useInspector.getState().inspect();
      const call = take('context.inspect');
      if (outcome === 'answer') await call.answer(result);
      else await call.fail({ code: 'bad-ref', message: 'That commit or branch doesn’t exist.' });
      await inspecting;
      expect(useInspector.getState().running).toBe(false);
      // Not in the answer's own render: after it is painted.
      expect(callsTo('repo.listDir')).toEqual([]);
      await vi.waitFor(() => expect(callsTo('repo.listDir')).toHaveLength(1));
      expect(callsTo('repo.listDir').map((c) => c.request)).toEqual([{ repo: '/repo', baseRef: 'HEAD', dir: '' }]);
      expect(callsTo('repo.refs')).toHaveLength(1);
      // The refresh ends, so the next Inspect can refresh again.
      await take('repo.listDir').answer({ entries: [] } as never);
      await take('repo.refs').answer({ branches: [], tags: [], commits: [] } as never);
      await vi.waitFor(() => expect(useInspector.getState().refreshing).toBe(false));
    }
  });
});
