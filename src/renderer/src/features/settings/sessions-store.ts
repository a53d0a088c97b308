import { create } from 'zustand';
import type { SessionFolders, SessionFoldersInfo } from '../../../../shared/contract/sessions';
import { bridge } from '../../bridge';
import { toUiError, type UiError } from '../../ui/ui-error';

interface SessionFoldersState {
  info: SessionFoldersInfo | null;
  saving: boolean;
  error: UiError | null;
  load(): Promise<void>;
  /** Saves the folders ('' = the CLI's default); resolves false (with `error` set) when refused. */
  save(folders: SessionFolders): Promise<boolean>;
  clearError(): void;
}

/** Settings → Sessions: the folders Loupe searches for each CLI's transcripts. */
export const useSessionFolders = create<SessionFoldersState>()((set) => ({
  info: null,
  saving: false,
  error: null,
  async load() {
    try {
      set({ info: await bridge.call('sessions.getFolders', {}) });
    } catch (err) {
      set({ error: toUiError(err) });
    }
  },
  async save(folders) {
    set({ saving: true, error: null });
    try {
      set({ info: await bridge.call('sessions.setFolders', folders), saving: false });
      return true;
    } catch (err) {
      set({ error: toUiError(err), saving: false });
      return false;
    }
  },
  clearError: () => set({ error: null }),
}));
