import type { RefsInfo } from '../../../shared/contract/context';
import { LoupeError } from '../../../shared/errors';

/** What a tree entry is, in the words the contract uses (DirEntry.type). */
export type TreeEntryType = 'file' | 'dir' | 'symlink' | 'submodule';

/** One entry of a commit's tree. */
export interface TreeEntry {
  /** Repo-relative path, forward slashes, no leading slash. */
  path: string;
  type: TreeEntryType;
  /** Git mode as written in the tree: 100644, 100755, 120000, 160000, 040000. */
  mode: string;
  oid: string;
  /**
   * Blob size in bytes for files and symlinks when the backend knows it without
   * reading the blob (the CLI's `ls-tree -l` does; isomorphic-git does not): null otherwise.
   */
  size: number | null;
}

/** How the working copy differs from the base commit for one path. */
export type ChangeKind = 'modified' | 'untracked' | 'deleted' | 'added';

export interface ChangesOptions {
  /** The caller knows `commit` is HEAD (it may pass the string 'HEAD'): skip checking. */
  baseIsHead?: boolean;
  /**
   * false: untracked paths may be left out of the answer, for a caller that takes a path
   * missing from it as untracked anyway (the inspection). It spares the walk of every
   * folder for files git does not track, and their ignore rules: most of a status's time.
   * Every path that is not untracked gets the same kind as with true (default).
   */
  untracked?: boolean;
}

/** What GitReader.scan returns. */
export interface TreeScan {
  entries: Map<string, TreeEntry>;
  beneath: Map<string, TreeEntry[]>;
}

/** Groups non-folder entries under each of `folders` they lie beneath (an entry may sit under several). */
export function groupBeneath(entries: Iterable<TreeEntry>, folders: ReadonlySet<string>): Map<string, TreeEntry[]> {
  const beneath = new Map<string, TreeEntry[]>([...folders].map((f) => [f, []]));
  const all = beneath.get('');
  // Only an entry's ancestors as deep as the deepest folder can be one of them: a 9,347-file
  // folder `src` looks up one name per entry, not one per level of every path.
  let deepest = 0;
  for (const f of folders) if (f !== '') deepest = Math.max(deepest, f.split('/').length);
  for (const e of entries) {
    if (e.type === 'dir') continue;
    all?.push(e);
    let at = e.path.indexOf('/');
    for (let depth = 1; at > 0 && depth <= deepest; depth++) {
      const list = beneath.get(e.path.slice(0, at));
      if (list) list.push(e);
      at = e.path.indexOf('/', at + 1);
    }
  }
  return beneath;
}

/**
 * Read-only access to one repository's objects and working-copy state. Two
 * implementations (git CLI, isomorphic-git) pass the same contract tests
 * (git-reader.test.ts); pick one with openGitReader.
 */
export interface GitReader {
  readonly backend: 'cli' | 'embedded';
  /** Absolute path of the working tree's top folder. */
  readonly root: string;
  /** Full commit id for a ref, tag, or (abbreviated) commit id; LoupeError 'bad-ref' when none. */
  resolveCommit(ref: string): Promise<string>;
  /**
   * The entries at exactly these repo-relative paths in `commit` (any depth).
   * Paths absent from the tree are absent from the map; '' is never looked up.
   */
  lookup(commit: string, paths: readonly string[]): Promise<Map<string, TreeEntry>>;
  /**
   * The entries under `dir` ('' for the root): one level, or with `recursive`
   * every non-folder entry beneath (files, symlinks, submodules), in git's path order.
   */
  listTree(commit: string, dir: string, options?: { recursive?: boolean }): Promise<TreeEntry[]>;
  /**
   * lookup and recursive listTree in one pass (one `ls-tree` for the CLI):
   * `entries` holds each path found and the folders walked through on the way;
   * `beneath` holds, for each path that is a folder ('' for the root), every
   * non-folder entry under it in git order. A symlink or submodule on the way
   * to a path is not reported: ask lookup for ancestors by name.
   */
  scan(commit: string, paths: readonly string[]): Promise<TreeScan>;
  /** Starts what reading blobs needs (the CLI's cat-file process) so it is ready by the first readBlob. */
  prepareBlobs(): void;
  /** The bytes of a blob; rejects when the object is missing. */
  readBlob(oid: string): Promise<Buffer>;
  /**
   * How the working copy differs from `commit` for paths under `scopes`
   * (repo-relative files or folders; [] means the whole repository). Unchanged
   * and ignored files are absent.
   */
  changes(commit: string, scopes: readonly string[], options?: ChangesOptions): Promise<Map<string, ChangeKind>>;
  /** Branches, tags and recent commits for the base-ref picker. */
  refs(): Promise<RefsInfo>;
  /** HEAD's commit (null before the first commit) and branch (null when detached). */
  head(): Promise<{ head: string | null; branch: string | null }>;
  /** Ends child processes and drops caches; the reader is unusable afterwards. */
  close(): Promise<void>;
  /**
   * The same reader for one call: git commands it starts end when `signal`
   * aborts, and reads after that reject. Caches and processes stay shared.
   */
  withSignal(signal: AbortSignal | undefined): GitReader;
}

/** The error for a ref that names no commit. */
export const badRef = (ref: string): LoupeError =>
  new LoupeError('bad-ref', `"${ref}" does not name a commit in this repository.`);

/** Maps a git tree mode to the contract's entry type. */
export function entryTypeForMode(mode: string): TreeEntryType {
  if (mode === '040000' || mode === '40000') return 'dir';
  if (mode === '120000') return 'symlink';
  if (mode === '160000') return 'submodule';
  return 'file';
}

/** Every proper ancestor of a repo-relative path, shallowest first ('a/b/c' → ['a', 'a/b']). */
export function ancestorsOf(path: string): string[] {
  const out: string[] = [];
  for (let at = path.indexOf('/'); at !== -1; at = path.indexOf('/', at + 1)) out.push(path.slice(0, at));
  return out;
}

/** Folders walked through on the way to each path, plus the paths themselves ('' dropped). */
export function withAncestors(paths: readonly string[]): string[] {
  const all = new Set<string>();
  for (const p of paths) {
    for (const a of ancestorsOf(p)) all.add(a);
    if (p !== '') all.add(p);
  }
  return [...all];
}

/** True when `path` is `scope` or lies beneath it ('' contains everything). */
export function isUnder(path: string, scope: string): boolean {
  return scope === '' || path === scope || path.startsWith(`${scope}/`);
}

const OID = /^[0-9a-f]{40}([0-9a-f]{24})?$/;

/** True for a full SHA-1 or SHA-256 object id in lowercase hex. */
export function isFullOid(value: string): boolean {
  return OID.test(value);
}
