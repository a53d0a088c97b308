// A thread that never got a run can be removed with what was put into it; one that has a run is
// held by it (the runs store's rows reference the thread) and kept whole.
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { runInputSchema } from '../../../shared/contract/runs';
import { insertRun } from '../runs/store/runs';
import { removeTempDirs, tempDir } from '../testing/fixtures';
import { openStore } from '../store/store';
import { listDirectives, putDirective } from './directive-store';
import { appendTranscript, createThread, dropUnstartedThread, getThread, readTranscript } from './thread-store';

afterAll(removeTempDirs);

describe('dropUnstartedThread', () => {
  it('removes a thread without runs with its transcript and directives, and keeps a thread with a run whole', () => {
    const db = openStore(join(tempDir(), 'loupe.db'));
    const now = new Date('2026-01-01T00:00:00Z');
    for (const id of ['t1', 't2']) {
      createThread(db, { id, repo: '/repo', agent: 'claude', model: null, title: 'ask', now });
      const [entry] = appendTranscript(db, id, 'import:s', [{ kind: 'user', text: 'hello' }]);
      putDirective(db, { threadId: id }, { segmentId: entry!.segmentId, kind: 'pin', author: 'user', createdAt: now.toISOString() });
    }
    insertRun(db, { id: 'r1', threadId: 't2', repo: '/repo', agent: 'claude', model: null, ask: 'ask', input: runInputSchema().parse({ repo: '/repo', ask: 'ask', settings: { agent: 'claude' } }), now });

    expect(dropUnstartedThread(db, 't1')).toBe(true);
    expect([getThread(db, 't1'), readTranscript(db, 't1'), listDirectives(db, { threadId: 't1' })]).toEqual([null, [], []]);

    expect(dropUnstartedThread(db, 't2')).toBe(false);
    expect(getThread(db, 't2')?.id).toBe('t2');
    expect(readTranscript(db, 't2')).toHaveLength(1);
    expect(listDirectives(db, { threadId: 't2' })).toHaveLength(1);
    db.close();
  });
});
