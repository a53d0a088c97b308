import { create } from 'zustand';
import type { Manifest } from '../../../../shared/contract/xray';
import { bridge } from '../../bridge';
import { toUiError, type UiError } from '../../ui/ui-error';

interface ContextPreviewState {
  preview: Manifest | null;
  loading: boolean;
  error: UiError | null;
  /** The would-be system context of the current run settings, for the open repository when there is one. */
  load(repo: string | null): Promise<void>;
}

/** Settings → Context: xray.preview for the current settings. */
export const useContextPreview = create<ContextPreviewState>()((set) => ({
  preview: null,
  loading: false,
  error: null,
  async load(repo) {
    set({ loading: true });
    try {
      const preview = await bridge.call('xray.preview', repo ? { repo } : {});
      set({ preview, loading: false, error: null });
    } catch (err) {
      set({ loading: false, error: toUiError(err) });
    }
  },
}));
