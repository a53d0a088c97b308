import { useEffect } from 'react';
import { ErrorNotice } from '../ui/ErrorNotice';
import { useLibraryDrop } from '../features/presets/use-library-drop';
import { OpenRepository } from '../features/repo/OpenRepository';
import { RepoBar } from '../features/repo/RepoBar';
import { useRepo } from '../state/repo-store';
import { NavRail } from './NavRail';
import { appHost, isView, onAppCommand, useShell } from '../state/shell-store';
import { viewEntry } from './view-registry';

/** The app root: nav rail, repository bar and the current view from the view registry. */
export function App() {
  const ready = useShell((s) => s.ready);
  const view = useShell((s) => s.view);
  const shellError = useShell((s) => s.error);
  const repo = useRepo((s) => s.repo);
  const choosing = useRepo((s) => s.choosing);
  const restoring = useRepo((s) => s.restoreRoot);
  // A preset library dropped anywhere no view takes files is imported (use-library-drop.ts).
  useLibraryDrop();

  useEffect(() => {
    void useShell
      .getState()
      .load()
      .then(() => {
        // After a reload: reopen the repository that was open, through the normal call.
        if (!useShell.getState().error) void useRepo.getState().restore();
      });
    void useRepo.getState().loadRecent();
    return onAppCommand((cmd) => {
      if (cmd.command === 'open-repository') {
        useRepo.getState().setChoosing(true);
        void useRepo.getState().pick();
      } else if (isView(cmd.view)) {
        useShell.getState().setView(cmd.view);
      }
    });
  }, []);

  const entry = viewEntry(view);
  const Current = entry.component;
  const needsOpen = !repo && entry.needsRepo;
  let body: React.JSX.Element;
  if (restoring && needsOpen && !choosing) {
    body = (
      <p className="muted restoring" role="status" data-testid="restoring">
        Reopening <span className="mono">{restoring}</span>…
      </p>
    );
  } else body = choosing || needsOpen ? <OpenRepository /> : <Current />;

  return (
    <div className="app" data-ready={ready && (!restoring || shellError) ? 'true' : 'false'} data-host={appHost}>
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
              {body}
            </div>
          </>
        )}
      </main>
    </div>
  );
}
