// Issue 23, item 7: a long path that names nothing (4,000 characters, 2,000 folders
// deep) used to make a git command line over the system's limit (spawn E2BIG, an
// internal error). It is now a plain result: the path is not found, nothing fails.
import { afterAll, describe, expect, it } from 'vitest';
import { toErrorShape } from '../../../shared/errors';
import { makeRepo, makeRuntime, removeTempDirs, testGit } from '../testing/fixtures';

afterAll(removeTempDirs);

describe('a long, deep path that names nothing', () => {
  it('is not found (no E2BIG, no internal error), in an inspection and a run preview', async () => {
    const repo = makeRepo({ 'a.txt': 'a\n' });
    const runtime = makeRuntime();
    const deep = `${'a/'.repeat(2040)}x`;
    try {
      const r = await runtime.call('context.inspect', { repo, paths: [deep, 'a.txt'] }).catch((e: unknown) => toErrorShape(e));
      expect(r).toMatchObject({ files: [{ path: 'a.txt' }] });
      expect('omissions' in r && r.omissions.map((o) => o.reason)).toEqual(['not-found']);
      const p = await runtime.call('runs.preview', { repo, ask: 'x', paths: [deep], settings: { agent: 'demo' } }).catch((e: unknown) => toErrorShape(e));
      expect(p).toMatchObject({ exclusions: [{ reason: 'not-found' }] });
    } finally {
      await runtime.close();
    }
  }, 60_000);

  it('the git runner refuses a command line the system would reject, plainly, before spawning', async () => {
    const repo = makeRepo({ 'a.txt': 'a\n' });
    await expect(testGit().run(repo, ['ls-tree', 'HEAD', '--', 'x'.repeat(200_000)])).rejects.toMatchObject({ code: 'invalid-input' });
    const many = Array.from({ length: 400 }, (_, i) => `${'d'.repeat(4000)}${i}`);
    await expect(testGit().run(repo, ['ls-tree', 'HEAD', '--', ...many])).rejects.toMatchObject({ code: 'invalid-input', message: expect.stringMatching(/select fewer/) });
  });
});
