// The Inspector's state and actions as types, apart from the store that
// implements them (so what the store persists can name them without a cycle).
import type { DirEntry, InspectResult, RefsInfo, WorkingStatus } from '../../../../shared/contract/context';
import type { UiError } from '../../ui/ui-error';
import type { DirLoad } from './tree-model';

export interface Selection {
  path: string;
  kind: 'dir' | 'file';
}

/** A dropped or chosen file: name and size only; its contents are never read. */
export interface PendingAttachment {
  id: string;
  name: string;
  size: number;
  /** The real path, in the desktop app only: a run can then stage the file. */
  path?: string;
}

export interface Progress {
  done: number;
  total: number | null;
  label?: string;
}

export type ChangeKind = Exclude<WorkingStatus, null>;

export interface InspectorState {
  repo: string | null;
  refs: RefsInfo | null;
  refsError: UiError | null;
  baseRef: string;
  /** Why the last ref the user typed was not taken (the previous base stays). */
  baseRefError: UiError | null;
  checkingRef: boolean;
  dirs: Record<string, DirLoad>;
  expanded: Record<string, boolean>;
  shown: Record<string, number>;
  /** True while the tree is being listed again (refresh control, focus, Inspect). */
  refreshing: boolean;
  selected: Selection[];
  attachments: PendingAttachment[];
  running: boolean;
  progress: Progress | null;
  result: InspectResult | null;
  /** The request that produced `result`, to tell when the selection has moved on. */
  resultKey: string | null;
  /** Restored from before a reload: an inspection was on screen, so run it again. */
  hadResult: boolean;
  activePath: string | null;
  error: UiError | null;
  /** A short, non-error message (e.g. the selection limit was reached). */
  notice: string | null;

  /** Points the Inspector at a repository; resets everything when it changes. */
  setRepo(root: string): void;
  /** Checks `ref` (any revision git accepts) and makes it the base; false, with baseRefError, when it names no commit. */
  setBaseRef(ref: string): Promise<boolean>;
  toggleDir(path: string): void;
  expandDir(path: string): void;
  collapseDir(path: string): void;
  showMore(dir: string): void;
  /** Lists the root and every open folder again (new, changed and removed files appear). */
  refreshTree(): Promise<void>;
  toggleSelect(entry: Pick<DirEntry, 'path' | 'type'> & Partial<Pick<DirEntry, 'status'>>): void;
  /** Selects, one by one, the files under `dirs` whose status is in `kinds`, within the selection limit. */
  selectChangedUnder(dirs: readonly string[], kinds: readonly ChangeKind[]): Promise<void>;
  clearSelection(): void;
  /** Adds name + size records; `skippedFolders` counts dropped folders that were left out. */
  addAttachments(files: { name: string; size: number; path?: string }[], skippedFolders?: number): void;
  removeAttachment(id: string): void;
  clearAttachments(): void;
  inspect(): Promise<void>;
  setActivePath(path: string | null): void;
  /** Cancels the inspection in flight (its git processes end too). */
  cancelInspect(): void;
  dismissError(): void;
  dismissNotice(): void;
}

