/**
 * Finds the changed files under folders by walking the lazy tree listings
 * (one `repo.listDir` per folder that has changes inside). Used by "select the
 * changed files one by one": a folder brings its files as committed, so a
 * modified file only sends the working copy when it is selected on its own.
 */
import type { DirEntry, WorkingStatus } from '../../../../shared/contract/context';

type Kind = Exclude<WorkingStatus, null>;

/** What a walk found: file paths in tree order, and whether the walk stopped early. */
export interface ChangedFiles {
  paths: string[];
  /** True when more than `max` matched (only the first `max` are in `paths`). */
  more: boolean;
  /** Deleted files met on the way: counted in a folder's badge, but with no working copy to send. */
  deleted: number;
}

/**
 * The files under `roots` whose working-copy status is in `kinds`, depth
 * first in listing order, at most `max` of them (plus whether there were more).
 * `list(dir)` returns one folder's entries; folders without changes inside
 * are never listed.
 */
export async function changedFilesUnder(
  list: (dir: string) => Promise<DirEntry[]>,
  roots: readonly string[],
  kinds: ReadonlySet<Kind>,
  max: number,
): Promise<ChangedFiles> {
  const paths: string[] = [];
  const seen = new Set<string>();
  const gone = new Set<string>();
  const walk = async (dir: string): Promise<boolean> => {
    for (const entry of await list(dir)) {
      if (entry.type === 'dir') {
        if ((entry.changedInside ?? 0) > 0 && !(await walk(entry.path))) return false;
        continue;
      }
      if (entry.status === 'deleted' && !kinds.has('deleted')) gone.add(entry.path);
      if (!entry.status || !kinds.has(entry.status) || seen.has(entry.path)) continue;
      if (paths.length >= max) return false;
      seen.add(entry.path);
      paths.push(entry.path);
    }
    return true;
  };
  for (const root of roots) {
    if (!(await walk(root))) return { paths, more: true, deleted: gone.size };
  }
  return { paths, more: false, deleted: gone.size };
}
