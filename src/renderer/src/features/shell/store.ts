import { create } from 'zustand';
import { persist } from 'zustand/middleware';
import type { EventMap } from '../../../../shared/api';
import type { AppInfo, HostKind } from '../../../../shared/contract/app';
import { isViewId, type ViewId } from '../../../../shared/views';
import { bridge } from '../../bridge';
import { sessionPersist } from '../../session-persist';
import { toUiError, type UiError } from '../../ui/ui-error';

/** Which host serves the page (Electron or the browser host): views show what only one of them can do. */
export const appHost: HostKind = bridge.host;

/** Listens to the desktop menu's commands (the browser host sends none); returns the function that stops it. */
export function onAppCommand(listener: (command: EventMap['app.command']) => void): () => void {
  return bridge.onCommand(listener);
}

export type View = ViewId;
export const isView = isViewId;

interface ShellState {
  view: View;
  info: AppInfo | null;
  ready: boolean;
  error: UiError | null;
  setView(view: View): void;
  load(): Promise<void>;
}

/** The app shell: current view (kept across a reload), app info, the blocking error. */
export const useShell = create<ShellState>()(
  persist(
    (set) => ({
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
    }),
    {
      ...sessionPersist<ShellState, { view: View }>('shell', (s) => ({ view: s.view })),
      merge: (stored, current) => {
        const view = (stored as { view?: unknown } | undefined)?.view;
        return isView(view) ? { ...current, view } : current;
      },
    },
  ),
);
