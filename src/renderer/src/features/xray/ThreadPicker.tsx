import { useShallow } from 'zustand/react/shallow';
import { useRuns } from '../runs/store';
import { useShell } from '../shell/store';
import { useXray } from './store';

/** Shows the thread's runs in the Runs view (filtered to this thread). */
function openInRuns(threadId: string) {
  useRuns.getState().setThreadFilter(threadId);
  useShell.getState().setView('runs');
}

/** Which thread of the open repository X-Ray shows (newest first), and a way to its runs. */
export function ThreadPicker() {
  const { threads, threadId, loading } = useXray(useShallow((s) => ({ threads: s.threads, threadId: s.threadId, loading: s.loading })));
  const x = useXray.getState();
  return (
    <div className="row xray-picker">
      <label htmlFor="xray-thread">Thread</label>
      <select id="xray-thread" value={threadId ?? ''} onChange={(e) => void x.select(e.target.value || null)} disabled={threads.length === 0}>
        {threads.length === 0 && <option value="">No threads in this repository yet</option>}
        {threads.map((t) => (
          <option key={t.id} value={t.id}>
            {t.title.length > 70 ? `${t.title.slice(0, 69)}…` : t.title} · {t.agent} · {t.runCount} {t.runCount === 1 ? 'turn' : 'turns'}
          </option>
        ))}
      </select>
      <button type="button" className="small" onClick={() => void x.refresh()} disabled={!threadId || loading}>
        ↻ Refresh
      </button>
      {threadId && (
        <button type="button" className="small" onClick={() => openInRuns(threadId)}>
          Runs of this thread
        </button>
      )}
    </div>
  );
}
