import { useState } from 'react';
import { useShallow } from 'zustand/react/shallow';
import { RUN_LIMITS } from '../../../../shared/contract/run-limits';
import { ActionError } from './ActionError';
import { useRuns } from './store';

/** The next turn of the selected run's thread: resumes the CLI session unless "fresh session" is ticked. */
export function FollowUpBox() {
  const { busy, running, resumable, agent } = useRuns(
    useShallow((s) => ({
      busy: s.busy,
      running: s.status === 'running',
      agent: s.run?.agent ?? null,
      resumable: s.agents.find((a) => a.id === s.run?.agent)?.resumable ?? true,
    })),
  );
  const [ask, setAsk] = useState('');
  const [fresh, setFresh] = useState(false);
  const send = async () => {
    if (await useRuns.getState().followUp(ask, fresh || !resumable)) setAsk('');
  };
  const disabled = running || busy !== null || !ask.trim() || agent === null;

  return (
    <form
      className="follow-up"
      data-testid="follow-up"
      onSubmit={(e) => {
        e.preventDefault();
        if (!disabled) void send();
      }}
    >
      <label htmlFor="follow-up-ask" className="visually-hidden">
        Follow-up ask
      </label>
      <textarea
        id="follow-up-ask"
        rows={2}
        maxLength={RUN_LIMITS.maxAskChars}
        placeholder={running ? 'Wait for this turn to end, or cancel it, to ask a follow-up.' : 'Ask a follow-up in this thread…'}
        value={ask}
        onChange={(e) => setAsk(e.target.value)}
        onKeyDown={(e) => {
          if (e.key === 'Enter' && (e.metaKey || e.ctrlKey) && !disabled) void send();
        }}
      />
      <div className="follow-up-row">
        <label className="check" title={resumable ? 'Start the CLI without its session; Loupe sends the thread’s history instead' : undefined}>
          <input type="checkbox" checked={fresh || !resumable} disabled={!resumable} onChange={(e) => setFresh(e.target.checked)} />
          Fresh session{resumable ? '' : ' (this agent has no session to resume)'}
        </label>
        <span className="spacer" />
        <button type="submit" className="primary" disabled={disabled} data-testid="follow-up-send">
          {busy === 'follow-up' ? 'Starting…' : 'Send follow-up'}
        </button>
      </div>
      <ActionError at={['follow-up']} />
    </form>
  );
}
