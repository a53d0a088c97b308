import { useEffect } from 'react';
import { useRepo } from '../../state/repo-store';
import { RunDetailPane } from './RunDetailPane';
import { RunList } from './RunList';
import { useRuns } from './store';

/** Runs of the open repository on the left (newest first, by thread); the selected run on the right. */
export function RunsView() {
  const root = useRepo((s) => s.repo?.root ?? null);
  useEffect(() => {
    if (root) useRuns.getState().setRepo(root);
  }, [root]);
  // Runs started elsewhere (the CLI, another window) appear when Loupe comes back to the front.
  useEffect(() => {
    const refresh = () => {
      if (document.visibilityState === 'visible') void useRuns.getState().refreshList();
    };
    window.addEventListener('focus', refresh);
    return () => window.removeEventListener('focus', refresh);
  }, []);

  return (
    <div className="runs" data-testid="runs-view">
      <section className="runs-pane" aria-label="Runs">
        <RunList />
      </section>
      <section className="runs-pane" aria-label="Selected run">
        <RunDetailPane />
      </section>
    </div>
  );
}
