import { useShallow } from 'zustand/react/shallow';
import { plural } from '../../../../shared/format';
import { StatusBadge } from './StatusBadge';
import { useRuns } from './store';
import { formatWhen } from '../../ui/when';

/** The selected run's thread: every turn, oldest first; choosing one opens it. */
export function ThreadTurns() {
  const { turns, selectedId, thread } = useRuns(
    useShallow((s) => ({ turns: s.threadRuns, selectedId: s.selectedId, thread: s.threads.find((t) => t.id === s.run?.threadId) ?? null })),
  );
  return (
    <div className="thread" data-testid="thread-turns">
      <p className="hint">
        {/* The turns listed below, counted as the tab counts them (the thread summary may be a refresh behind). */}
        {`${plural(turns.length, 'turn')} with one agent in this repository. `}
        {thread?.cliSessionId
          ? `Follow-up turns resume the CLI’s session (${thread.cliSessionId}); if that fails, Loupe starts a fresh session carrying the thread’s history, folded to the model’s budget and measured again.`
          : 'Follow-up turns start a fresh session carrying the thread’s history, which Loupe assembles, folds to the model’s budget and measures again.'}
      </p>
      <ol className="turns">
        {turns.map((r, i) => (
          <li key={r.id}>
            <button
              type="button"
              className={r.id === selectedId ? 'turn is-selected' : 'turn'}
              data-run-id={r.id}
              aria-current={r.id === selectedId ? 'true' : undefined}
              onClick={() => void useRuns.getState().select(r.id)}
            >
              <span className="turn-n">Turn {i + 1}</span>
              <StatusBadge status={r.status} />
              <span className="turn-ask">{r.askPreview}</span>
              <span className="hint">{formatWhen(r.createdAt)}</span>
            </button>
          </li>
        ))}
      </ol>
    </div>
  );
}
