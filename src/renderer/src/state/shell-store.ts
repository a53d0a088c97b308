import { create } from 'zustand';
import { persist } from 'zustand/middleware';
import type { EventMap } from '../../../shared/api';
import type { AppInfo, HostKind } from '../../../shared/contract/app';
import type { RunDetail } from '../../../shared/contract/runs';
import { isViewId, type ViewId } from '../../../shared/views';
import { bridge } from '../bridge';
import { sessionPersist } from '../session-persist';
import { toUiError, type UiError } from '../ui/ui-error';

/** Which host serves the page (Electron or the browser host): views show what only one of them can do. */
export const appHost: HostKind = bridge.host;

/** Listens to the desktop menu's commands (the browser host sends none); returns the function that stops it. */
export function onAppCommand(listener: (command: EventMap['app.command']) => void): () => void {
  return bridge.onCommand(listener);
}

export type View = ViewId;

/** What another view asks the Runs view to show: a run just started or continued, or one thread's runs. */
type RunsFocus = { run: RunDetail } | { threadId: string };

export const isView = isViewId;

interface ShellState {
  view: View;
  info: AppInfo | null;
  ready: boolean;
  error: UiError | null;
  /** Set by showInRuns until the Runs store takes it (features/runs/store.ts subscribes). */
  runsFocus: RunsFocus | null;
  setView(view: View): void;
  /** Opens the Runs view on a run or a thread: how the Inspector and X-Ray hand over, without importing Runs. */
  showInRuns(focus: RunsFocus): void;
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
      runsFocus: null,
      setView: (view) => set({ view }),
      showInRuns: (focus) => set({ view: 'runs', runsFocus: focus }),
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
