/**
 * Inspector state: the base ref, the lazy tree, the selection, pending
 * attachments and the last inspection. Actions here are the only place the
 * Inspector calls the bridge; components read slices and call actions.
 */
import { create } from 'zustand';
import type { DirEntry, InspectResult, RefsInfo } from '../../../../shared/contract/context';
import { bridge, newCallId } from '../../bridge';
import { MAX_SELECTIONS } from './limits';
import { toUiError, type UiError } from '../../ui/ui-error';
import { isWorkingCopyOnlyFolder, PAGE_SIZE, type DirLoad } from './tree-model';

export interface Selection {
  path: string;
  kind: 'dir' | 'file';
}

/** A dropped or chosen file: name and size only; its contents are never read. */
export interface PendingAttachment {
  id: string;
  name: string;
  size: number;
}

export interface Progress {
  done: number;
  total: number | null;
  label?: string;
}

/** Attachments a request may carry (the contract's schema bound). */
export const MAX_ATTACHMENTS = 200;

interface InspectorState {
  repo: string | null;
  refs: RefsInfo | null;
  refsError: UiError | null;
  baseRef: string;
  dirs: Record<string, DirLoad>;
  expanded: Record<string, boolean>;
  shown: Record<string, number>;
  selected: Selection[];
  attachments: PendingAttachment[];
  running: boolean;
  progress: Progress | null;
  result: InspectResult | null;
  /** The request that produced `result`, to tell when the selection has moved on. */
  resultKey: string | null;
  activePath: string | null;
  error: UiError | null;
  /** A short, non-error message (e.g. the selection limit was reached). */
  notice: string | null;

  /** Points the Inspector at a repository; resets everything when it changes. */
  setRepo(root: string): void;
  setBaseRef(ref: string): void;
  toggleDir(path: string): void;
  expandDir(path: string): void;
  collapseDir(path: string): void;
  showMore(dir: string): void;
  toggleSelect(entry: Pick<DirEntry, 'path' | 'type'> & Partial<Pick<DirEntry, 'status'>>): void;
  clearSelection(): void;
  /** Adds name + size records; `skippedFolders` counts dropped folders that were left out. */
  addAttachments(files: { name: string; size: number }[], skippedFolders?: number): void;
  removeAttachment(id: string): void;
  clearAttachments(): void;
  inspect(): Promise<void>;
  setActivePath(path: string | null): void;
  /** Cancels the inspection in flight (its git processes end too). */
  cancelInspect(): void;
  dismissError(): void;
  dismissNotice(): void;
}

let treeGeneration = 0;
let inspectAbort: AbortController | null = null;
let nextAttachmentId = 0;

/** The request the current state would send, as a stable string key. */
export function requestKey(s: Pick<InspectorState, 'baseRef' | 'selected' | 'attachments'>): string {
  return JSON.stringify([s.baseRef, s.selected.map((x) => x.path), s.attachments.map((a) => [a.name, a.size])]);
}

export const useInspector = create<InspectorState>()((set, get) => {
  /** Loads one folder of the base tree; stale answers (after a ref or repo change) are dropped. */
  async function loadDir(dir: string): Promise<void> {
    const { repo, baseRef } = get();
    if (!repo) return;
    const gen = treeGeneration;
    set((s) => ({ dirs: { ...s.dirs, [dir]: { state: 'loading' } } }));
    try {
      const listing = await bridge.call('repo.listDir', { repo, baseRef, dir });
      if (gen !== treeGeneration) return;
      set((s) => ({ dirs: { ...s.dirs, [dir]: { state: 'loaded', entries: listing.entries } } }));
    } catch (err) {
      if (gen !== treeGeneration) return;
      // The tree shows the failure in place (with Retry); no second alert.
      const ui = toUiError(err);
      set((s) => ({ dirs: { ...s.dirs, [dir]: { state: 'error', message: ui.message } } }));
    }
  }

  async function loadRefs(): Promise<void> {
    const repo = get().repo;
    if (!repo) return;
    try {
      const refs = await bridge.call('repo.refs', { repo });
      if (get().repo === repo) set({ refs, refsError: null });
    } catch (err) {
      if (get().repo === repo) set({ refsError: toUiError(err) });
    }
  }

  /** Drops every listing; with `keepOpen`, folders that were open are listed again (at the new ref). */
  function resetTree(keepOpen = false) {
    treeGeneration += 1;
    const open = keepOpen ? Object.keys(get().expanded).filter((p) => get().expanded[p]) : [];
    set({ dirs: {}, expanded: Object.fromEntries(open.map((p) => [p, true])), shown: {} });
    void loadDir('');
    for (const path of open) void loadDir(path);
  }

  return {
    repo: null,
    refs: null,
    refsError: null,
    baseRef: 'HEAD',
    dirs: {},
    expanded: {},
    shown: {},
    selected: [],
    attachments: [],
    running: false,
    progress: null,
    result: null,
    resultKey: null,
    activePath: null,
    error: null,
    notice: null,

    setRepo(root) {
      if (get().repo === root) return;
      set({
        repo: root,
        refs: null,
        refsError: null,
        baseRef: 'HEAD',
        selected: [],
        attachments: [],
        result: null,
        resultKey: null,
        activePath: null,
        error: null,
        notice: null,
      });
      resetTree();
      void loadRefs();
    },

    setBaseRef(ref) {
      if (ref === get().baseRef) return;
      // Selections are kept: the same paths usually exist at another ref, and
      // the inspection reports any that do not as `not-found`.
      set({ baseRef: ref, error: null });
      resetTree(true);
    },

    toggleDir(path) {
      if (get().expanded[path]) get().collapseDir(path);
      else get().expandDir(path);
    },
    expandDir(path) {
      set((s) => ({ expanded: { ...s.expanded, [path]: true } }));
      const load = get().dirs[path];
      if (!load || load.state === 'error') void loadDir(path);
    },
    collapseDir(path) {
      set((s) => ({ expanded: { ...s.expanded, [path]: false } }));
    },
    showMore(dir) {
      set((s) => ({ shown: { ...s.shown, [dir]: (s.shown[dir] ?? PAGE_SIZE) + PAGE_SIZE } }));
    },

    toggleSelect(entry) {
      const { selected } = get();
      if (selected.some((x) => x.path === entry.path)) {
        set({ selected: selected.filter((x) => x.path !== entry.path), notice: null });
        return;
      }
      if (isWorkingCopyOnlyFolder({ type: entry.type, status: entry.status ?? null })) {
        set({ notice: `${entry.path}/ is not in the base commit, so selecting it would include nothing. Select the files inside it instead.` });
        return;
      }
      if (selected.length >= MAX_SELECTIONS) {
        set({
          notice: `You can select at most ${MAX_SELECTIONS} files and folders. Select a parent folder instead, or clear some.`,
        });
        return;
      }
      const kind = entry.type === 'dir' ? 'dir' : 'file';
      set({ selected: [...selected, { path: entry.path, kind }], notice: null });
    },
    clearSelection: () => set({ selected: [], notice: null }),

    addAttachments(files, skippedFolders = 0) {
      const room = MAX_ATTACHMENTS - get().attachments.length;
      const added = files.slice(0, Math.max(0, room)).map((f) => ({
        id: `a${++nextAttachmentId}`,
        name: f.name,
        size: f.size,
      }));
      set((s) => ({
        attachments: [...s.attachments, ...added],
        notice:
          files.length > added.length
            ? `At most ${MAX_ATTACHMENTS} attachments; some were not added.`
            : skippedFolders > 0
              ? 'Folders cannot be attached; drop the files inside them instead.'
              : s.notice,
      }));
    },
    removeAttachment: (id) => set((s) => ({ attachments: s.attachments.filter((a) => a.id !== id) })),
    clearAttachments: () => set({ attachments: [] }),

    async inspect() {
      const s = get();
      if (!s.repo || s.running) return;
      const key = requestKey(s);
      // The call's own progress stream: two inspections (two tabs) never see each other's.
      const callId = newCallId();
      const controller = new AbortController();
      inspectAbort = controller;
      const unfollow = bridge.follow(`task:${callId}`, {
        onEvent: (e) => {
          if (e.kind === 'task' && e.payload.type === 'progress') {
            set({ progress: { done: e.payload.done, total: e.payload.total, label: e.payload.label } });
          }
        },
      });
      set({ running: true, progress: null, error: null });
      try {
        const result = await bridge.call(
          'context.inspect',
          {
            repo: s.repo,
            baseRef: s.baseRef,
            paths: s.selected.map((x) => x.path),
            attachments: s.attachments.map(({ name, size }) => ({ name, size })),
          },
          { callId, signal: controller.signal },
        );
        if (get().repo !== s.repo) return;
        const keep = result.files.some((f) => f.path === get().activePath);
        set({ result, resultKey: key, activePath: keep ? get().activePath : (result.files[0]?.path ?? null) });
      } catch (err) {
        // Cancelling is the user's choice, not an error to explain.
        if (!controller.signal.aborted) set({ error: toUiError(err) });
      } finally {
        unfollow();
        if (inspectAbort === controller) inspectAbort = null;
        set({ running: false, progress: null });
      }
    },

    cancelInspect() {
      inspectAbort?.abort();
    },

    setActivePath: (path) => set({ activePath: path }),

    dismissError: () => set({ error: null }),
    dismissNotice: () => set({ notice: null }),
  };
});
