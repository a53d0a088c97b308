import { useEffect, useState } from 'react';
import { useShallow } from 'zustand/react/shallow';
import { ErrorNotice } from '../../ui/ErrorNotice';
import { ExportMenu } from './ExportMenu';
import { agentLabel, exitText, runDuration } from './run-text';
import { StatusBadge } from './StatusBadge';
import { ThreadCeiling } from './ThreadCeiling';
import { useRuns } from './store';

/** Ticks once a second while `on`, for a live duration. */
function useNow(on: boolean): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (!on) return;
    const t = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(t);
  }, [on]);
  return now;
}

/** The selected run at a glance: the ask, status, agent, duration, exit; Cancel while it runs; export. */
export function RunHeader() {
  const { run, status, agents, last, busy, actionError, exportNote } = useRuns(
    useShallow((s) => ({
      run: s.run,
      status: s.status,
      agents: s.agents,
      last: s.steps.at(-1) ?? null,
      busy: s.busy,
      actionError: s.actionError,
      exportNote: s.exportNote,
    })),
  );
  const running = status === 'running';
  const now = useNow(running);
  if (!run || !status) return null;
  const exit = last ? exitText(last) : null;

  return (
    <header className="run-head" data-testid="run-head" data-run-id={run.id} data-run-status={status}>
      <div className="run-head-top">
        <StatusBadge status={status} />
        <h2 className="run-title" title={run.askPreview}>
          {run.askPreview}
        </h2>
        <span className="spacer" />
        {running && (
          <button type="button" className="danger" data-testid="run-cancel" disabled={busy === 'cancel'} onClick={() => void useRuns.getState().cancel()}>
            {busy === 'cancel' ? 'Cancelling…' : 'Cancel'}
          </button>
        )}
        <ExportMenu />
      </div>
      <p className="hint run-head-meta">
        {agentLabel(run.agent, agents)}
        {run.model ? ` · model ${run.model}` : ''} · <span data-testid="run-duration">{runDuration(run, now, last)}</span>
        {exit && !running && exit !== 'not launched' ? ` · ${exit}` : ''} · run <span className="mono">{run.id}</span>
        <br />
        <ThreadCeiling />
      </p>
      {last?.message && status !== 'blocked' && (
        <p className={status === 'failed' ? 'run-message is-error' : 'run-message'} data-testid="run-message">
          {last.message}
        </p>
      )}
      {exportNote && (
        <p className="hint" role="status" data-testid="export-note">
          {exportNote}
        </p>
      )}
      {actionError && <ErrorNotice error={actionError} onDismiss={() => useRuns.getState().dismissActionError()} />}
    </header>
  );
}
