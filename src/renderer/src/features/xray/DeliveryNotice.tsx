import { useState } from 'react';
import type { Manifest } from '../../../../shared/contract/xray';
import { formatInt } from '../../../../shared/format';
import type { RunDetail } from '../../../../shared/contract/runs';
import { useShell } from '../../state/shell-store';
import { ContinueError } from './ContinueError';
import { useXray } from './store';

/** Opens the run in Runs, where a blocked one has its Raise/Retry controls. */
function openRun(detail: RunDetail) {
  useShell.getState().showInRuns({ run: detail });
}

/** What became of the run "Continue as a fresh session" started: blocked or failed before launch says why, with the way on. */
function ContinuedRun({ detail, manifest }: { detail: RunDetail; manifest: Manifest }) {
  const id = <span className="mono" data-testid="continued-run">{detail.run.id}</span>;
  // A later launched step of the same run (retried from Runs) supersedes the block.
  const moved = manifest.lastStep?.runId === detail.run.id && manifest.lastStep.kind === 'retry';
  const status = detail.run.status;
  if (moved || (status !== 'blocked' && status !== 'failed')) {
    // Once the thread's latest step is this run's and nothing runs, its turn has ended and the view shows it.
    const ended = manifest.lastStep?.runId === detail.run.id && manifest.activeRunId !== detail.run.id && manifest.freshness !== 'stale';
    if (ended) {
      return (
        <p className="hint" data-testid="continued-ended">
          Run {id}’s turn ended: this view shows the thread after it.
        </p>
      );
    }
    return (
      <p className="hint" data-testid="continued-started">
        Started run {id}; this view updates when its turn ends.
      </p>
    );
  }
  const message = detail.steps.at(-1)?.message ?? null;
  return (
    <div className="notice notice-warn small" data-testid="continued-outcome" data-status={status}>
      <p>
        Run {id} was {status === 'blocked' ? 'blocked before launch' : 'not launched'}: the agent was not started.{' '}
        {message && <span data-testid="continued-why">{message}</span>}
      </p>
      <button type="button" data-testid="continued-open" onClick={() => openRun(detail)}>
        {status === 'blocked' ? 'Raise the ceiling or retry in Runs' : 'Open the run in Runs'}
      </button>
    </div>
  );
}

/**
 * Whether directives are enforced. When the next turn resumes the CLI's own
 * session, they are intent: the session keeps what it holds. Offers to
 * continue as a fresh session whose history Loupe assembles with them applied.
 */
export function DeliveryNotice({ manifest }: { manifest: Manifest }) {
  const continuing = useXray((s) => s.continuing);
  const continued = useXray((s) => s.continuedRun);
  const [ask, setAsk] = useState('');
  const freshness =
    manifest.freshness === 'stale'
      ? 'A turn is in progress: this trails it until the turn ends.'
      : manifest.freshness === 'unavailable'
        ? 'This thread cannot be read now: what shows is its last known state.'
        : null;
  return (
    <div className="xray-delivery" data-enforceable={manifest.enforceable ? 'true' : 'false'} data-freshness={manifest.freshness}>
      {freshness && <p className="notice notice-warn small">{freshness}</p>}
      {manifest.enforceable ? (
        <p className="hint">Directives are enforced: Loupe assembles the next prompt (a fresh session) from this list, with them applied.</p>
      ) : (
        <div className="callout">
          <strong>{manifest.wire ? 'Directives on Loupe’s history are intent here.' : 'Directives here are intent, not enforced.'}</strong>
          <p>
            The next turn resumes {manifest.agent}’s own session, which keeps everything it holds (the meter shows it)
            {manifest.wire ? ', except the segments marked on the wire, whose directives Loupe’s relay enforces' : ''}. Continue as a fresh session and Loupe assembles the history with your directives applied: about{' '}
            {formatInt(manifest.fresh?.tokens ?? 0)} tokens of conversation instead of {formatInt(manifest.totals.conversation.tokens)} ({manifest.totals.conversation.kind === 'estimate' ? 'estimates' : `${manifest.totals.conversation.kind} counts`}).
          </p>
          <form
            className="row xray-continue"
            onSubmit={(e) => {
              e.preventDefault();
              if (ask.trim()) void useXray.getState().continueFresh(ask.trim()).then((ok) => ok && setAsk(''));
            }}
          >
            <input type="text" aria-label="Ask for the fresh session" placeholder="What to ask next (same context and settings as the last turn)" value={ask} onChange={(e) => setAsk(e.target.value)} />
            <button type="submit" className="primary" disabled={!ask.trim() || continuing}>
              Continue as a fresh session
            </button>
          </form>
          <ContinueError />
          {continued && <ContinuedRun detail={continued} manifest={manifest} />}
        </div>
      )}
    </div>
  );
}
