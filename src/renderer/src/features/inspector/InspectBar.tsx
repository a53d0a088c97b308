import { useShallow } from 'zustand/react/shallow';
import { formatInt, percentOf, plural } from '../../../../shared/format';
import { MAX_SELECTIONS } from './limits';
import { useInspector } from './store';

/** The left pane's footer, always in view: what is picked, the Inspect button and, while it runs, its progress. */
export function InspectBar() {
  const { running, progress, count, attachments, repo } = useInspector(
    useShallow((s) => ({
      running: s.running,
      progress: s.progress,
      count: s.selected.length,
      attachments: s.attachments.length,
      repo: s.repo,
    })),
  );
  const inspect = useInspector((s) => s.inspect);
  const cancel = useInspector((s) => s.cancelInspect);
  const empty = count === 0 && attachments === 0;
  const determinate = progress !== null && progress.total !== null && progress.total > 0;

  return (
    <div className="insp-inspect" data-testid="inspect-bar">
      <p className="hint insp-inspect-summary" data-testid="inspect-summary">
        {empty
          ? 'Tick files or folders, or attach files, to inspect.'
          : `${plural(count, 'selection')} of ${MAX_SELECTIONS}${attachments ? ` · ${plural(attachments, 'attachment')}` : ''}`}
      </p>
      <div className="insp-inspect-row">
      <button
        type="button"
        className="primary insp-inspect-button"
        data-testid="inspect-button"
        disabled={running || empty || !repo}
        onClick={() => void inspect()}
        title={empty ? 'Select files or folders, or attach files, first' : undefined}
      >
        {running ? 'Inspecting…' : 'Inspect'}
      </button>
      {running && (
        <button type="button" className="insp-cancel-button" data-testid="inspect-cancel" onClick={cancel}>
          Cancel
        </button>
      )}
      </div>
      {running && (
        <div className="insp-progress" data-testid="inspect-progress">
          <div
            className={`progress${determinate ? '' : ' indeterminate'}`}
            role="progressbar"
            aria-label="Inspection progress"
            aria-valuemin={determinate ? 0 : undefined}
            aria-valuemax={determinate ? progress.total! : undefined}
            aria-valuenow={determinate ? progress.done : undefined}
          >
            <span style={determinate ? { width: `${percentOf(progress.done, progress.total!)}%` } : undefined} />
          </div>
          <span className="hint insp-progress-text" aria-live="polite" data-testid="progress-text">
            {progress
              ? `Read ${formatInt(progress.done)}${progress.total !== null ? ` of ${formatInt(progress.total)}` : ''} entries`
              : 'Reading files…'}
          </span>
          {progress?.label && (
            <span className="hint mono insp-progress-label" title={progress.label}>
              {progress.label}
            </span>
          )}
        </div>
      )}
    </div>
  );
}
