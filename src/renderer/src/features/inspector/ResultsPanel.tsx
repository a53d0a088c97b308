import { useShallow } from 'zustand/react/shallow';
import { ErrorNotice } from '../../ui/ErrorNotice';
import { AttachmentResults } from './AttachmentResults';
import { shortHash, plural } from '../../../../shared/format';
import { OmissionGroups } from './OmissionGroups';
import { PreviewPane } from './PreviewPane';
import { ResultTable } from './ResultTable';
import { requestKey, useInspector } from './store';
import { TotalsBar } from './TotalsBar';

/** The last inspection: totals, callouts, files with preview, attachments, omissions. */
export function ResultsPanel() {
  const { result, error, running, stale, activePath } = useInspector(
    useShallow((s) => ({
      result: s.result,
      error: s.error,
      running: s.running,
      stale: s.result !== null && s.resultKey !== requestKey(s),
      activePath: s.activePath,
    })),
  );
  const { setActivePath, dismissError } = useInspector.getState();
  const active = result?.files.find((f) => f.path === activePath) ?? null;

  return (
    <div className="insp-results-inner" aria-busy={running}>
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
                A folder brings in files as they are in the base commit. To include your current copies, select those
                files one by one (they are marked M in the tree).
              </p>
            </div>
          )}
          <ResultTable files={result.files} activePath={activePath} onSelect={setActivePath} />
          <PreviewPane file={active} />
          <AttachmentResults attachments={result.attachments} />
          <OmissionGroups omissions={result.omissions} limits={result.limits} />
        </div>
      )}
    </div>
  );
}
