import { create } from 'zustand';
import type { Manifest } from '../../../../shared/contract/xray';
import { bridge } from '../../bridge';
import { toUiError, type UiError } from '../../ui/ui-error';

/** The Inspector's context: what a run started now would carry besides the settings. */
export interface InspectorContext {
  baseRef: string;
  paths: string[];
  attachments: { name: string; size: number; path?: string }[];
}

interface ContextPreviewState {
  preview: Manifest | null;
  loading: boolean;
  error: UiError | null;
  /**
   * The would-be system context of the current run settings, for the open
   * repository when there is one, with the Inspector's base, selection and
   * attachments (the reference files a run would name).
   */
  load(repo: string | null, inspector?: InspectorContext): Promise<void>;
}

/** Settings → Context: xray.preview for the current settings. */
let asked = 0;

export const useContextPreview = create<ContextPreviewState>()((set) => ({
  preview: null,
  loading: false,
  error: null,
  async load(repo, inspector) {
    const mine = ++asked;
    set({ loading: true });
    try {
      const request = repo ? { repo, ...(inspector ? { baseRef: inspector.baseRef, paths: inspector.paths, attachments: inspector.attachments } : {}) } : {};
      const preview = await bridge.call('xray.preview', request);
      if (mine === asked) set({ preview, loading: false, error: null });
    } catch (err) {
      if (mine === asked) set({ loading: false, error: toUiError(err) });
    }
  },
}));
