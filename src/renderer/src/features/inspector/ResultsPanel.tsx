import { useEffect, useMemo } from 'react';
import { useShallow } from 'zustand/react/shallow';
import { plural, shortHash } from '../../../../shared/format';
import { ErrorNotice } from '../../ui/ErrorNotice';
import { AttachmentResults } from './AttachmentResults';
import { OmissionGroups } from './OmissionGroups';
import { ResultActions } from './ResultActions';
import { ResultTable } from './ResultTable';
import { requestKey, useInspector } from './store';
import { useRunForm } from './run/run-store';
import { useTokenCounts } from './token-count-store';
import { TotalsBar } from './TotalsBar';

/** The last inspection: totals, callouts, files with preview, attachments, omissions. */
export function ResultsPanel() {
  const { result, error, running, stale, activePath, selected } = useInspector(
    useShallow((s) => ({
      result: s.result,
      error: s.error,
      running: s.running,
      stale: s.result !== null && s.resultKey !== requestKey(s),
      activePath: s.activePath,
      selected: s.selected,
    })),
  );
  const { setActivePath, dismissError, selectChangedUnder } = useInspector.getState();
  // Exact counts for the model in force: a new inspection or another model cancels the count in flight.
  const model = useRunForm((s) => s.effective?.settings.model ?? null);
  const exact = useTokenCounts((s) => s.counts);
  useEffect(() => useTokenCounts.getState().sync(result, model), [result, model]);
  const folders = useMemo(() => selected.filter((x) => x.kind === 'dir').map((x) => x.path), [selected]);

  return (
    <div className="insp-pane-scroll insp-results-inner" aria-busy={running}>
      {error && <ErrorNotice error={error} onDismiss={dismissError} />}
      {!result ? (
        <div className="insp-placeholder" data-testid="results-empty">
          <h2>What a run would receive</h2>
          <p className="muted">
            Pick a base ref, tick files and folders, drop any attachments, then press Inspect. Loupe lists every file
            with its source, hash, size and approximate tokens, and everything it leaves out, with the reason.
          </p>
        </div>
      ) : (
        <div className="insp-result" data-testid="result" data-base-commit={result.baseCommit}>
          <div className="insp-result-head">
            <h2>What a run would receive</h2>
            <span className="muted">
              base <span className="mono">{result.baseRef}</span> ·{' '}
              <span className="mono" title={result.baseCommit}>
                {shortHash(result.baseCommit)}
              </span>
            </span>
            <span className="spacer" />
            <ResultActions result={result} />
          </div>
          {stale && (
            <p className="notice notice-warn small" role="status" data-testid="stale">
              The selection changed since this inspection. Press Inspect to update it.
            </p>
          )}
          <TotalsBar result={result} />
          {result.modifiedDescendantsAtBase > 0 && (
            <div className="callout" role="note" data-testid="modified-callout">
              <strong>
                {plural(result.modifiedDescendantsAtBase, 'modified file')} under the selected folders{' '}
                {result.modifiedDescendantsAtBase === 1 ? 'was' : 'were'} kept at the committed version.
              </strong>
              <p>
                A folder brings in files as they are in the base commit. To include your current copies, tick those files
                one by one (they are marked M in the tree).
              </p>
              {folders.length > 0 && (
                <button
                  type="button"
                  className="small"
                  data-testid="select-modified"
                  onClick={() => void selectChangedUnder(folders, ['modified'])}
                >
                  Tick the modified files one by one
                </button>
              )}
            </div>
          )}
          <ResultTable files={result.files} exact={exact} activePath={activePath} onSelect={setActivePath} />
          <AttachmentResults attachments={result.attachments} />
          <OmissionGroups omissions={result.omissions} limits={result.limits} />
        </div>
      )}
    </div>
  );
}
