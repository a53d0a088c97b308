/**
 * Filtering and ordering the X-Ray segment list. Pure and linear in the
 * number of segments (one pass to filter, one sort), so 5,000 segments filter
 * and sort well within a frame budget (bench/xray-list.bench.ts measures it).
 */
import type { Segment, SegmentKind, SegmentStatus } from '../../../../shared/contract/xray';

export type SegmentOrder = 'tokens' | 'transcript';

export interface SegmentFilter {
  /** Kinds to show; empty shows every kind. */
  kinds: readonly SegmentKind[];
  /** Statuses to show; empty shows every status. */
  statuses: readonly SegmentStatus[];
  /** Words that must all appear in the preview, label, summary or id (any case). */
  query: string;
  order: SegmentOrder;
}

export const SEGMENT_KINDS: readonly SegmentKind[] = ['user', 'assistant', 'tool', 'file-read', 'thinking', 'summary', 'unknown'];
export const SEGMENT_STATUSES: readonly SegmentStatus[] = ['active', 'pinned', 'evicted', 'summarized', 'protected'];

/** The segments that pass the filter, largest first (ties in transcript order) or in transcript order. */
export function filterSegments(segments: readonly Segment[], filter: SegmentFilter): Segment[] {
  const kinds = filter.kinds.length ? new Set(filter.kinds) : null;
  const statuses = filter.statuses.length ? new Set(filter.statuses) : null;
  const words = filter.query.toLowerCase().split(/\s+/).filter(Boolean);
  const out: Segment[] = [];
  for (const s of segments) {
    if (kinds && !kinds.has(s.kind)) continue;
    if (statuses && !statuses.has(s.status)) continue;
    if (words.length) {
      const hay = `${s.preview}\n${s.label ?? ''}\n${s.summary ?? ''}\n${s.id}`.toLowerCase();
      if (!words.every((w) => hay.includes(w))) continue;
    }
    out.push(s);
  }
  const seq = (s: Segment) => s.seq ?? 0;
  if (filter.order === 'tokens') out.sort((a, b) => b.tokens.tokens - a.tokens.tokens || seq(a) - seq(b));
  else out.sort((a, b) => seq(a) - seq(b));
  return out;
}

/** How many segments have each kind and each status (for the filter chips). */
export function segmentCounts(segments: readonly Segment[]): { kinds: Map<SegmentKind, number>; statuses: Map<SegmentStatus, number> } {
  const kinds = new Map<SegmentKind, number>();
  const statuses = new Map<SegmentStatus, number>();
  for (const s of segments) {
    kinds.set(s.kind, (kinds.get(s.kind) ?? 0) + 1);
    statuses.set(s.status, (statuses.get(s.status) ?? 0) + 1);
  }
  return { kinds, statuses };
}
