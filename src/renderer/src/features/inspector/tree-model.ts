/**
 * The lazy base-commit tree as plain data: which folders are loaded and
 * expanded, flattened into the rows the tree shows. Pure, so the keyboard
 * model and selection rules are unit-tested without a DOM.
 */
import type { DirEntry } from '../../../../shared/contract/context';

export type DirLoad =
  | { state: 'loading' }
  | { state: 'loaded'; entries: DirEntry[] }
  | { state: 'error'; message: string };

/** How many entries of one folder are drawn before a "show more" row (huge folders stay fast). */
export const PAGE_SIZE = 400;

export type TreeRow =
  | { kind: 'entry'; key: string; entry: DirEntry; depth: number; expanded: boolean }
  | { kind: 'loading'; key: string; dir: string; depth: number }
  | { kind: 'error'; key: string; dir: string; depth: number; message: string }
  | { kind: 'more'; key: string; dir: string; depth: number; hidden: number };

export interface TreeShape {
  dirs: Readonly<Record<string, DirLoad>>;
  expanded: Readonly<Record<string, boolean>>;
  /** Entries drawn per folder; PAGE_SIZE when absent. */
  shown: Readonly<Record<string, number>>;
}

/**
 * The rows on screen, depth-first: every entry of the root folder, and the
 * contents of each expanded folder beneath it (or a loading/error row).
 */
export function visibleRows(tree: TreeShape, root = ''): TreeRow[] {
  const rows: TreeRow[] = [];
  const walk = (dir: string, depth: number) => {
    const load = tree.dirs[dir];
    if (!load || load.state === 'loading') {
      rows.push({ kind: 'loading', key: `loading:${dir}`, dir, depth });
      return;
    }
    if (load.state === 'error') {
      rows.push({ kind: 'error', key: `error:${dir}`, dir, depth, message: load.message });
      return;
    }
    const limit = tree.shown[dir] ?? PAGE_SIZE;
    const entries = load.entries;
    for (let i = 0; i < entries.length && i < limit; i++) {
      const entry = entries[i]!;
      const expanded = entry.type === 'dir' && tree.expanded[entry.path] === true;
      rows.push({ kind: 'entry', key: entry.path, entry, depth, expanded });
      if (expanded) walk(entry.path, depth + 1);
    }
    if (entries.length > limit) {
      rows.push({ kind: 'more', key: `more:${dir}`, dir, depth, hidden: entries.length - limit });
    }
  };
  walk(root, 0);
  return rows;
}

/**
 * True for a folder that exists only in the working copy (untracked or newly
 * added): selecting it would expand to nothing, since folders are read from
 * the base commit. Its files can be selected one by one.
 */
export function isWorkingCopyOnlyFolder(entry: Pick<DirEntry, 'type' | 'status'>): boolean {
  return entry.type === 'dir' && (entry.status === 'untracked' || entry.status === 'added');
}

/** The folder holding `path` ('' for top-level entries). */
export function parentOf(path: string): string {
  const slash = path.lastIndexOf('/');
  return slash < 0 ? '' : path.slice(0, slash);
}

/** True when `path` is `dir` itself or lies beneath it. */
export function isWithin(path: string, dir: string): boolean {
  return dir === '' || path === dir || path.startsWith(`${dir}/`);
}

/** The nearest selected folder that strictly contains `path`, or null. */
export function coveringFolder(path: string, selectedDirs: readonly string[]): string | null {
  let best: string | null = null;
  for (const dir of selectedDirs) {
    if (dir !== path && isWithin(path, dir) && (best === null || dir.length > best.length)) best = dir;
  }
  return best;
}

/**
 * Where the focus goes for a tree key, given the visible rows and the focused
 * row's key. Returns the new key, or an action for the focused entry.
 */
export type TreeKeyAction =
  | { kind: 'focus'; key: string }
  | { kind: 'expand'; path: string }
  | { kind: 'collapse'; path: string }
  | { kind: 'toggle-select'; entry: DirEntry }
  | { kind: 'activate'; row: TreeRow }
  | null;

export function treeKey(rows: readonly TreeRow[], focusedKey: string | null, key: string): TreeKeyAction {
  if (rows.length === 0) return null;
  const index = Math.max(
    0,
    rows.findIndex((r) => r.key === focusedKey),
  );
  const row = rows[index]!;
  switch (key) {
    case 'ArrowDown':
      return { kind: 'focus', key: rows[Math.min(rows.length - 1, index + 1)]!.key };
    case 'ArrowUp':
      return { kind: 'focus', key: rows[Math.max(0, index - 1)]!.key };
    case 'Home':
      return { kind: 'focus', key: rows[0]!.key };
    case 'End':
      return { kind: 'focus', key: rows[rows.length - 1]!.key };
    case 'ArrowRight':
      if (row.kind !== 'entry' || row.entry.type !== 'dir') return null;
      if (!row.expanded) return { kind: 'expand', path: row.entry.path };
      return index + 1 < rows.length ? { kind: 'focus', key: rows[index + 1]!.key } : null;
    case 'ArrowLeft': {
      if (row.kind === 'entry' && row.expanded) return { kind: 'collapse', path: row.entry.path };
      const parent = row.kind === 'entry' ? parentOf(row.entry.path) : row.dir;
      return parent === '' ? null : { kind: 'focus', key: parent };
    }
    case ' ':
      return row.kind === 'entry' ? { kind: 'toggle-select', entry: row.entry } : { kind: 'activate', row };
    case 'Enter':
      return { kind: 'activate', row };
    default:
      return null;
  }
}
