import { useShallow } from 'zustand/react/shallow';
import { useXray } from './store';

/** Which thread of the open repository X-Ray shows (newest first), with its id to find it in Runs. */
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
      {threadId && (
        <span className="hint mono" title="The thread's id (Runs and `loupe xray` know it by this)">
          {threadId}
        </span>
      )}
      <button type="button" className="small" onClick={() => void x.refresh()} disabled={!threadId || loading}>
        ↻ Refresh
      </button>
    </div>
  );
}
