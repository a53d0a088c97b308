import { plural } from '../../../../shared/format';
import { usePresets } from './store';

/** The last import's result: what it added, or every problem that refused it, each with its place in the file. */
export function ImportNotice() {
  const outcome = usePresets((s) => s.importOutcome);
  const dismiss = usePresets.getState().dismissImport;
  if (!outcome) return null;
  if (outcome.kind === 'refused') {
    return (
      <div className="notice notice-error import-notice" role="alert" data-testid="import-refused" data-error-code={outcome.code}>
        <div>
          <strong>{outcome.code === 'conflict' ? `${outcome.source} contradicts presets stored here` : `${outcome.source} can’t be imported`}</strong>
          <p>{outcome.summary}</p>
          <ul className="problem-list">
            {outcome.problems.map((p, i) => (
              <li key={i} data-path={p.path}>
                {p.path ? <code>{p.path}</code> : <span className="muted">the file</span>} {p.message}
              </li>
            ))}
            {outcome.more > 0 && <li className="muted">… and {plural(outcome.more, 'more problem')}</li>}
          </ul>
        </div>
        <button type="button" className="ghost" onClick={dismiss} aria-label="Dismiss import result">
          ×
        </button>
      </div>
    );
  }
  const { report, source } = outcome;
  const added = report.added.reduce((n, a) => n + a.revisions.length, 0);
  return (
    <div className="notice notice-ok import-notice" role="status" data-testid="import-report">
      <div>
        <strong>{added ? `Imported ${plural(added, 'revision')} from ${source}` : `Nothing new in ${source}`}</strong>
        {report.fromVersion === 1 && <p>A version 1 library: its revisions have no context budget (no ceiling).</p>}
        <ul className="problem-list">
          {report.added.map((a) => (
            <li key={a.name}>
              {a.newPreset ? 'New preset' : 'Added to'} <strong>{a.name}</strong>: {a.revisions.map((r) => `@${r}`).join(', ')}
            </li>
          ))}
          {report.unchanged.map((u) => (
            <li key={u.name} className="muted">
              Already here: {u.name} ({u.revisions.map((r) => `@${r}`).join(', ')})
            </li>
          ))}
        </ul>
      </div>
      <button type="button" className="ghost" onClick={dismiss} aria-label="Dismiss import result">
        ×
      </button>
    </div>
  );
}
