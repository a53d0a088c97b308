import type { Segment } from '../../../../shared/contract/xray';
import { rowsInView, useScrollView } from '../../ui/use-scroll-view';
import type { XrayState } from './state';
import { SegmentRow, type RowHandlers } from './SegmentRow';

/** Rows are one height (CSS pins it), so the slice in view follows from scrollTop. */
export const SEGMENT_ROW_HEIGHT = 58;
const OVERSCAN = 6;

/**
 * The segments as a list that renders only the rows in view (plus a few), so
 * 5,000 segments scroll, filter and re-sort without delay. Spacers above and
 * below keep the scrollbar true to the whole list.
 */
export function SegmentList({
  segments,
  turns,
  busy,
  actionError,
  handlers,
}: {
  segments: readonly Segment[];
  turns: ReadonlyMap<string, number>;
  busy: string | null;
  actionError: XrayState['actionError'];
  handlers: RowHandlers;
}) {
  const { scroller, view, measure } = useScrollView<HTMLDivElement>(640);
  const { first, last } = rowsInView(view, segments.length, SEGMENT_ROW_HEIGHT, OVERSCAN);
  return (
    <div className="seg-scroll" ref={scroller} onScroll={measure} data-testid="segment-list">
      <div role="list" aria-label="Segments" style={{ paddingTop: first * SEGMENT_ROW_HEIGHT, paddingBottom: (segments.length - last) * SEGMENT_ROW_HEIGHT }}>
        {segments.slice(first, last).map((s) => (
          <SegmentRow key={s.id} segment={s} turn={turns.get(s.source) ?? 0} busy={busy === s.id} error={actionError?.at === s.id ? actionError.error : null} handlers={handlers} />
        ))}
      </div>
    </div>
  );
}
