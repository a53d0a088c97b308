import { useMemo } from 'react';
import { useShallow } from 'zustand/react/shallow';
import { plural } from '../../../../shared/format';
import { agentLabel } from './run-text';
import { StatusBadge } from './StatusBadge';
import { useRuns } from './store';
import { formatWhen } from '../../ui/when';


/** The repository's runs, newest first, optionally one thread's only. */
export function RunList() {
  const { runs, threads, agents, filter, selectedId, loaded } = useRuns(
    useShallow((s) => ({ runs: s.runs, threads: s.threads, agents: s.agents, filter: s.threadFilter, selectedId: s.selectedId, loaded: s.listLoaded })),
  );
  const { select, setThreadFilter, openThread } = useRuns.getState();
  const shown = useMemo(() => (filter ? runs.filter((r) => r.threadId === filter) : runs), [runs, filter]);
  const turnOf = useMemo(() => {
    // Turn numbers within each thread, oldest first.
    const n = new Map<string, number>();
    const seen = new Map<string, number>();
    for (const r of [...runs].reverse()) {
      const k = (seen.get(r.threadId) ?? 0) + 1;
      seen.set(r.threadId, k);
      n.set(r.id, k);
    }
    return n;
  }, [runs]);

  return (
    <div className="runs-list-pane">
      <div className="runs-list-head">
        <h2>Runs</h2>
        <select
          aria-label="Thread"
          data-testid="thread-filter"
          value={filter ?? ''}
          onChange={(e) => (e.target.value ? void openThread(e.target.value) : setThreadFilter(null))}
        >
          <option value="">All threads ({threads.length})</option>
          {threads.map((t) => (
            <option key={t.id} value={t.id}>
              {t.title.length > 48 ? `${t.title.slice(0, 47)}…` : t.title} ({plural(t.runCount, 'turn')})
            </option>
          ))}
        </select>
      </div>
      <ul className="runs-list" data-testid="run-list" aria-label="Runs, newest first">
        {shown.map((r) => (
          <li key={r.id}>
            <button
              type="button"
              className={r.id === selectedId ? 'run-row is-selected' : 'run-row'}
              aria-current={r.id === selectedId ? 'true' : undefined}
              data-run-id={r.id}
              data-status={r.status}
              onClick={() => void select(r.id)}
            >
              <span className="run-row-top">
                <StatusBadge status={r.status} />
                <span className="hint">{formatWhen(r.createdAt)}</span>
              </span>
              <span className="run-row-ask">{r.askPreview}</span>
              <span className="hint run-row-meta">
                {agentLabel(r.agent, agents)} · turn {turnOf.get(r.id) ?? 1} · {plural(r.stepCount, 'step')}
              </span>
            </button>
          </li>
        ))}
      </ul>
      {loaded && shown.length === 0 && (
        <p className="muted runs-list-empty">
          {filter ? 'No runs in this thread.' : 'No runs in this repository yet. Start one from the Inspector: tick files, type the ask, press Run.'}
        </p>
      )}
    </div>
  );
}
