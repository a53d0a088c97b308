// Eviction prices benchmark (issue 37): X-Ray prices every wire segment of the latest main
// request (what evicting it alone would cost), on every manifest it builds. 5,000 segments
// priced in one pass (prefix sums: pricesOnRecord) against pricing each alone the direct way
// (priceOnRecord per segment: a pass over the request each), measured in the same run, the
// same figures asserted equal first. Target: ≤ 20 ms for 5,000 segments on an idle machine;
// the load average is printed beside the times.
import { availableParallelism, loadavg } from 'node:os';
import type { WireRequestRecord, WireSegment } from '../src/shared/contract/wire';
import { priceOnRecord, pricesOnRecord } from '../src/main/core/wire/enforce/eviction-schedule';

const N = 5000;
const ROUNDS = 15;
const TARGET_MS = 20;
const SONNET = { input: 3, output: 15, cacheWrite: 3.75, cacheRead: 0.3 };
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
function timed(fn: () => unknown): number {
  const t = performance.now();
  fn();
  return performance.now() - t;
}

let seed = 5;
const rnd = () => (seed = (seed * 1103515245 + 12345) & 0x7fffffff);
const segments: WireSegment[] = Array.from({ length: N }, (_, i) => {
  const tokens = 20 + (rnd() % 4000);
  return { id: `tool-${i.toString(16).padStart(16, '0')}`, kind: 'tool', bytes: tokens * 4, tokens: { tokens, kind: 'estimate' }, preview: '', ...(i % 97 === 5 ? { withheld: 'evicted' as const } : {}) };
});
const total = segments.reduce((n, s) => n + s.tokens.tokens, 0);
const record = {
  split: { systemBytes: 0, toolBytes: 0, messageBytes: 0, otherBytes: 0, system: { tokens: 9_000, kind: 'estimate' }, tools: { tokens: 18_000, kind: 'estimate' }, messages: { tokens: total, kind: 'estimate' } },
  segments,
  usage: { input: total + 27_000, cacheRead: total + 20_000, cacheWrite: 7_000, output: 10 },
} satisfies Pick<WireRequestRecord, 'split' | 'segments' | 'usage'>;
const replacement = (s: WireSegment) => Math.ceil((180 + s.id.length) / 4);

const onePass = () => pricesOnRecord(record, replacement, SONNET);
const eachAlone = () => segments.map((s) => priceOnRecord(record, new Set([s.id]), replacement, SONNET));
// The same figures, or the comparison means nothing.
const a = onePass();
const b = eachAlone();
if (JSON.stringify(a) !== JSON.stringify(b)) throw new Error('one pass and each alone disagree');
for (let i = 0; i < 3; i++) onePass(), eachAlone();

const fast: number[] = [];
const slow: number[] = [];
const ratios: number[] = [];
for (let i = 0; i < ROUNDS; i++) {
  const [f, s] = i % 2 ? [timed(onePass), timed(eachAlone)] : [timed(eachAlone), timed(onePass)].reverse();
  fast.push(f!);
  slow.push(s!);
  ratios.push(s! / f!);
}
console.log(`${N} wire segments priced (median of ${ROUNDS}; load average ${loadavg()[0]!.toFixed(1)} on ${availableParallelism()} cores)`);
console.log(
  `  one pass: ${median(fast).toFixed(2)} ms (target ≤ ${TARGET_MS}; best ${Math.min(...fast).toFixed(2)}); each alone: ${median(slow).toFixed(1)} ms; the one pass is ${median(ratios).toFixed(0)}x faster`,
);
