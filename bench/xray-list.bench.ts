// X-Ray list benchmark: 5,000 segments (the issue's "smooth with 5,000
// segments"). Two measurements, each against a baseline run in this process:
//  1. filtering and sorting them (filterSegments) vs the naive way (search a
//     JSON serialization of every segment, copy and sort);
//  2. rendering the virtualized list (SegmentList, only the rows in view) vs
//     rendering every row, both with react-dom/server.
// Target: filter + sort + render of the virtualized list within 200 ms.
import { createElement } from 'react';
import { renderToString } from 'react-dom/server';
import type { Segment, SegmentKind, SegmentStatus } from '../src/shared/contract/xray';
import { filterSegments, type SegmentFilter } from '../src/renderer/src/features/xray/segment-filter';
import { SegmentList } from '../src/renderer/src/features/xray/SegmentList';
import { SegmentRow, type RowHandlers } from '../src/renderer/src/features/xray/SegmentRow';

const N = 5000;
const gc = (globalThis as { gc?: () => void }).gc ?? (() => {});
const kinds: SegmentKind[] = ['user', 'assistant', 'tool', 'file-read', 'thinking'];
const statuses: SegmentStatus[] = ['active', 'active', 'active', 'pinned', 'evicted', 'summarized'];
const words = ['build', 'cache', 'fold', 'window', 'reserve', 'token', 'segment', 'thread', 'agent', 'prompt'];

function segments(): Segment[] {
  let s = 7;
  const rnd = () => (s = (s * 1103515245 + 12345) & 0x7fffffff);
  return Array.from({ length: N }, (_, i) => {
    const kind = kinds[rnd() % kinds.length]!;
    const preview = Array.from({ length: 30 }, () => words[rnd() % words.length]).join(' ').slice(0, 200);
    const tokens = 1 + (rnd() % 20_000);
    return {
      id: `${kind}-${(rnd() >>> 0).toString(16).padStart(16, '0')}`,
      kind,
      source: `r${String(Math.floor(i / 50)).padStart(32, '0')}`,
      tokens: { tokens, kind: 'estimate' },
      bytes: tokens * 4,
      status: statuses[rnd() % statuses.length]!,
      preview,
      ...(kind === 'file-read' ? { label: `src/module-${i}.ts` } : {}),
      seq: i + 1,
    };
  });
}

/** The way it is often written first: chained filters that serialize the searched fields per word, then a sort. */
function naiveFilter(list: readonly Segment[], f: SegmentFilter): Segment[] {
  return list
    .filter((s) => (f.kinds.length === 0 || f.kinds.includes(s.kind)) && (f.statuses.length === 0 || f.statuses.includes(s.status)))
    .filter((s) => f.query.toLowerCase().split(/\s+/).filter(Boolean).every((w) => JSON.stringify([s.preview, s.label ?? '', s.summary ?? '', s.id]).toLowerCase().includes(w)))
    .sort((a, b) => (f.order === 'tokens' ? b.tokens.tokens - a.tokens.tokens : 0) || (a.seq ?? 0) - (b.seq ?? 0));
}

function median(fn: () => unknown, runs: number): number {
  const times: number[] = [];
  for (let i = 0; i < runs; i++) {
    gc();
    const t = performance.now();
    fn();
    times.push(performance.now() - t);
  }
  return times.sort((a, b) => a - b)[Math.floor(runs / 2)]!;
}

const list = segments();
const filters: SegmentFilter[] = [
  { kinds: [], statuses: [], query: '', order: 'tokens' },
  { kinds: ['file-read', 'tool'], statuses: [], query: 'cache', order: 'tokens' },
  { kinds: [], statuses: ['active'], query: 'fold window', order: 'transcript' },
];
const same = filters.every((f) => JSON.stringify(filterSegments(list, f).map((s) => s.id)) === JSON.stringify(naiveFilter(list, f).map((s) => s.id)));
const fast = median(() => filters.forEach((f) => filterSegments(list, f)), 15) / filters.length;
const naive = median(() => filters.forEach((f) => naiveFilter(list, f)), 5) / filters.length;
console.log(`${N} segments; same results as the naive filter: ${same}`);
console.log(`filter + sort (median, per filter): ${fast.toFixed(2)} ms; naive: ${naive.toFixed(2)} ms; ratio ${(naive / fast).toFixed(1)}x faster`);

const handlers: RowHandlers = { act: () => {}, summarize: () => {}, applyNow: () => {}, hover: () => {}, consider: () => {}, dismissError: () => {} };
const turns = new Map(list.map((s, i) => [s.source, Math.floor(i / 50) + 1]));
const sorted = filterSegments(list, filters[0]!);
const virtual = () => renderToString(createElement(SegmentList, { segments: sorted, turns, busy: null, actionError: null, handlers }));
const full = () =>
  renderToString(
    createElement('div', { role: 'list' }, ...sorted.map((s) => createElement(SegmentRow, { key: s.id, segment: s, turn: turns.get(s.source) ?? 0, busy: false, error: null, handlers }))),
  );
virtual();
full();
const v = median(virtual, 15);
const f = median(full, 3);
const rows = (virtual().match(/data-segment-id=/g) ?? []).length;
console.log(`render, virtualized list (${rows} rows in view + overscan): ${v.toFixed(2)} ms; every row (${N}): ${f.toFixed(0)} ms; ratio ${(f / v).toFixed(0)}x faster`);
const total = fast + v;
console.log(`filter + sort + render of the virtualized list: ${total.toFixed(2)} ms (target < 200 ms: ${total < 200 ? 'met' : 'NOT met'})`);
