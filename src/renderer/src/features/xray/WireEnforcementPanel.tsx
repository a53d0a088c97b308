import type { WireWithheldView } from '../../../../shared/contract/xray';
import { APPLY_REASON_TEXT } from '../../../../shared/cost/eviction-timing';
import { formatBytes, formatInt } from '../../../../shared/format';

/** One request's line: what the relay withheld from it, and pinned segments the CLI dropped before it. */
function RequestLine({ r, session }: { r: WireWithheldView['requests'][number]; session: string | null }) {
  const withheld = r.withheldSegments > 0;
  return (
    <li data-testid="wire-withheld-request" data-withheld={r.withheldSegments} data-seq={r.seq}>
      {session && <span className="muted">{session} · </span>}
      <span className="mono">#{r.seq}</span>{' '}
      {withheld ? (
        <>
          withheld {formatInt(r.withheldSegments)} segment{r.withheldSegments === 1 ? '' : 's'} ({formatBytes(r.withheldBytes)}): sent {formatBytes(r.forwardedBytes)} of the CLI’s {formatBytes(r.bodyBytes)}
        </>
      ) : (
        <span className="muted">nothing withheld · {formatBytes(r.bodyBytes)}</span>
      )}
      {r.skipped > 0 && <span className="muted"> · {formatInt(r.skipped)} directed segment{r.skipped === 1 ? '' : 's'} left as sent (the turn in progress)</span>}
      {r.pending && r.pending.length > 0 && (
        <span className="muted" data-testid="wire-pending-request" title={r.pending.join(', ')}>
          {' '}
          · {formatInt(r.pending.length)} eviction{r.pending.length === 1 ? '' : 's'} pending: sent in full
        </span>
      )}
      {r.applied?.map((a) => (
        <span key={a.id} data-testid="wire-applied-request" data-reason={a.reason}>
          {' '}
          · first withheld here: <span className="mono">{a.id}</span> ({APPLY_REASON_TEXT[a.reason]})
        </span>
      ))}
      {r.droppedPinned.length > 0 && (
        <div className="notice notice-warn small" data-testid="wire-dropped-pinned">
          The CLI’s own compaction dropped {r.droppedPinned.length === 1 ? 'a pinned segment' : `${r.droppedPinned.length} pinned segments`} before this request:{' '}
          <span className="mono">{r.droppedPinned.join(', ')}</span>. Loupe cannot put back what the CLI no longer sends.
        </div>
      )}
    </li>
  );
}

/**
 * Enforcement on the wire: segments marked "on the wire" are the CLI's own
 * (its tool calls and results too); evicting or summarizing one is enforced
 * on its next request. Said once here: that invalidates the provider's prompt
 * cache from that point. Then, per recent request, what was withheld.
 */
export function WireEnforcementPanel({ wire, owner }: { wire: WireWithheldView; owner: 'thread' | 'session' }) {
  const shown = wire.requests.slice(0, 8);
  // A thread's requests span its resumed CLI sessions: each numbers its own (newest session first).
  const sessions = [...new Set(shown.map((r) => r.sessionId))];
  const sessionOf = (id: string) => (sessions.length < 2 ? null : sessions.indexOf(id) === 0 ? 'latest session' : `session −${sessions.indexOf(id)}`);
  return (
    <div className="callout wire-enforcement" data-testid="wire-enforcement">
      <strong>Enforced on the wire.</strong>{' '}
      Segments marked <span className="seg-badge seg-wire">on the wire</span> are what the CLI sent in its latest request (#{wire.seq}). Evict or summarize one and Loupe’s relay withholds it from the CLI’s next request
      {owner === 'thread' ? ', in this session and the thread’s resumed ones' : ''}, keeping every tool call paired with its result; restore it and the next request carries it again.{' '}
      <span data-testid="wire-cache-note">
        It changes what the provider has cached: the prompt cache is invalidated from that point on, and the request that first withholds it writes everything after it to the cache again. Each segment says what that costs and after how many requests it pays back.
        By default Loupe waits for a cheap moment (the cache’s lifetime passed, the CLI compacted its history, or the evictions pending together pay back within two requests); until then the eviction is pending and the segment is still sent. Apply now withholds it from the next request.
      </span>
      {shown.length > 0 && (
        <details className="wire-withheld" open={shown.some((r) => r.withheldSegments > 0 || r.droppedPinned.length > 0 || (r.pending?.length ?? 0) > 0)}>
          <summary>Withheld per request (latest {shown.length})</summary>
          <ul className="plain-list">
            {shown.map((r) => (
              <RequestLine key={`${r.sessionId}-${r.seq}`} r={r} session={sessionOf(r.sessionId)} />
            ))}
          </ul>
        </details>
      )}
    </div>
  );
}
