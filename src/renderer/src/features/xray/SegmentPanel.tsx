import { useMemo, useState } from 'react';
import { useShallow } from 'zustand/react/shallow';
import type { Manifest, Segment } from '../../../../shared/contract/xray';
import { filterSegments } from './segment-filter';
import { SegmentFilters } from './SegmentFilters';
import { SegmentList } from './SegmentList';
import type { RowHandlers } from './SegmentRow';
import { useXray } from './store';
import { SummarizeDialog } from './SummarizeDialog';
import { UndoBar } from './UndoBar';

/** The conversation's segments: filters, the (virtualized) list with its actions, undo, and the summary dialog. */
export function SegmentPanel({ manifest }: { manifest: Manifest }) {
  const filter = useXray(useShallow((s) => ({ kinds: s.kinds, statuses: s.statuses, query: s.query, order: s.order })));
  const busy = useXray((s) => s.busy);
  const actionError = useXray((s) => s.actionError);
  const [summarizing, setSummarizing] = useState<Segment | null>(null);
  const shown = useMemo(() => filterSegments(manifest.segments, filter), [manifest.segments, filter]);
  // Turns numbered from 1 in the order their segments first appear (a CLI transcript names lines instead).
  const turns = useMemo(() => {
    const m = new Map<string, number>();
    if (manifest.sessionFile) return m;
    // Segments only the wire has name their request instead ("wire request 2").
    for (const s of [...manifest.segments].sort((a, b) => (a.seq ?? 0) - (b.seq ?? 0))) if (!m.has(s.source) && !s.source.startsWith('wire ')) m.set(s.source, m.size + 1);
    return m;
  }, [manifest.segments, manifest.sessionFile]);
  const handlers = useMemo<RowHandlers>(() => {
    const x = useXray.getState();
    return {
      act: (action, segment) => void x.act(action, segment),
      summarize: (segment) => setSummarizing(segment),
      applyNow: (segment) => void x.act(segment.status === 'summarized' ? 'summarize' : 'evict', segment, segment.summary, true),
      hover: (id) => x.setHover(id),
      consider: (id) => x.setConsidering(id),
      dismissError: () => x.clearActionError(),
    };
  }, []);
  return (
    <section className="xray-panel seg-panel" aria-labelledby="xray-segments-title">
      <div className="row">
        <h2 id="xray-segments-title">Conversation</h2>
        <UndoBar />
      </div>
      <SegmentFilters segments={manifest.segments} shown={shown.length} />
      {manifest.segments.length === 0 ? (
        <p className="muted">Nothing said yet in this thread.</p>
      ) : (
        <SegmentList segments={shown} turns={turns} busy={busy} actionError={actionError} handlers={handlers} />
      )}
      {summarizing && (
        <SummarizeDialog
          segment={summarizing}
          onClose={() => setSummarizing(null)}
          onSubmit={(summary) => {
            void useXray.getState().act('summarize', summarizing, summary);
            setSummarizing(null);
          }}
        />
      )}
    </section>
  );
}
