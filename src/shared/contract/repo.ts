import { z } from 'zod';
import { emptyRequest, pathString, refString } from './common';
import { lazy, method } from './define';

export interface RepoInfo {
  /** Absolute path of the working tree's top folder. */
  root: string;
  name: string;
  /** Full commit id of HEAD, or null in a repository with no commits yet. */
  head: string | null;
  /** Current branch, or null when HEAD is detached. */
  branch: string | null;
}

export interface RecentRepo {
  path: string;
  name: string;
  openedAt: string;
}

/** Working-copy state of a path relative to the base commit. */
export type WorkingStatus = 'modified' | 'untracked' | 'deleted' | 'added' | null;

export interface DirEntry {
  name: string;
  /** Repo-relative path, forward slashes, no leading slash. */
  path: string;
  type: 'dir' | 'file' | 'symlink' | 'submodule';
  /** Blob size at base for files; null for folders, submodules and untracked-only entries. */
  bytes: number | null;
  status: WorkingStatus;
  /** For folders: how many changed (modified/untracked/deleted) files lie beneath. */
  changedInside?: number;
}

export interface DirListing {
  baseRef: string;
  baseCommit: string;
  dir: string;
  entries: DirEntry[];
}

export interface RefsInfo {
  head: string | null;
  branch: string | null;
  branches: { name: string; commit: string }[];
  tags: { name: string; commit: string }[];
  /** Recent commits reachable from HEAD, newest first (at most 50). */
  commits: { commit: string; subject: string; author: string; date: string }[];
}


const repoOnly = lazy(() =>
  z.object({ repo: pathString() }).strict(),
);

/** Every repo.* method: opening, the recent list, refs and the lazy tree. */
export const repoMethods = {
  'repo.open': method<RepoInfo>()(() => z.object({ path: pathString() }).strict()),
  'repo.recent': method<RecentRepo[]>()(emptyRequest),
  'repo.forget': method<RecentRepo[]>()(() => z.object({ path: pathString() }).strict()),
  /** Native folder picker; the browser host answers `unsupported` (the UI shows a path field). */
  'repo.pickFolder': method<{ path: string | null }>()(emptyRequest),
  'repo.refs': method<RefsInfo>()(repoOnly),
  /** One folder of the base commit's tree, merged with working-copy markers (lazy, for big repos). */
  'repo.listDir': method<DirListing>()(() =>
    z
      .object({
        repo: pathString(),
        baseRef: refString().optional(),
        dir: z.string().max(4096).refine((s) => !s.includes('\0'), 'must not contain a NUL byte').default(''),
      })
      .strict(),
  ),
};
