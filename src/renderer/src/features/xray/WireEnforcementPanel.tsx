import type { WireWithheldView } from '../../../../shared/contract/xray';
import { APPLY_REASON_TEXT } from '../../../../shared/cost/eviction-timing';
import { formatBytes, formatInt } from '../../../../shared/format';

const segmentsWord = (n: number) => (n === 1 ? 'a pinned segment' : `${n} pinned segments`);

/**
 * Pinned segments around the CLI's own compaction: the ones it dropped before this request, the ones
 * Loupe re-sent in it (found in the bytes that left), and the ones it could not (content no longer in memory).
 */
function PinnedNotes({ r }: { r: WireWithheldView['requests'][number] }) {
  const resent = r.reinsertedPinned;
  const lost = r.unavailablePinned;
  if (!r.droppedPinned.length && !resent.length && !lost.length && !r.carriedPinned.length) return null;
  const bytes = resent.reduce((n, p) => n + p.bytes, 0);
  // Re-sent exactly what this request's compaction dropped: said as "it" after the ids above.
  const same = resent.length === r.droppedPinned.length && resent.every((p) => r.droppedPinned.includes(p.id));
  return (
    // One child: .notice lays its children out apart.
    <div className={`notice small${lost.length || (r.droppedPinned.length && !resent.length && !r.carriedPinned.length) ? ' notice-warn' : ''}`} data-testid="wire-dropped-pinned">
      <span>
        {r.droppedPinned.length > 0 && (
          <>
            The CLI’s own compaction dropped {segmentsWord(r.droppedPinned.length)} before this request: <span className="mono">{r.droppedPinned.join(', ')}</span>.{' '}
          </>
        )}
        {resent.length > 0 && (
          <span data-testid="wire-pinned-resent">
            Loupe re-sent {same ? (resent.length === 1 ? 'it' : 'them') : segmentsWord(resent.length)} in this request as a labelled block ({formatBytes(bytes)}, counted in the request budget)
            {same ? '' : <>: <span className="mono">{resent.map((p) => p.id).join(', ')}</span></>}.{' '}
          </span>
        )}
        {lost.length > 0 && (
          <span data-testid="wire-pinned-unavailable">
            Not re-sent: <span className="mono">{lost.map((p) => p.id).join(', ')}</span>{' '}
            {lost.some((p) => p.reason === 'not-in-memory') ? '(Loupe keeps their content in memory only, and this Loupe process never saw it: it was restarted, or the segment was sent in another `loupe` command).' : '(the request had no place for them).'}
          </span>
        )}
        {r.carriedPinned.length > 0 && (
          <span data-testid="wire-pinned-carried">
            Not added again: the request already carried the text of <span className="mono">{r.carriedPinned.join(', ')}</span> (the CLI attached it itself, or Loupe’s block was in it).{' '}
          </span>
        )}
        {r.droppedPinned.length > 0 && !resent.length && !lost.length && !r.carriedPinned.length && <span>It was not re-sent: the request did not leave.</span>}
      </span>
    </div>
  );
}

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
      <PinnedNotes r={r} />
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
      {owner === 'thread' ? ', in this session and the thread’s resumed ones' : ''}, keeping every tool call paired with its result; restore it and the next request carries it again. Pin one and, if the CLI’s own
      compaction drops it, Loupe re-sends it as a labelled block in each request that lacks it.{' '}
      <span data-testid="wire-cache-note">
        It changes what the provider has cached: the prompt cache is invalidated from that point on, and the request that first withholds it writes everything after it to the cache again. Each segment says what that costs and after how many requests it pays back.
        By default Loupe waits for a cheap moment (the cache’s lifetime passed, the CLI compacted its history, or the evictions pending together pay back within two requests); until then the eviction is pending and the segment is still sent. Apply now withholds it from the next request.
      </span>
      {shown.length > 0 && (
        <details className="wire-withheld" open={shown.some((r) => r.withheldSegments > 0 || r.droppedPinned.length > 0 || r.reinsertedPinned.length > 0 || (r.pending?.length ?? 0) > 0)}>
          <summary>Per request: withheld, pending, and pinned segments re-sent (latest {shown.length})</summary>
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
