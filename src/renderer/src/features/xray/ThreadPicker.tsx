import { useShallow } from 'zustand/react/shallow';
import { useShell } from '../../state/shell-store';
import { sessionOption, threadOption } from './session-text';
import { useXray } from './store';
import { useWire } from './wire-store';
import { wireOption } from './wire-option';

/** Shows the thread's runs in the Runs view: filtered to this thread, one of its runs open. */
function openInRuns(threadId: string) {
  useShell.getState().showInRuns({ threadId });
}

/**
 * What X-Ray shows: a Loupe thread of the open repository, or a CLI session
 * recorded in it (newest first: size, the provider's last count, format);
 * and a way to the thread's runs.
 */
export function ThreadPicker() {
  const { threads, sessions, threadId, sessionFile, loading } = useXray(
    useShallow((s) => ({ threads: s.threads, sessions: s.sessions, threadId: s.threadId, sessionFile: s.sessionFile, loading: s.loading })),
  );
  const { wireSessions, wireId } = useWire(useShallow((s) => ({ wireSessions: s.sessions, wireId: s.wireId })));
  const x = useXray.getState();
  const value = wireId ? `w:${wireId}` : threadId ? `t:${threadId}` : sessionFile ? `s:${sessionFile}` : '';
  const pick = (v: string) => {
    if (v.startsWith('w:')) {
      void x.select(null);
      void useWire.getState().select(v.slice(2));
      return;
    }
    void useWire.getState().select(null);
    if (v.startsWith('s:')) void x.selectSession(v.slice(2));
    else void x.select(v.slice(2) || null);
  };
  // The whole text of what is shown (an option clips a long title): the select's tooltip.
  const thread = threads.find((t) => `t:${t.id}` === value);
  const session = sessions.find((s) => `s:${s.file}` === value);
  const wire = wireSessions.find((w) => `w:${w.id}` === value);
  const shownText = thread ? threadOption(thread, Infinity) : session ? sessionOption(session, Infinity) : wire ? wireOption(wire) : '';
  const none = threads.length === 0 && sessions.length === 0 && wireSessions.length === 0;
  const reload = async () => {
    const { repo } = useXray.getState();
    if (repo) await Promise.all([x.setRepo(repo), useWire.getState().load(repo)]);
    await x.refresh();
  };
  return (
    <div className="row xray-picker">
      <label htmlFor="xray-thread">Show</label>
      <select id="xray-thread" value={value} onChange={(e) => pick(e.target.value)} disabled={none} title={shownText || undefined}>
        {(none || !value) && <option value="">{none ? 'No threads or CLI sessions in this repository yet' : 'Choose a thread or a CLI session'}</option>}
        {threads.length > 0 && (
          <optgroup label="Loupe threads">
            {threads.map((t) => (
              <option key={t.id} value={`t:${t.id}`}>
                {threadOption(t)}
              </option>
            ))}
          </optgroup>
        )}
        {sessions.length > 0 && (
          <optgroup label="CLI sessions in this repository (advisory)">
            {sessions.map((s) => (
              <option key={s.file} value={`s:${s.file}`}>
                {sessionOption(s)}
              </option>
            ))}
          </optgroup>
        )}
        {wireSessions.length > 0 && (
          <optgroup label="Wire sessions: what the provider received (advisory)">
            {wireSessions.map((w) => (
              <option key={w.id} value={`w:${w.id}`}>
                {wireOption(w)}
              </option>
            ))}
          </optgroup>
        )}
      </select>
      <button type="button" className="small" onClick={() => void reload()} disabled={loading} title="Read the threads, the CLI sessions and the one shown again">
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
