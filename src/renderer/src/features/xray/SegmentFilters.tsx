import { useShallow } from 'zustand/react/shallow';
import type { Segment } from '../../../../shared/contract/xray';
import { formatInt } from '../../../../shared/format';
import { SEGMENT_KINDS, SEGMENT_STATUSES, segmentCounts } from './segment-filter';
import { useXray } from './store';

/** Kind and status chips (with counts), words to look for, and the order: largest first or as they happened. */
export function SegmentFilters({ segments, shown }: { segments: readonly Segment[]; shown: number }) {
  const { kinds, statuses, query, order } = useXray(useShallow((s) => ({ kinds: s.kinds, statuses: s.statuses, query: s.query, order: s.order })));
  const counts = segmentCounts(segments);
  const x = useXray.getState();
  return (
    <div className="seg-filters">
      <div className="seg-chips" role="group" aria-label="Filter by kind">
        {SEGMENT_KINDS.filter((k) => counts.kinds.has(k)).map((k) => (
          <button key={k} type="button" className="seg-chip" aria-pressed={kinds.includes(k)} onClick={() => x.toggleKind(k)}>
            {k} <span className="muted">{formatInt(counts.kinds.get(k)!)}</span>
          </button>
        ))}
      </div>
      <div className="seg-chips" role="group" aria-label="Filter by status">
        {SEGMENT_STATUSES.filter((st) => counts.statuses.has(st)).map((st) => (
          <button key={st} type="button" className="seg-chip" aria-pressed={statuses.includes(st)} onClick={() => x.toggleStatus(st)}>
            {st} <span className="muted">{formatInt(counts.statuses.get(st)!)}</span>
          </button>
        ))}
      </div>
      <div className="row seg-search">
        <input type="search" aria-label="Find in segments" placeholder="Find words in previews, paths, ids" value={query} onChange={(e) => x.setQuery(e.target.value)} />
        <select aria-label="Order" value={order} onChange={(e) => x.setOrder(e.target.value === 'transcript' ? 'transcript' : 'tokens')}>
          <option value="tokens">Largest first</option>
          <option value="transcript">As they happened</option>
        </select>
        <span className="hint seg-count">
          {formatInt(shown)} of {formatInt(segments.length)} segments
        </span>
      </div>
    </div>
  );
}
