// repo.listDir on a repository missing an object its tree names (issue 33 item 9): a
// damaged repository or a partial clone answered 500 ("internal"). It is a clear
// not-found error (HTTP 404) naming the object and what to run, with the git CLI and
// with Loupe's embedded reader alike; folders whose objects are all there still list.
import { execFileSync } from 'node:child_process';
import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { httpStatusFor, toErrorShape } from '../../../shared/errors';
import { makeRepo, makeRuntime, removeTempDirs } from '../testing/fixtures';

afterAll(removeTempDirs);

const objectPath = (repo: string, spec: string) => {
  const oid = execFileSync('git', ['rev-parse', spec], { cwd: repo, encoding: 'utf8' }).trim();
  return { oid, path: join(repo, '.git', 'objects', oid.slice(0, 2), oid.slice(2)) };
};

describe.each([
  ['the git CLI', {}],
  ['the embedded reader', { gitBinary: 'none' }],
])('a missing object, with %s', (_, options) => {
  it('a missing blob or tree: not-found (404) naming the object; intact folders still list', async () => {
    const runtime = makeRuntime(options);
    try {
      const repo = makeRepo({ 'a.txt': 'alpha\n', 'src/b.txt': 'bravo\n', 'lib/c.txt': 'charlie\n' });
      const blob = objectPath(repo, 'HEAD:a.txt');
      const tree = objectPath(repo, 'HEAD:lib');
      rmSync(blob.path);
      rmSync(tree.path);
      // The root names both (a reader may meet either first); lib/ names its tree.
      const either = new RegExp(`missing git object (?:${blob.oid.slice(0, 12)}|${tree.oid.slice(0, 12)})`);
      for (const [dir, named] of [['', either], ['lib', new RegExp(`missing git object ${tree.oid.slice(0, 12)}`)]] as const) {
        const error = await runtime.call('repo.listDir', { repo, dir }).then(
          () => null,
          (err: unknown) => toErrorShape(err),
        );
        expect(error, dir).toMatchObject({ code: 'not-found', message: expect.stringMatching(named) });
        expect(httpStatusFor(error!.code)).toBe(404);
      }
      const src = await runtime.call('repo.listDir', { repo, dir: 'src' });
      expect(src.entries.map((e) => e.name)).toEqual(['b.txt']);
    } finally {
      await runtime.close();
    }
  }, 30_000);
});
