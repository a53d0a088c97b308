// Each inspected file says how its working copy differs from the base commit
// (issue 12: untracked files were labelled modified). Real repositories, both backends.
import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { git, makeRepo, makeRuntime, removeTempDirs, writeFiles } from '../testing/fixtures';

afterAll(removeTempDirs);

function fixture(): string {
  const repo = makeRepo({ 'src/same.ts': 'same\n', 'src/edited.ts': 'before\n', 'src/gone.ts': 'gone\n' });
  writeFiles(repo, { 'src/edited.ts': 'after\n', 'src/staged.ts': 'staged\n', 'src/loose.ts': 'loose\n' });
  git(repo, 'add', 'src/staged.ts');
  rmSync(join(repo, 'src/gone.ts'));
  return repo;
}

const backends = [
  ['git CLI', {}],
  ['isomorphic-git', { gitBinary: 'none' }],
] as const;

describe.each(backends)('InspectedFile.change (%s)', (_name, options) => {
  it('tells modified, untracked, added and deleted apart, and keeps `modified` for older callers', async () => {
    const repo = fixture();
    const runtime = makeRuntime(options);
    try {
      const paths = ['src/same.ts', 'src/edited.ts', 'src/staged.ts', 'src/loose.ts', 'src/gone.ts'];
      const r = await runtime.call('context.inspect', { repo, paths });
      const byPath = Object.fromEntries(r.files.map((f) => [f.path, [f.source, f.change, f.modified]]));
      expect(byPath).toEqual({
        'src/same.ts': ['working-copy', null, false],
        'src/edited.ts': ['working-copy', 'modified', true],
        'src/staged.ts': ['working-copy', 'added', true],
        'src/loose.ts': ['working-copy', 'untracked', true],
        'src/gone.ts': ['base', 'deleted', true],
      });
      // Through a folder every file is read at base; `change` still says what differs locally.
      const folder = await runtime.call('context.inspect', { repo, paths: ['src'] });
      expect(Object.fromEntries(folder.files.map((f) => [f.path, f.change]))).toEqual({
        'src/edited.ts': 'modified',
        'src/gone.ts': 'deleted',
        'src/same.ts': null,
      });
    } finally {
      await runtime.close();
    }
  });
});
