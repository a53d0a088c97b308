// Wire evictions benchmark (issue 21): the eviction stage applying 50 evictions to a
// 1 MB request (100 past turns, each a tool call whose result is ~10 KB), per API,
// against parsing and writing the same body again with JSON.parse + JSON.stringify
// (what rewriting a parsed body costs; the stage parses, then splices only the evicted
// values' spans instead of writing the body again), measured in the same run. Target:
// ≤ 10 ms per request on an idle machine: the load average is printed beside the
// times, since a loaded machine slows the baseline as much.
import { availableParallelism, loadavg } from 'node:os';
import type { Directive } from '../src/shared/contract/xray';
import { evictionStage } from '../src/main/core/wire/enforce/evictions';
import { createExchange } from '../src/main/core/wire/enforce/exchange';
import { parseRequest } from '../src/main/core/wire/parse';
import type { WireProvider } from '../src/main/core/wire/providers';
import { ENDPOINTS, resultMarker, wireBody } from '../src/main/core/testing/wire-requests';

const TARGET_MS = 10;
const ROUNDS = 41;
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
function timed(fn: () => unknown): number {
  const t = performance.now();
  fn();
  return performance.now() - t;
}

console.log(
  `50 evictions applied to a 1 MB request (median of ${ROUNDS}; median per-round ratio to JSON.parse + JSON.stringify of the same body; load average ${loadavg()[0]!.toFixed(1)} on ${availableParallelism()} cores)`,
);
/** One API's case: its 1 MB body, the stage with 50 evictions directed, the baseline. */
function setUp(provider: WireProvider) {
  const body = wireBody(provider, { turns: 100, resultChars: 10_000 });
  const tools = parseRequest(provider, 'POST', ENDPOINTS[provider], body)!.segments.filter((s) => s.kind === 'tool');
  const directives: Directive[] = tools.slice(0, 100).filter((_, i) => i % 2 === 0).map((s) => ({ segmentId: s.id, kind: 'evict', author: 'user', createdAt: '' }));
  const stage = evictionStage(() => directives);
  const request = { seq: 1, provider, method: 'POST', endpoint: ENDPOINTS[provider], query: {}, headers: {}, body, startedAt: 0 };
  // Each run on a new exchange: the body parsed once, as the relay does per request.
  const run = () => {
    const exchange = createExchange(request);
    stage(exchange);
    return exchange;
  };
  // The stage's work must be real: 50 withheld, none of their text sent.
  const once = run();
  if (once.evictions?.withheld.length !== 50 || once.body.toString().includes(resultMarker(0))) throw new Error(`${provider}: the stage did not withhold 50 segments`);
  return { provider, body, run, baseline: () => JSON.stringify(JSON.parse(body.toString())) };
}

const cases = (['anthropic', 'openai', 'gemini'] as WireProvider[]).map(setUp);
// Every API's code warmed up (compiled) before any is timed: the first measured must not pay for it.
for (let i = 0; i < 10; i++) for (const c of cases) c.run(), c.baseline();
for (const { provider, body, run, baseline } of cases) {
  // Rounds alternate which goes first; the ratio is taken per round (both under the same load), then its median.
  const base: number[] = [];
  const times: number[] = [];
  const ratios: number[] = [];
  for (let i = 0; i < ROUNDS; i++) {
    const [b, t] = i % 2 ? [timed(baseline), timed(run)] : [timed(run), timed(baseline)].reverse();
    base.push(b!);
    times.push(t!);
    ratios.push(t! / b!);
  }
  const t = median(times);
  console.log(
    `  ${provider.padEnd(10)} ${(body.length / 1e6).toFixed(2)} MB  ${t.toFixed(2)} ms (target ≤ ${TARGET_MS}; best ${Math.min(...times).toFixed(2)})  ${median(ratios).toFixed(2)}x the baseline (${median(base).toFixed(2)} ms; best ${Math.min(...base).toFixed(2)})`,
  );
}
