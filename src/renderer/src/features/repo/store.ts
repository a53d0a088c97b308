import { create } from 'zustand';
import type { RecentRepo, RepoInfo } from '../../../../shared/contract/repo';
import { bridge } from '../../bridge';
import { toUiError, type UiError } from '../shell/ui-error';

interface RepoState {
  repo: RepoInfo | null;
  recent: RecentRepo[];
  opening: boolean;
  error: UiError | null;
  /** Whether the start screen is shown over an open repository (to switch). */
  choosing: boolean;
  loadRecent(): Promise<void>;
  open(path: string): Promise<boolean>;
  pick(): Promise<void>;
  forget(path: string): Promise<void>;
  setChoosing(choosing: boolean): void;
  clearError(): void;
}

export const useRepo = create<RepoState>()((set, get) => ({
  repo: null,
  recent: [],
  opening: false,
  error: null,
  choosing: false,
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
      set({ repo, opening: false, choosing: false });
      void get().loadRecent();
      return true;
    } catch (err) {
      set({ error: toUiError(err), opening: false });
      return false;
    }
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
}));
