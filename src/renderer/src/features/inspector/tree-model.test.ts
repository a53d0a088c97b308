import { describe, expect, it } from 'vitest';
import type { DirEntry } from '../../../../shared/contract/context';
import { coveringFolder, isWithin, isWorkingCopyOnlyFolder, parentOf, treeKey, visibleRows, type TreeShape } from './tree-model';

const dir = (path: string, changedInside = 0): DirEntry => ({
  name: path.split('/').pop()!,
  path,
  type: 'dir',
  bytes: null,
  status: null,
  changedInside,
});
const file = (path: string, status: DirEntry['status'] = null): DirEntry => ({
  name: path.split('/').pop()!,
  path,
  type: 'file',
  bytes: 10,
  status,
});

const tree = (over: Partial<TreeShape> = {}): TreeShape => ({
  dirs: {
    '': { state: 'loaded', entries: [dir('src', 1), file('README.md')] },
    src: { state: 'loaded', entries: [file('src/a.ts', 'modified'), file('src/b.ts')] },
  },
  expanded: {},
  shown: {},
  ...over,
});

describe('visibleRows', () => {
  it('shows the root and the contents of expanded folders only', () => {
    expect(visibleRows(tree()).map((r) => r.key)).toEqual(['src', 'README.md']);
    const rows = visibleRows(tree({ expanded: { src: true } }));
    expect(rows.map((r) => r.key)).toEqual(['src', 'src/a.ts', 'src/b.ts', 'README.md']);
    expect(rows.map((r) => (r.kind === 'entry' ? r.depth : -1))).toEqual([0, 1, 1, 0]);
  });
  it('shows a loading row for an expanded folder not yet listed, and an error row when listing failed', () => {
    const loading = visibleRows(tree({ expanded: { src: true }, dirs: { '': tree().dirs['']! } }));
    expect(loading[1]).toMatchObject({ kind: 'loading', dir: 'src', depth: 1 });
    const failed = visibleRows(
      tree({ expanded: { src: true }, dirs: { ...tree().dirs, src: { state: 'error', message: 'gone' } } }),
    );
    expect(failed[1]).toMatchObject({ kind: 'error', message: 'gone' });
  });
  it('pages huge folders behind a "more" row', () => {
    const entries = Array.from({ length: 5 }, (_, i) => file(`f${i}`));
    const rows = visibleRows({ dirs: { '': { state: 'loaded', entries } }, expanded: {}, shown: { '': 3 } });
    expect(rows).toHaveLength(4);
    expect(rows[3]).toMatchObject({ kind: 'more', hidden: 2 });
  });
});

describe('paths and selection', () => {
  it('knows parents and containment without prefix mistakes', () => {
    expect(parentOf('a/b/c.ts')).toBe('a/b');
    expect(parentOf('c.ts')).toBe('');
    expect(isWithin('src/a.ts', 'src')).toBe(true);
    expect(isWithin('srcx/a.ts', 'src')).toBe(false);
  });
  it('treats folders that exist only in the working copy as not selectable', () => {
    expect(isWorkingCopyOnlyFolder({ type: 'dir', status: 'untracked' })).toBe(true);
    expect(isWorkingCopyOnlyFolder({ type: 'dir', status: 'added' })).toBe(true);
    expect(isWorkingCopyOnlyFolder({ type: 'dir', status: null })).toBe(false);
    expect(isWorkingCopyOnlyFolder({ type: 'file', status: 'untracked' })).toBe(false);
  });
  it('finds the nearest selected folder that covers a path', () => {
    expect(coveringFolder('src/lib/x.ts', ['src', 'src/lib'])).toBe('src/lib');
    expect(coveringFolder('src', ['src'])).toBeNull();
    expect(coveringFolder('docs/x.md', ['src'])).toBeNull();
  });
});

describe('treeKey', () => {
  const rows = visibleRows(tree({ expanded: { src: true } }));
  it('moves focus with arrows and Home/End, clamped at the ends', () => {
    expect(treeKey(rows, 'src', 'ArrowDown')).toEqual({ kind: 'focus', key: 'src/a.ts' });
    expect(treeKey(rows, 'src', 'ArrowUp')).toEqual({ kind: 'focus', key: 'src' });
    expect(treeKey(rows, 'src/b.ts', 'End')).toEqual({ kind: 'focus', key: 'README.md' });
    expect(treeKey(rows, 'README.md', 'Home')).toEqual({ kind: 'focus', key: 'src' });
  });
  it('expands and collapses folders, and goes to the parent from a child', () => {
    const collapsed = visibleRows(tree());
    expect(treeKey(collapsed, 'src', 'ArrowRight')).toEqual({ kind: 'expand', path: 'src' });
    expect(treeKey(rows, 'src', 'ArrowLeft')).toEqual({ kind: 'collapse', path: 'src' });
    expect(treeKey(rows, 'src/b.ts', 'ArrowLeft')).toEqual({ kind: 'focus', key: 'src' });
  });
  it('selects with Space and activates with Enter', () => {
    expect(treeKey(rows, 'src/a.ts', ' ')).toMatchObject({ kind: 'toggle-select', entry: { path: 'src/a.ts' } });
    expect(treeKey(rows, 'src', 'Enter')).toMatchObject({ kind: 'activate' });
    expect(treeKey(rows, 'src', 'x')).toBeNull();
  });
});
