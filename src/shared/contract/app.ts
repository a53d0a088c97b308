import { z } from 'zod';
import { emptyRequest, pathString } from './common';
import { method } from './define';

export type HostKind = 'electron' | 'browser';

export interface AppInfo {
  name: 'Loupe';
  version: string;
  userDataDir: string;
  platform: string;
  host: HostKind;
  git: { available: boolean; version: string | null };
}

export interface RepoInfo {
  /** Absolute path of the working tree's top folder. */
  root: string;
  name: string;
  /** Full commit id of HEAD, or null in a repository with no commits yet. */
  head: string | null;
  /** Current branch, or null when HEAD is detached. */
  branch: string | null;
  branches: string[];
  tags: string[];
}

export interface RecentRepo {
  path: string;
  name: string;
  openedAt: string;
}

export const appMethods = {
  'app.info': method<AppInfo>()(emptyRequest),
  'repo.open': method<RepoInfo>()(z.object({ path: pathString }).strict()),
  'repo.recent': method<RecentRepo[]>()(emptyRequest),
  'repo.forget': method<RecentRepo[]>()(z.object({ path: pathString }).strict()),
  /** Native folder picker; the browser host answers `unsupported` (the UI shows a path field). */
  'repo.pickFolder': method<{ path: string | null }>()(emptyRequest),
};
