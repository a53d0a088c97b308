import { useState } from 'react';
import { useShallow } from 'zustand/react/shallow';
import { SESSION_CLI_LABELS, type SessionManifest } from '../../../../shared/contract/sessions';
import { formatInt } from '../../../../shared/format';
import { ContinueError } from './ContinueError';
import { useXray } from './store';

/**
 * For a CLI session: the CLI owns its context, so directives are intent;
 * whether the file changed since it was read (the CLI may still be writing
 * it), with a refresh; and prune-and-continue as a Loupe thread, where the
 * directives are enforced.
 */
export function SessionNotice({ manifest: m }: { manifest: SessionManifest }) {
  const { continuing, settings, loading } = useXray(useShallow((s) => ({ continuing: s.continuing, settings: s.continueSettings, loading: s.loading })));
  const [ask, setAsk] = useState('');
  const cli = SESSION_CLI_LABELS[m.session.cli];
  const conversation = m.totals.conversation.tokens;
  const fresh = m.fresh?.tokens ?? conversation;
  return (
    <div className="xray-delivery" data-enforceable="false" data-freshness={m.freshness}>
      {m.freshness === 'stale' && (
        <div className="notice notice-warn small" data-testid="session-stale">
          <span>{cli} wrote to this session since it was read: what shows trails it.</span>
          <button type="button" className="small" disabled={loading} onClick={() => void useXray.getState().refresh()}>
            Read it again
          </button>
        </div>
      )}
      {m.freshness === 'unavailable' && <p className="notice notice-warn small">The transcript cannot be read now (moved or deleted): what shows is its last known state.</p>}
      <div className="callout" data-testid="session-advisory">
        <strong>The CLI owns this context: directives here are intent; continue as a Loupe thread to enforce them.</strong>
        <p>
          {cli}’s own session keeps everything it holds; pins, evictions and summaries here change nothing there, and the transcript file is only read. Continued as a Loupe
          thread, the first turn is a fresh session carrying this history with them applied
          {fresh === conversation
            ? ` (about ${formatInt(conversation)} tokens of conversation, estimates)`
            : `: about ${formatInt(fresh)} tokens of conversation instead of ${formatInt(conversation)} (estimates)`}
          , folded to the model’s budget and measured before launch.
        </p>
        <form
          className="row xray-continue"
          onSubmit={(e) => {
            e.preventDefault();
            if (ask.trim()) void useXray.getState().continueSession(ask.trim()).then((ok) => ok && setAsk(''));
          }}
        >
          <input type="text" aria-label="Ask for the continued thread" placeholder="What to ask next, in a Loupe thread" value={ask} onChange={(e) => setAsk(e.target.value)} />
          <button type="submit" className="primary" disabled={!ask.trim() || continuing}>
            {continuing ? 'Continuing…' : 'Continue as a Loupe thread'}
          </button>
        </form>
          <ContinueError />
        <p className="hint" data-testid="continue-agent">
          {settings
            ? `Runs with the ${settings.agent} agent${settings.model ? ` (${settings.model})` : ''} from the current settings, in this repository.`
            : 'Runs with the current settings’ agent, in this repository.'}
        </p>
      </div>
    </div>
  );
}
