import { create } from 'zustand';
import type { AppInfo } from '../../../../shared/contract/app';
import { bridge } from '../../bridge';
import { toUiError, type UiError } from './ui-error';

export const VIEWS = ['inspector', 'runs', 'xray', 'presets', 'settings'] as const;
export type View = (typeof VIEWS)[number];

export const isView = (v: unknown): v is View => typeof v === 'string' && (VIEWS as readonly string[]).includes(v);

interface ShellState {
  view: View;
  info: AppInfo | null;
  ready: boolean;
  error: UiError | null;
  setView(view: View): void;
  load(): Promise<void>;
}

export const useShell = create<ShellState>()((set) => ({
  view: 'inspector',
  info: null,
  ready: false,
  error: null,
  setView: (view) => set({ view }),
  async load() {
    try {
      const info = await bridge.call('app.info', {});
      set({ info, ready: true, error: null });
    } catch (err) {
      set({ error: toUiError(err), ready: true });
    }
  },
}));
