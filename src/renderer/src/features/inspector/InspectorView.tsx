import { useEffect } from 'react';
import { useRepo } from '../../state/repo-store';
import { AttachmentsPanel } from './AttachmentsPanel';
import { BaseRefPicker } from './BaseRefPicker';
import { FileTree } from './FileTree';
import { InspectBar } from './InspectBar';
import { ResultsPanel } from './ResultsPanel';
import { RunDock } from './run/RunDock';
import { useRunForm } from './run/run-store';
import { RunSettingsDrawer } from './run/RunSettingsDrawer';
import { SelectionSummary } from './SelectionSummary';
import { canReadDropped, useInspector } from './store';
import { attachmentsHint } from '../../ui/attachment-text';
import { useFileDrop } from './use-file-drop';

/**
 * The Context inspector: pick a base ref, files, folders and attachments on
 * the left; see exactly what a run would receive, and what is left out, on the
 * right, and start a run from the bar under the results (its settings open in
 * a drawer over them). Each pane is one scroll area; the Inspect button and
 * the Run bar stay in view.
 */
export function InspectorView() {
  const root = useRepo((s) => s.repo?.root ?? null);
  useEffect(() => {
    if (root) useInspector.getState().setRepo(root);
  }, [root]);
  // Files may have been created or changed while Loupe was in the background.
  useEffect(() => {
    const refresh = () => {
      if (document.visibilityState === 'visible') void useInspector.getState().refreshTree();
    };
    window.addEventListener('focus', refresh);
    document.addEventListener('visibilitychange', refresh);
    return () => {
      window.removeEventListener('focus', refresh);
      document.removeEventListener('visibilitychange', refresh);
    };
  }, []);

  const { dragging, handlers } = useFileDrop((files, skippedFolders) =>
    useInspector.getState().addAttachments(files, skippedFolders),
  );

  return (
    <div className="inspector" data-testid="inspector" data-dragging={dragging ? 'true' : 'false'} {...handlers}>
      <section className="insp-pane insp-select" aria-label="What to inspect">
        <div className="insp-pane-scroll">
          <BaseRefPicker />
          <FileTree />
          <SelectionSummary />
          <AttachmentsPanel />
        </div>
        <InspectBar />
      </section>
      <section className="insp-pane insp-results" aria-label="Inspection result and run">
        <div className="insp-results-body">
          <ResultsPanel />
          <RunSettingsSlot />
        </div>
        <RunDock />
      </section>
      {dragging && (
        <div className="insp-drop-overlay" aria-hidden>
          <div>
            <strong>Drop to attach</strong>
            <p>{attachmentsHint(canReadDropped)}</p>
          </div>
        </div>
      )}
    </div>
  );
}

/** The run settings drawer when open. Its own subscriber: opening it re-renders the drawer, not the tree and the results beside it. */
function RunSettingsSlot() {
  const drawerOpen = useRunForm((s) => s.drawerOpen);
  return drawerOpen ? <RunSettingsDrawer /> : null;
}
