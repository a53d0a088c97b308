import { useEffect, useRef, useState } from 'react';
import type { Segment } from '../../../../shared/contract/xray';
import { SegmentRow, type RowHandlers } from './SegmentRow';

/** Rows are one height (CSS pins it), so the slice in view follows from scrollTop. */
export const SEGMENT_ROW_HEIGHT = 58;
const OVERSCAN = 6;

/**
 * The segments as a list that renders only the rows in view (plus a few), so
 * 5,000 segments scroll, filter and re-sort without delay. Spacers above and
 * below keep the scrollbar true to the whole list.
 */
export function SegmentList({ segments, turns, busy, handlers }: { segments: readonly Segment[]; turns: ReadonlyMap<string, number>; busy: string | null; handlers: RowHandlers }) {
  const scroller = useRef<HTMLDivElement>(null);
  const [view, setView] = useState({ top: 0, height: 640 });
  const measure = () => {
    const el = scroller.current;
    if (el) setView({ top: el.scrollTop, height: el.clientHeight });
  };
  useEffect(() => {
    measure();
    const el = scroller.current;
    if (!el || typeof ResizeObserver === 'undefined') return;
    const ro = new ResizeObserver(measure);
    ro.observe(el);
    return () => ro.disconnect();
  }, []);
  const first = Math.max(0, Math.floor(view.top / SEGMENT_ROW_HEIGHT) - OVERSCAN);
  const last = Math.min(segments.length, Math.ceil((view.top + view.height) / SEGMENT_ROW_HEIGHT) + OVERSCAN);
  return (
    <div className="seg-scroll" ref={scroller} onScroll={measure} data-testid="segment-list">
      <div role="list" aria-label="Segments" style={{ paddingTop: first * SEGMENT_ROW_HEIGHT, paddingBottom: (segments.length - last) * SEGMENT_ROW_HEIGHT }}>
        {segments.slice(first, last).map((s) => (
          <SegmentRow key={s.id} segment={s} turn={turns.get(s.source) ?? 0} busy={busy === s.id} handlers={handlers} />
        ))}
      </div>
    </div>
  );
}
