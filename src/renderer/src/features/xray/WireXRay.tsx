import { useShallow } from 'zustand/react/shallow';
import { formatBytes, formatInt } from '../../../../shared/format';
import { requestCountText, segmentTokensText } from '../../../../shared/wire/image-text';
import { ErrorNotice } from '../../ui/ErrorNotice';
import { SplitMeter } from '../../ui/SplitMeter';
import { SystemSections } from '../../ui/SystemSections';
import { EvictionPrice } from './EvictionPrice';
import { WireEnforcementPanel } from './WireEnforcementPanel';
import { WireCosts } from './WireCosts';
import { WireHistory } from './WireHistory';
import { WireImagesFacts } from './WireImagesFacts';
import { WireRequestWarnings } from './WireRequestWarnings';
import { WireTools } from './WireTools';
import { useWire } from './wire-store';

/**
 * A wire session in X-Ray: the request the provider received (the latest by
 * default) as a manifest, its split meter with the provider's reported input
 * beside Loupe's count, the system blocks and tool definitions, the
 * conversation's segments, and the session's request history.
 */
export function WireXRay() {
  const { detail, error, requestSeq, directed, busy, tools } = useWire(useShallow((s) => ({ detail: s.detail, error: s.error, requestSeq: s.requestSeq, directed: s.directed, busy: s.busy, tools: s.tools })));
  if (error) return <ErrorNotice error={error} onDismiss={() => useWire.setState({ error: null })} />;
  if (!detail) return <p className="muted">Loading the wire session…</p>;
  const { session, request: r, manifest } = detail;
  const models = detail.requests.filter((q) => q.api !== null).map((q) => q.seq);
  // The latest main request is the one X-Ray directs; an earlier one shown is history.
  const shownLatest = directed !== null && (requestSeq === null || requestSeq === directed.wire?.seq) ? directed : null;
  const latest = shownLatest !== null;
  const segments = shownLatest ? shownLatest.segments : (manifest?.segments ?? []);
  const imagesOf = new Map((r?.segments ?? []).filter((g) => g.images?.length).map((g) => [g.id, g.images]));
  return (
    <div className="wire-xray" data-testid="wire-xray">
      <div className="callout" data-testid="wire-advisory">
        <strong>What {session.agent} sent its provider</strong>, recorded by Loupe’s relay on this machine
        {session.kind === 'wrap' ? ' (a session you ran with loupe wrap; followed live)' : ''}. Sizes, hashes, counts and redacted previews only; no body or key is kept.
        {session.runId ? ' Directives here are the run’s thread’s: the same list as the thread’s X-Ray.' : ''}
        {session.notes.map((n) => (
          <span key={n} className="wire-note">
            {' '}
            {n.charAt(0).toUpperCase() + n.slice(1)}
          </span>
        ))}
      </div>
      {!r || !manifest ? (
        <p className="muted">No model request recorded in this session yet.</p>
      ) : (
        <>
          <div className="xray-panel">
            <SplitMeter manifest={manifest} highlight={null} pending={0} label="The request: system, tools and conversation in the model’s window" />
            <dl className="facts" data-testid="wire-facts">
              <dt>Request</dt>
              <dd>
                model request {models.indexOf(r.seq) + 1} of {formatInt(models.length)} (#{r.seq} on the wire) · {r.method} {r.endpoint} → {r.status ?? '—'} · model {r.model ?? 'unknown'} · {formatBytes(r.requestBytes)}
              </dd>
              <dt>Loupe’s count</dt>
              <dd data-testid="wire-loupe-count">
                {requestCountText(r.count, r.imageTokens)}
                {r.split && ` · system ${formatBytes(r.split.systemBytes)}, tools ${formatBytes(r.split.toolBytes)}, messages ${formatBytes(r.split.messageBytes)}`}
              </dd>
              <dt>Provider reported</dt>
              <dd data-testid="wire-reported">
                {r.usage?.input != null
                  ? `${formatInt(r.usage.input)} input tokens (cache read ${formatInt(r.usage.cacheRead ?? 0)}, cache write ${formatInt(r.usage.cacheWrite ?? 0)}) · output ${formatInt(r.usage.output ?? 0)} (reported)`
                  : 'nothing reported for this request'}
              </dd>
              {r.imageTokens && <WireImagesFacts request={r} />}
              {r.diff && (
                <>
                  <dt>Since #{r.diff.previousSeq}</dt>
                  <dd>
                    +{formatInt(r.diff.added)} parts ({formatBytes(r.diff.addedBytes)}), −{formatInt(r.diff.dropped)} ({formatBytes(r.diff.droppedBytes)})
                  </dd>
                </>
              )}
            </dl>
            <WireRequestWarnings request={r} />
            <WireHistory detail={detail} shown={r.seq} onPick={(seq) => void useWire.getState().showRequest(seq === requestSeq ? null : seq)} />
            <WireCosts detail={detail} shown={r.seq} />
          </div>
          {shownLatest?.wire && <WireEnforcementPanel wire={shownLatest.wire} owner="session" />}
          {tools && <WireTools report={tools} />}
          <section className="wire-segments" data-testid="wire-segments">
            <h2>Conversation ({formatInt(segments.length)} segments)</h2>
            <ol className="plain-list">
              {segments.map((s) => (
                <li key={s.id} className="wire-segment" data-kind={s.kind} data-id={s.id} data-status={s.status}>
                  <span className="badge">{s.kind}</span> {s.status !== 'active' && <span className={`seg-badge seg-status-${s.status}`}>{s.status}</span>} <strong>{s.label ?? ''}</strong>{' '}
                  <span className="muted">
                    {formatBytes(s.bytes)} · {segmentTokensText(s.tokens.tokens, imagesOf.get(s.id), s.label === 'image')}
                  </span>
                  {latest && s.status !== 'protected' && (
                    <button type="button" className="small wire-direct" disabled={busy} onClick={() => void useWire.getState().direct(s.status === 'evicted' || s.status === 'summarized' ? 'restore' : 'evict', s.id)}>
                      {s.status === 'evicted' || s.status === 'summarized' ? 'Restore' : 'Evict'}
                    </button>
                  )}
                  {latest && <EvictionPrice segment={s} busy={busy} onApplyNow={() => void useWire.getState().direct('evict', s.id, true)} />}
                  <div className="preview">{s.preview}</div>
                </li>
              ))}
            </ol>
          </section>
          <SystemSections sections={manifest.system} heading="System blocks and tool definitions" />
        </>
      )}
    </div>
  );
}
