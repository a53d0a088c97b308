import { describe, expect, it } from 'vitest';
import { groupBeneath, type TreeEntry } from './git-reader';

const file = (path: string): TreeEntry => ({ path, type: 'file', mode: '100644', oid: '0'.repeat(40), size: 1 });
const dir = (path: string): TreeEntry => ({ path, type: 'dir', mode: '040000', oid: '0'.repeat(40), size: null });

describe('groupBeneath', () => {
  it('puts each file under every selected folder it lies beneath, however deep, and folders under none', () => {
    const entries = [dir('a'), file('a/x'), dir('a/b'), dir('a/b/c'), file('a/b/c/d/e.txt'), file('ab/x'), file('z/a/b/c/f'), file('top')];
    const groups = groupBeneath(entries, new Set(['a', 'a/b/c', 'z/a']));
    expect(groups.get('a')?.map((e) => e.path)).toEqual(['a/x', 'a/b/c/d/e.txt']);
    expect(groups.get('a/b/c')?.map((e) => e.path)).toEqual(['a/b/c/d/e.txt']);
    expect(groups.get('z/a')?.map((e) => e.path)).toEqual(['z/a/b/c/f']);
    const root = groupBeneath(entries, new Set(['', 'a/b']));
    expect(root.get('')?.map((e) => e.path)).toEqual(['a/x', 'a/b/c/d/e.txt', 'ab/x', 'z/a/b/c/f', 'top']);
    expect(root.get('a/b')?.map((e) => e.path)).toEqual(['a/b/c/d/e.txt']);
  });
});
