import { useEffect, useRef } from 'react';
import { useShallow } from 'zustand/react/shallow';
import { ErrorNotice } from '../../ui/ErrorNotice';
import { BlockedPanel } from './BlockedPanel';
import { EventStream } from './EventStream';
import { EvidenceTab } from './EvidenceTab';
import { FollowUpBox } from './FollowUpBox';
import { RunHeader } from './RunHeader';
import { useRuns, type RunsTab } from './store';
import { ThreadTurns } from './ThreadTurns';

/** The selected run: header, blocked panel, and Output / Evidence / Thread; the follow-up box stays in view. */
export function RunDetailPane() {
  const { run, status, tab, steps, turns, loading, error, lastStep } = useRuns(
    useShallow((s) => ({
      run: s.run,
      status: s.status,
      tab: s.tab,
      steps: s.steps.length,
      turns: s.threadRuns.length,
      loading: s.loadingDetail,
      error: s.detailError,
      lastStep: s.steps.at(-1)?.id ?? '',
    })),
  );
  const scroller = useRef<HTMLDivElement>(null);
  // Each tab (and each run) opens at its top; the output then keeps to its end while the run goes on.
  useEffect(() => {
    const following = tab === 'output' && useRuns.getState().status === 'running';
    if (scroller.current && !following) scroller.current.scrollTop = 0;
  }, [tab, run?.id]);
  const tabs: { id: RunsTab; label: string }[] = [
    { id: 'output', label: 'Output' },
    { id: 'evidence', label: `Evidence (${steps} ${steps === 1 ? 'step' : 'steps'})` },
    { id: 'thread', label: `Thread (${turns} ${turns === 1 ? 'turn' : 'turns'})` },
  ];

  if (error) {
    return (
      <div className="runs-detail-pane runs-detail-empty">
        <ErrorNotice error={error} />
      </div>
    );
  }
  if (!run || !status) {
    return (
      <div className="runs-detail-pane runs-detail-empty">
        <p className="muted">{loading ? 'Loading the run…' : 'Choose a run on the left to see its output and evidence.'}</p>
      </div>
    );
  }

  return (
    <div className="runs-detail-pane" data-testid="run-detail">
      <RunHeader />
      <div className="settings-tabs run-tabs" role="tablist" aria-label="Run">
        {tabs.map((t) => (
          <button key={t.id} type="button" role="tab" aria-selected={tab === t.id} data-tab={t.id} onClick={() => useRuns.getState().setTab(t.id)}>
            {t.label}
          </button>
        ))}
      </div>
      <div className="run-body" ref={scroller} role="tabpanel">
        {status === 'blocked' && <BlockedPanel key={lastStep} />}
        {tab === 'output' ? <EventStream scroller={scroller} /> : tab === 'evidence' ? <EvidenceTab /> : <ThreadTurns />}
      </div>
      {tab !== 'evidence' && <FollowUpBox />}
    </div>
  );
}
