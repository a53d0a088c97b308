/**
 * Inspector state: the base ref, the lazy tree, the selection, pending
 * attachments and the last inspection. Actions here are the only place the
 * Inspector calls the bridge; components read slices and call actions.
 * The session's choices (repository, base, selection, attachments' names and
 * sizes, open folders, the previewed row) survive a reload (sessionStorage);
 * the tree, refs and result are fetched again.
 */
import { create } from 'zustand';
import { persist } from 'zustand/middleware';
import type { DirEntry } from '../../../../shared/contract/context';
import { plural } from '../../../../shared/format';
import { bridge, newCallId } from '../../bridge';
import { sessionPersist } from '../../session-persist';
import { toUiError, type UiError } from '../../ui/ui-error';
import { useRunContext, type RunContext } from '../../state/run-context';
import { changedFilesUnder } from './changed-files';
import { MAX_ATTACHMENTS, MAX_SELECTIONS } from './limits';
import { restoredState, type PersistedInspector as Persisted } from './persisted-state';
import type { InspectorState } from './state';
import { isWorkingCopyOnlyFolder, PAGE_SIZE, type DirLoad } from './tree-model';

/** The kinds "tick the changed files one by one" asks for: every change that has a working copy. */
const CHANGED_KINDS = ['modified', 'untracked', 'added'] as const;

/**
 * Name and size of a dropped file; the contents are never read here. In the
 * desktop app its real path comes along too, so main (after its own checks)
 * can stage it for a run; the browser host cannot know it.
 */
export interface FileMeta {
  name: string;
  size: number;
  path?: string;
}

/** A File's metadata, with its real path where the host can tell it (Electron). */
/** Whether this host can read a dropped file (the desktop app, by its path); the browser host cannot. */
export const canReadDropped = typeof bridge.pathForFile === 'function';

export function fileMeta(file: File): FileMeta {
  const path = bridge.pathForFile?.(file);
  return path ? { name: file.name, size: file.size, path } : { name: file.name, size: file.size };
}

let treeGeneration = 0;
/** Runs `fn` after the next paint (the frame callback runs before it, the timer after it); a timer alone where there are no frames. */
function afterPaint(fn: () => void): void {
  if (typeof requestAnimationFrame === 'function') requestAnimationFrame(() => setTimeout(fn));
  else setTimeout(fn);
}

let inspectAbort: AbortController | null = null;
let attachmentSeq = 0;
/** A fresh id for an attachment record (ids are never persisted, so restored ones cannot clash). */
const attachmentId = () => `a${Date.now().toString(36)}-${++attachmentSeq}`;

/** The request the current state would send, as a stable string key. */
export function requestKey(s: Pick<InspectorState, 'baseRef' | 'selected' | 'attachments'>): string {
  return JSON.stringify([s.baseRef, s.selected.map((x) => x.path), s.attachments.map((a) => [a.name, a.size])]);
}

/** What a newly opened repository starts with: its refs unread, base HEAD, nothing selected, no result. */
function freshRepoState() {
  return {
    refs: null,
    refsError: null,
    baseRef: 'HEAD',
    baseRefError: null,
    expanded: {},
    selected: [],
    attachments: [],
    result: null,
    resultKey: null,
    hadResult: false,
    activePath: null,
    error: null,
    notice: null,
  } satisfies Partial<InspectorState>;
}

export const useInspector = create<InspectorState>()(
  persist(
    (set, get) => {
      const listDir = async (dir: string, baseRef = get().baseRef) =>
        (await bridge.call('repo.listDir', { repo: get().repo!, baseRef, dir })).entries;

      /** Loads one folder of the base tree; stale answers (after a ref or repo change) are dropped. */
      async function loadDir(dir: string, quiet = false): Promise<void> {
        if (!get().repo) return;
        const gen = treeGeneration;
        // A refresh keeps the old listing on screen until the new one arrives.
        if (!quiet || !get().dirs[dir]) set((s) => ({ dirs: { ...s.dirs, [dir]: { state: 'loading' } } }));
        try {
          const entries = await listDir(dir);
          if (gen !== treeGeneration) return;
          set((s) => ({ dirs: { ...s.dirs, [dir]: { state: 'loaded', entries } } }));
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

      /** Drops every listing; folders that were open are listed again (at the current ref). */
      function resetTree(rootEntries?: DirEntry[]) {
        treeGeneration += 1;
        const open = Object.keys(get().expanded).filter((p) => get().expanded[p]);
        set({
          dirs: rootEntries ? { '': { state: 'loaded', entries: rootEntries } } : {},
          expanded: Object.fromEntries(open.map((p) => [p, true])),
          shown: {},
        });
        if (!rootEntries) void loadDir('');
        for (const path of open) void loadDir(path);
      }

      return {
        ...freshRepoState(),
        repo: null,
        checkingRef: false,
        dirs: {},
        shown: {},
        refreshing: false,
        running: false,
        progress: null,

        setRepo(root) {
          const same = get().repo === root;
          if (same && get().dirs['']) return;
          if (!same) {
            set({ ...freshRepoState(), repo: root });
          }
          resetTree();
          void loadRefs();
          // Restored after a reload with an inspection on screen: show it again.
          if (same && get().hadResult && (get().selected.length > 0 || get().attachments.length > 0)) void get().inspect();
        },

        async setBaseRef(input) {
          const ref = input.trim();
          if (!ref || !get().repo) return false;
          if (ref === get().baseRef) {
            set({ baseRefError: null });
            return true;
          }
          set({ checkingRef: true, baseRefError: null });
          try {
            // Listing the root at the new ref checks it and is what the tree needs anyway.
            const entries = await listDir('', ref);
            // Selections are kept: the same paths usually exist at another ref, and
            // the inspection reports any that do not as `not-found`.
            set({ baseRef: ref, error: null, checkingRef: false });
            resetTree(entries);
            return true;
          } catch (err) {
            set({ baseRefError: toUiError(err), checkingRef: false });
            return false;
          }
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

        async refreshTree() {
          if (!get().repo || get().refreshing) return;
          const { expanded, dirs } = get();
          const open = ['', ...Object.keys(expanded).filter((p) => expanded[p])];
          // Closed folders are listed again when next opened.
          set({ refreshing: true, dirs: Object.fromEntries(Object.entries(dirs).filter(([p]) => open.includes(p))) });
          try {
            await Promise.all([...open.map((p) => loadDir(p, true)), loadRefs()]);
          } finally {
            set({ refreshing: false });
          }
        },

        toggleSelect(entry) {
          const { selected } = get();
          if (selected.some((x) => x.path === entry.path)) {
            set({ selected: selected.filter((x) => x.path !== entry.path), notice: null });
            return;
          }
          if (isWorkingCopyOnlyFolder({ type: entry.type, status: entry.status ?? null })) {
            set({
              notice: `${entry.path}/ is not in the base commit, so selecting it would include nothing. Select the files inside it instead.`,
            });
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

        async selectChangedUnder(dirs, kinds) {
          if (!get().repo) return;
          const room = MAX_SELECTIONS - get().selected.length;
          try {
            const already = new Set(get().selected.map((s) => s.path));
            const found = await changedFilesUnder(
              async (dir) => (await listDir(dir)).filter((e) => !already.has(e.path)),
              dirs,
              new Set(kinds),
              Math.max(0, room),
            );
            const add = found.paths.map((path) => ({ path, kind: 'file' as const }));
            const where = dirs.map((d) => `${d}/`).join(', ');
            // The folder's badge counts deleted files too: say why they are not ticked (no working copy to send).
            const gone = CHANGED_KINDS.every((k) => kinds.includes(k)) ? found.deleted : 0;
            const selectedText = gone
              ? `Selected ${add.length} of ${plural(add.length + gone, 'changed file')} under ${where} (${gone} deleted, nothing to send)`
              : `Selected ${plural(add.length, 'changed file')} under ${where}`;
            const notice =
              add.length === 0 && !found.more
                ? gone
                  ? `No files to add under ${where}: its ${plural(gone, 'changed file')} ${gone === 1 ? 'is' : 'are'} deleted, nothing to send.`
                  : `No ${kinds.join(' or ')} files to add under ${where}.`
                : found.more
                  ? `${selectedText}; more did not fit in the limit of ${MAX_SELECTIONS} selections.`
                  : `${selectedText}: their working copies will be sent.`;
            set((s) => ({ selected: [...s.selected, ...add], notice }));
          } catch (err) {
            set({ error: toUiError(err) });
          }
        },
        clearSelection: () => set({ selected: [], notice: null }),

        addAttachments(files, skippedFolders = 0) {
          const room = MAX_ATTACHMENTS - get().attachments.length;
          const added = files.slice(0, Math.max(0, room)).map((f) => ({ id: attachmentId(), name: f.name, size: f.size, ...(f.path ? { path: f.path } : {}) }));
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
                // Without previews the answer of a 200-file folder is ~50 KB, not ~1.7 MB for the page to take in
                // before its first row shows (issue 24); a row asks for its own when it opens (preview-store).
                previews: false,
              },
              { callId, signal: controller.signal },
            );
            if (get().repo !== s.repo) return;
            const active = get().activePath;
            const keep = result.files.some((f) => f.path === active);
            set({ result, resultKey: key, hadResult: true, activePath: keep ? active : null });
          } catch (err) {
            // Cancelling is the user's choice, not an error to explain.
            if (!controller.signal.aborted) set({ error: toUiError(err) });
          } finally {
            unfollow();
            if (inspectAbort === controller) inspectAbort = null;
            set({ running: false, progress: null });
          }
          // What is on disk may have changed since the tree was listed. Read once the inspection has
          // answered: run beside it, the listing's status of the working tree competed with it for the
          // same disk and cores (on a 30,000-file repository it made the wait for the result seconds longer).
          // And once the result is painted: the host's listing would compete with its first layout, and
          // the tree's re-render would be part of the result's own.
          afterPaint(() => {
            if (get().repo === s.repo) void get().refreshTree();
          });
        },

        cancelInspect() {
          inspectAbort?.abort();
        },

        setActivePath: (path) => set({ activePath: path }),

        dismissError: () => set({ error: null }),
        dismissNotice: () => set({ notice: null }),
      };
    },
    {
      ...sessionPersist<InspectorState, Persisted>('inspector', (s) => ({
        repo: s.repo,
        baseRef: s.baseRef,
        selected: s.selected,
        attachments: s.attachments,
        expanded: s.expanded,
        activePath: s.activePath,
        hadResult: s.result !== null || s.hadResult,
      })),
      merge: (stored, current) => ({ ...current, ...restoredState(stored, attachmentId) }),
    },
  ),
);

/** What a run started now would carry, from the Inspector's state (null with no repository). */
function runContextOf(s: InspectorState): RunContext | null {
  if (!s.repo) return null;
  const attachments = s.attachments.map(({ name, size, path }) => ({ name, size, ...(path ? { path } : {}) }));
  return { repo: s.repo, baseRef: s.baseRef, paths: s.selected.map((x) => x.path), attachments };
}

// Publishes the pick as app-wide state (state/run-context.ts) whenever a part of it changes.
useRunContext.setState({ context: runContextOf(useInspector.getState()) });
useInspector.subscribe((s, prev) => {
  if (s.repo !== prev.repo || s.baseRef !== prev.baseRef || s.selected !== prev.selected || s.attachments !== prev.attachments) {
    useRunContext.setState({ context: runContextOf(s) });
  }
});
