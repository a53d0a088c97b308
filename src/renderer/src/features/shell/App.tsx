import { useEffect } from 'react';
import { bridge } from '../../bridge';
import { InspectorView } from '../inspector/InspectorView';
import { PresetsView } from '../presets/PresetsView';
import { OpenRepository } from '../repo/OpenRepository';
import { RepoBar } from '../repo/RepoBar';
import { useRepo } from '../repo/store';
import { RunsView } from '../runs/RunsView';
import { SettingsView } from '../settings/SettingsView';
import { XRayView } from '../xray/XRayView';
import { ErrorNotice } from './ErrorNotice';
import { NavRail } from './NavRail';
import { isView, useShell, type View } from './store';

const VIEW_COMPONENTS: Record<View, () => React.JSX.Element> = {
  inspector: InspectorView,
  runs: RunsView,
  xray: XRayView,
  presets: PresetsView,
  settings: SettingsView,
};

/** Views that need an open repository; the others work without one. */
const NEEDS_REPO: ReadonlySet<View> = new Set(['inspector', 'runs', 'xray']);

export function App() {
  const ready = useShell((s) => s.ready);
  const view = useShell((s) => s.view);
  const shellError = useShell((s) => s.error);
  const repo = useRepo((s) => s.repo);
  const choosing = useRepo((s) => s.choosing);

  useEffect(() => {
    void useShell.getState().load();
    void useRepo.getState().loadRecent();
    return bridge.onCommand((cmd) => {
      if (cmd.command === 'open-repository') {
        useRepo.getState().setChoosing(true);
        void useRepo.getState().pick();
      } else if (cmd.command === 'navigate' && isView(cmd.view)) {
        useShell.getState().setView(cmd.view);
      }
    });
  }, []);

  const Current = VIEW_COMPONENTS[view];
  const showOpen = choosing || (!repo && NEEDS_REPO.has(view));
  return (
    <div className="app" data-ready={ready ? 'true' : 'false'} data-host={bridge.host}>
      <NavRail />
      <main className="main">
        {shellError ? (
          // Without app.info nothing else can work (e.g. a browser-host page without its token).
          <div className="view">
            <div className="blocking-error">
              <ErrorNotice error={shellError} />
            </div>
          </div>
        ) : (
          <>
            {repo && !choosing && <RepoBar />}
            <div className="view" data-view={view}>
              {showOpen ? <OpenRepository /> : <Current />}
            </div>
          </>
        )}
      </main>
    </div>
  );
}
