import { useEffect } from 'react';
import { useShallow } from 'zustand/react/shallow';
import type { Manifest } from '../../../../shared/contract/xray';
import { relayWithholds } from '../../../../shared/xray/wire-reach';
import { formatInt } from '../../../../shared/format';
import { pendingReclaim } from '../../../../shared/xray/meter';
import { EmptyState } from '../../ui/EmptyState';
import { ErrorNotice } from '../../ui/ErrorNotice';
import { SplitMeter, type MeterHighlight } from '../../ui/SplitMeter';
import { SystemSections } from '../../ui/SystemSections';
import { useRepo } from '../../state/repo-store';
import { ContinuedNotice } from './ContinuedNotice';
import { DeliveryNotice } from './DeliveryNotice';
import { MeterFacts } from './MeterFacts';
import { ReportsPanel } from './ReportsPanel';
import { SegmentPanel } from './SegmentPanel';
import { SessionFacts } from './SessionFacts';
import { SessionNotice } from './SessionNotice';
import { useXray } from './store';
import { ThreadPicker } from './ThreadPicker';
import { useWire } from './wire-store';
import { WireEnforcementPanel } from './WireEnforcementPanel';
import { WireXRay } from './WireXRay';

/** What the meter lights up: the share of the hovered segment, or what evicting the considered one gives back. */
function highlightOf(m: Manifest, hover: string | null, considering: string | null): MeterHighlight | null {
  const id = considering ?? hover;
  const s = id ? m.segments.find((x) => x.id === id) : undefined;
  if (!s) return null;
  const pct = ((s.tokens.tokens / m.model.window) * 100).toFixed(s.tokens.tokens / m.model.window < 0.01 ? 2 : 1);
  if (s.outOfContext) return { tokens: 0, tone: 'share', label: `This segment is not in the next turn’s context (≈ ${formatInt(s.tokens.tokens)} tokens)` };
  if (considering === s.id) {
    // As enforced: the relay withholds it from the CLI's next request where the session is on the wire.
    const onWire = relayWithholds(m, s.id);
    const where = onWire
      ? 'off the CLI’s next request (Loupe’s relay withholds it)'
      : m.enforceable
        ? 'back for the next prompt'
        : m.sessionFile
          ? 'off a continued thread (the CLI’s session keeps it)'
          : m.wire
            ? 'off a fresh session only (this is Loupe’s transcript’s copy; the CLI sends it in another form, listed on the wire)'
            : 'off a fresh session only (the resumed CLI session keeps it: it is not recorded on the wire)';
    return { tokens: s.tokens.tokens, tone: 'reclaim', label: `Evict: about ${formatInt(s.tokens.tokens)} tokens ${where}` };
  }
  return { tokens: s.tokens.tokens, tone: 'share', label: `This segment: ≈ ${formatInt(s.tokens.tokens)} tokens, ${pct}% of the window` };
}

/**
 * Context X-Ray for a thread of the open repository, or a CLI session
 * recorded in it (advisory): the split meter, whether directives are
 * enforced, the system sections (display only) and the conversation's
 * segments with pin, evict, summarize, restore and undo.
 */
export function XRayView() {
  const root = useRepo((s) => s.repo?.root ?? null);
  const { manifest, measured, error, threadId, sessionFile, hover, considering, threads, sessions, continuation } = useXray(
    useShallow((s) => ({
      manifest: s.manifest,
      measured: s.measured,
      error: s.error,
      threadId: s.threadId,
      sessionFile: s.sessionFile,
      hover: s.hover,
      considering: s.considering,
      threads: s.threads,
      sessions: s.sessions,
      continuation: s.continuation,
    })),
  );
  const wireId = useWire((s) => s.wireId);
  const wireReady = useWire((s) => s.detail !== null);
  useEffect(() => {
    if (root) void useXray.getState().setRepo(root);
    if (root) void useWire.getState().load(root);
  }, [root]);
  if (wireId) {
    return (
      <section className="xray" data-testid="xray" data-ready={wireReady ? 'true' : 'false'}>
        <XrayHead />
        <WireXRay />
      </section>
    );
  }
  return (
    <section className="xray" data-testid="xray" data-ready={manifest ? 'true' : 'false'}>
      <XrayHead />
      {error && <ErrorNotice error={error} onDismiss={() => useXray.getState().clearError()} />}
      {!threadId && !sessionFile ? (
        <EmptyState title={threads.length ? 'Choose a thread' : 'No threads yet'}>
          <p className="muted">
            Run an agent on this repository (Runs, or `loupe run`): each thread’s context shows here as segments you can pin, evict, summarize and restore.
            {sessions.length > 0 && ` Or choose one of the ${sessions.length} CLI sessions recorded in it above, and continue it as a Loupe thread.`}
          </p>
        </EmptyState>
      ) : !manifest ? (
        <p className="muted">Loading the {sessionFile ? 'session’s' : 'thread’s'} context…</p>
      ) : (
        <>
          {continuation && continuation.threadId === threadId && <ContinuedNotice continuation={continuation} />}
          {manifest.source === 'session' ? <SessionNotice manifest={manifest} /> : <DeliveryNotice manifest={manifest} />}
          {manifest.wire && <WireEnforcementPanel wire={manifest.wire} owner="thread" />}
          <div className="xray-panel">
            <SplitMeter manifest={manifest} highlight={highlightOf(manifest, hover, considering)} pending={pendingReclaim(manifest)} label="Context window: system, conversation, reserve and free space" />
            <MeterFacts manifest={manifest} measured={measured} />
            {manifest.source === 'session' && <SessionFacts manifest={manifest} />}
          </div>
          <SegmentPanel manifest={manifest} />
          <SystemSections sections={manifest.system} />
          <ReportsPanel reports={manifest.reports ?? []} />
        </>
      )}
    </section>
  );
}

/** The view's heading with the thread / session / wire picker, the same for every source. */
function XrayHead() {
  return (
    <div className="row xray-head">
      <h1>Context X-Ray</h1>
      <span className="spacer" />
      <ThreadPicker />
    </div>
  );
}
