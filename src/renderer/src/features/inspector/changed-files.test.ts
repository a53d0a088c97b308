import { describe, expect, it } from 'vitest';
import type { DirEntry } from '../../../../shared/contract/context';
import { changedFilesUnder } from './changed-files';

const d = (path: string, changedInside: number): DirEntry => ({ name: path.split('/').pop()!, path, type: 'dir', bytes: null, status: null, changedInside });
const f = (path: string, status: DirEntry['status']): DirEntry => ({ name: path.split('/').pop()!, path, type: 'file', bytes: 1, status });

const listings: Record<string, DirEntry[]> = {
  src: [d('src/lib', 2), d('src/clean', 0), f('src/a.ts', 'modified'), f('src/b.ts', null), f('src/new.ts', 'untracked'), f('src/gone.ts', 'deleted')],
  'src/lib': [f('src/lib/x.ts', 'modified'), f('src/lib/y.ts', 'added')],
  'src/clean': [f('src/clean/never.ts', 'modified')],
};

describe('changedFilesUnder', () => {
  const listed: string[] = [];
  const list = async (dir: string) => {
    listed.push(dir);
    return listings[dir] ?? [];
  };

  it('walks only folders with changes inside and keeps the kinds asked for, in tree order', async () => {
    listed.length = 0;
    const all = await changedFilesUnder(list, ['src'], new Set(['modified', 'untracked', 'added'] as const), 50);
    expect(all).toEqual({ paths: ['src/lib/x.ts', 'src/lib/y.ts', 'src/a.ts', 'src/new.ts'], more: false, deleted: 1 });
    expect(listed).toEqual(['src', 'src/lib']);
    const modified = await changedFilesUnder(list, ['src'], new Set(['modified'] as const), 50);
    expect(modified.paths).toEqual(['src/lib/x.ts', 'src/a.ts']);
  });

  it('stops at the limit and says there were more', async () => {
    const r = await changedFilesUnder(list, ['src', 'src/lib'], new Set(['modified', 'added'] as const), 2);
    expect(r).toEqual({ paths: ['src/lib/x.ts', 'src/lib/y.ts'], more: true, deleted: 0 });
    // A path reached twice (a folder inside another root) counts once.
    const twice = await changedFilesUnder(list, ['src/lib', 'src'], new Set(['modified'] as const), 50);
    expect(twice.paths).toEqual(['src/lib/x.ts', 'src/a.ts']);
  });

  it('counts the deleted files it skips (the folder badge counts them; nothing of them can be sent)', async () => {
    const r = await changedFilesUnder(list, ['src'], new Set(['modified', 'untracked', 'added'] as const), 50);
    expect(r.deleted).toBe(1);
    expect(r.paths).not.toContain('src/gone.ts');
    // Asked for deleted files too, none is counted as skipped.
    expect((await changedFilesUnder(list, ['src'], new Set(['deleted'] as const), 50)).deleted).toBe(0);
  });
});
