import { create } from 'zustand';
import { persist } from 'zustand/middleware';
import type { RecentRepo, RepoInfo } from '../../../shared/contract/repo';
import { bridge } from '../bridge';
import { sessionPersist } from '../session-persist';
import { toUiError, type UiError } from '../ui/ui-error';

interface RepoState {
  repo: RepoInfo | null;
  recent: RecentRepo[];
  opening: boolean;
  error: UiError | null;
  /** Whether the start screen is shown over an open repository (to switch). */
  choosing: boolean;
  /** The repository open before a reload, until `restore` has reopened it (or failed). */
  restoreRoot: string | null;
  loadRecent(): Promise<void>;
  open(path: string): Promise<boolean>;
  /** Reopens, through repo.open, the repository that was open before a reload. */
  restore(): Promise<void>;
  pick(): Promise<void>;
  forget(path: string): Promise<void>;
  setChoosing(choosing: boolean): void;
  clearError(): void;
}

type Persisted = { root: string | null };

export const useRepo = create<RepoState>()(
  persist(
    (set, get) => ({
      repo: null,
      recent: [],
      opening: false,
      error: null,
      choosing: false,
      restoreRoot: null,
      async loadRecent() {
        try {
          set({ recent: await bridge.call('repo.recent', {}) });
        } catch (err) {
          set({ error: toUiError(err) });
        }
      },
      async open(path) {
        set({ opening: true, error: null });
        try {
          const repo = await bridge.call('repo.open', { path });
          set({ repo, opening: false, choosing: false, restoreRoot: null });
          void get().loadRecent();
          return true;
        } catch (err) {
          set({ error: toUiError(err), opening: false, restoreRoot: null });
          return false;
        }
      },
      async restore() {
        const root = get().restoreRoot;
        if (!root || get().repo) {
          set({ restoreRoot: null });
          return;
        }
        await get().open(root);
      },
      async pick() {
        try {
          const { path } = await bridge.call('repo.pickFolder', {});
          if (path) await get().open(path);
          // Cancelled from the menu while a repository is open: go back to it, not the start screen.
          else if (get().repo) set({ choosing: false });
        } catch (err) {
          set({ error: toUiError(err) });
        }
      },
      async forget(path) {
        try {
          set({ recent: await bridge.call('repo.forget', { path }) });
        } catch (err) {
          set({ error: toUiError(err) });
        }
      },
      setChoosing: (choosing) => set({ choosing, error: null }),
      clearError: () => set({ error: null }),
    }),
    {
      ...sessionPersist<RepoState, Persisted>('repo', (s) => ({ root: s.repo?.root ?? s.restoreRoot })),
      merge: (stored, current) => {
        const root = (stored as Partial<Persisted> | undefined)?.root;
        return typeof root === 'string' && root ? { ...current, restoreRoot: root } : current;
      },
    },
  ),
);
