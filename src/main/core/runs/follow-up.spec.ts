// Issue 23, item 7: a follow-up sent right after a blocked run (its outcome recorded,
// its staged folder still being removed) is not refused as "in progress".
import { afterAll, describe, expect, it } from 'vitest';
import { makeRepo, makeRuntime, removeTempDirs } from '../testing/fixtures';
import { waitForRun } from '../testing/runs';

afterAll(removeTempDirs);

describe('a follow-up right after a blocked run', () => {
  it('starts (three times in a row), while a run that is still going is refused', async () => {
    const repo = makeRepo({ 'src/a.ts': 'export const a = 1;\n'.repeat(20) });
    const runtime = makeRuntime();
    try {
      for (let i = 0; i < 3; i++) {
        const blocked = await runtime.call('runs.start', {
          repo,
          ask: 'Summarize src',
          paths: ['src'],
          settings: { agent: 'demo', loop: { contextBudget: { maxPromptBytes: 100, policy: 'block' } } },
        });
        expect(blocked.run.status).toBe('blocked');
        const next = await runtime.call('runs.start', { repo, threadId: blocked.run.threadId, ask: 'And now?', paths: [], settings: { agent: 'demo' } });
        expect(next.run.threadId).toBe(blocked.run.threadId);
        await waitForRun(runtime, next.run.id);
      }
      const slow = await runtime.call('runs.start', { repo, ask: 'wait', paths: [], settings: { agent: 'custom', command: `${process.execPath} -e "setTimeout(()=>{},5000)"` } });
      await expect(
        runtime.call('runs.start', { repo, threadId: slow.run.threadId, ask: 'again', paths: [], settings: { agent: 'custom', command: 'true' } }),
      ).rejects.toThrow(/in progress/);
      await runtime.call('runs.cancel', { runId: slow.run.id });
    } finally {
      await runtime.close();
    }
  }, 60_000);
});
