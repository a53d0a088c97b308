// Issue 23, item 7: a run whose process was killed never removed its staged folder
// (copies of the repository's files, kept readable under the user-data folder).
// The next runtime on that database marks it interrupted and removes the folder,
// unless the run asked to keep it.
import { existsSync } from 'node:fs';
import { afterAll, describe, expect, it } from 'vitest';
import { makeRepo, makeRuntime, removeTempDirs, tempDir } from '../testing/fixtures';

afterAll(removeTempDirs);

const hang = `${process.execPath} -e "setTimeout(()=>{},60000)"`;

async function until(check: () => boolean, ms = 10_000): Promise<boolean> {
  for (const end = Date.now() + ms; Date.now() < end; await new Promise((r) => setTimeout(r, 50))) if (check()) return true;
  return check();
}

describe('staged folders of killed runs', () => {
  it('are removed when the next runtime starts its runs; a kept one stays', async () => {
    const userDataDir = tempDir('loupe-killed-');
    const repo = makeRepo({ 'a.txt': 'alpha\n' });
    // The runtime that "dies": its runs are still going when another runtime opens the database.
    const dying = makeRuntime({ userDataDir });
    const next = makeRuntime({ userDataDir });
    try {
      const dropped = await dying.call('runs.start', { repo, ask: 'x', paths: ['a.txt'], settings: { agent: 'custom', command: hang } });
      const kept = await dying.call('runs.start', { repo, ask: 'y', paths: ['a.txt'], settings: { agent: 'custom', command: hang, keepStaged: true } });
      const dirs = await Promise.all([dropped, kept].map(async (r) => (await dying.call('runs.get', { runId: r.run.id })).run.stagedDir!));
      expect(dirs.every((d) => existsSync(d))).toBe(true);

      const listed = await next.call('runs.list', { repo });
      expect(listed.filter((r) => r.status === 'interrupted').map((r) => r.id).sort()).toEqual([dropped.run.id, kept.run.id].sort());
      expect(await until(() => !existsSync(dirs[0]!))).toBe(true);
      expect(existsSync(dirs[1]!)).toBe(true);
      expect((await next.call('runs.get', { runId: dropped.run.id })).run.stagedDir).toBeNull();
    } finally {
      await dying.close();
      await next.close();
    }
  }, 60_000);
});
