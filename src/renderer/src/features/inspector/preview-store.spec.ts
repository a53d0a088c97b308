// The preview store over a fake bridge: a row's preview is asked for once (a second ask waits for
// the first), a hash main no longer holds says so, and the export's document gets every preview
// or a clear error, never a file without one.
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { InspectResult } from '../../../../shared/contract/context';
import { callsTo, resetBridge, take } from '../../testing/fake-bridge';
import { GONE_MESSAGE, usePreviews } from './preview-store';

vi.mock('../../bridge', () => import('../../testing/fake-bridge'));

const sha = (c: string) => c.repeat(64);
const file = (path: string, hash: string, preview?: string) => ({ path, sha256: hash, ...(preview === undefined ? {} : { preview }) });
const result = (...files: ReturnType<typeof file>[]) => ({ baseCommit: 'c'.repeat(40), files }) as unknown as InspectResult;

beforeEach(() => {
  resetBridge();
  usePreviews.setState({ bySha: {} });
});

describe('previews asked for when a row opens', () => {
  it('asks main once per hash, and holds the answer', async () => {
    const first = usePreviews.getState().load([sha('a')]);
    const again = usePreviews.getState().load([sha('a')]);
    expect(usePreviews.getState().bySha[sha('a')]).toEqual({ state: 'loading' });
    const call = take('context.previews');
    expect(call.request).toEqual({ sha256: [sha('a')] });
    expect(callsTo('context.previews')).toEqual([]);
    await call.answer({ previews: ['const a = 1;\n'] });
    await Promise.all([first, again]);
    expect(usePreviews.getState().bySha[sha('a')]).toEqual({ state: 'ready', text: 'const a = 1;\n' });
    await usePreviews.getState().load([sha('a')]);
    expect(callsTo('context.previews')).toEqual([]);
  });

  it('says when main no longer holds one', async () => {
    const loading = usePreviews.getState().load([sha('b')]);
    await take('context.previews').answer({ previews: [null] });
    await loading;
    expect(usePreviews.getState().bySha[sha('b')]).toEqual({ state: 'gone' });
  });

  it('completes a result for the export with every preview, asking only for the missing ones', async () => {
    const completing = usePreviews.getState().complete(result(file('a.ts', sha('a'), 'held\n'), file('b.ts', sha('b'))));
    const call = take('context.previews');
    expect(call.request).toEqual({ sha256: [sha('b')] });
    await call.answer({ previews: ['asked\n'] });
    expect((await completing).files.map((f) => f.preview)).toEqual(['held\n', 'asked\n']);
  });

  it('refuses to complete a result whose previews are gone, with the reason', async () => {
    const completing = usePreviews.getState().complete(result(file('c.ts', sha('c'))));
    await take('context.previews').answer({ previews: [null] });
    await expect(completing).rejects.toThrow(GONE_MESSAGE);
  });
});
