/**
 * Evictions with their price and cache-aware timing (issue 37), through a real
 * wire session (relay, stages, SQLite) in front of a scripted Anthropic
 * provider that reports cache reads and writes (cache_read_input_tokens,
 * cache_creation_input_tokens). X-Ray shows each segment's price before it is
 * evicted, computed from the recorded usage; an eviction is pending (sent,
 * and said so) until the cache's lifetime has passed, then withheld from that
 * request on; one asked for now is withheld from the next request; one late
 * in the context, cheap, at once; the CLI's compaction applies pending ones;
 * a pending one restored is dropped. Time is the runtime's clock (deps.now),
 * moved forward: no test waits five minutes.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { WireRequestRecord } from '../../../../shared/contract/wire';
import type { Segment } from '../../../../shared/contract/xray';
import { formatWireRequest } from '../../../cli/commands/wire-format';
import { formatManifest } from '../../../cli/commands/xray-format';
import { listDirectives } from '../../threads/directive-store';
import type { Runtime } from '../../runtime';
import { breakEvenFromRecord, SONNET_CACHE } from '../../testing/eviction-price';
import { makeRuntime, removeTempDirs } from '../../testing/fixtures';
import { startProvider, type ScriptedProvider } from '../../testing/providers';
import { buildTokensWorker } from '../../testing/tokens-worker';
import { resultMarker, wireBody } from '../../testing/wire-requests';
import { openWireSession, type WireSession, type WireSessionOptions } from '../session';
import type { WireStage } from './chain';
import { wireRequests } from '../store';

const HEADERS = { 'content-type': 'application/json', 'x-api-key': 'sk-ant-scripted', 'anthropic-version': '2023-06-01' };
const { write: WRITE } = SONNET_CACHE;

let runtime: Runtime | null = null;
let provider: ScriptedProvider | null = null;
let session: WireSession | null = null;
let offsetMs = 0;
beforeAll(async () => {
  process.env.LOUPE_TOKENS_WORKER = await buildTokensWorker();
});
afterEach(async () => {
  await session?.close();
  await provider?.close();
  await runtime?.close();
  session = provider = runtime = null;
});
afterAll(() => {
  delete process.env.LOUPE_TOKENS_WORKER;
  removeTempDirs();
});

type Body = { messages: unknown[] } & Record<string, unknown>;

/** A session whose provider reports a warm cache on every request (most of the prompt read, a little written). */
async function open(options: Pick<WireSessionOptions, 'stages'> = {}) {
  runtime = makeRuntime();
  offsetMs = 0;
  const real = runtime.deps.now;
  runtime.deps.now = () => new Date(real().getTime() + offsetMs);
  provider = await startProvider('anthropic', { script: { turns: [{ reply: { text: 'ok', usage: { input: 40, cacheRead: 60_000, cacheWrite: 500, output: 5 } } }] } });
  session = await openWireSession(runtime.deps, { kind: 'wrap', agent: 'claude', repo: '/repo', runId: null, upstreams: { anthropic: provider.url }, ...options });
  const url = `${session.relay.baseUrl('anthropic')}/v1/messages?beta=true`;
  return async (body: Body, status = 200) => {
    const res = await fetch(url, { method: 'POST', headers: HEADERS, body: JSON.stringify(body) });
    expect(res.status, await res.clone().text()).toBe(status);
    await res.text();
    await session!.settled();
    return provider!.requests.filter((r) => r.method === 'POST').at(-1)!.bodyText;
  };
}

const body = (): Body => JSON.parse(wireBody('anthropic', { turns: 6, resultChars: 4000 }).toString()) as Body;
const manifest = () => runtime!.call('xray.manifest', { wireSession: session!.id });
const tools = async () => (await manifest()).segments.filter((s) => s.kind === 'tool');
const latest = (): WireRequestRecord => wireRequests(runtime!.deps.db, session!.id).at(-1)!;
/** The clock moved so that `seconds` have passed since the latest request ended. */
function idleFor(seconds: number) {
  const r = latest();
  offsetMs = Date.parse(r.at) + r.durationMs + seconds * 1000 - Date.now();
}

describe('evictions on the wire, priced and timed by the cache', () => {
  it("shows the price before it applies; pending (sent) until the cache's lifetime has passed, then withheld on every later request", async () => {
    const send = await open();
    await send(body());
    const [target] = await tools();
    const price = target!.eviction!.price!;
    expect(target!.eviction!.state).toBeNull();
    expect(price.cacheReported).toBe(true);
    expect(price.basis).toBe('list price');
    // The shown break-even is the one the recorded usage gives.
    expect(price.breakEven).toEqual({ kind: 'requests', requests: breakEvenFromRecord(latest(), target!.id) });
    expect(price.breakEven.kind === 'requests' && price.breakEven.requests).toBeGreaterThan(2);
    expect(price.rewriteUsd).toBeCloseTo((price.rewriteTokens * WRITE) / 1e6, 12);

    // Evicted by default: pending, with its price and why it waits.
    const after = await runtime!.call('xray.evict', { wireSession: session!.id, segmentId: target!.id });
    const shown = after.segments.find((s) => s.id === target!.id)!;
    expect(shown).toMatchObject({ status: 'evicted', eviction: { state: 'pending', timing: 'cheap' } });
    expect(shown.eviction!.price!.breakEven).toEqual(price.breakEven);
    // `loupe xray --wire` says the same in words.
    const n = price.breakEven.kind === 'requests' ? price.breakEven.requests : -1;
    expect(formatManifest(after)).toMatch(new RegExp(`pending: still sent · saves ≈ [\\d,]+ tokens a request · re-writes ≈ [\\d,]+ cached tokens once \\(\\$[\\d.]+ list price\\) · pays back after ${n} requests`));

    // The next request, within the lifetime: the provider receives the segment, and the record says it was pending.
    idleFor(299);
    expect(await send(body())).toContain(resultMarker(0));
    expect(latest().enforcement?.evictions?.pending).toEqual([{ id: target!.id, as: 'evicted', breakEven: expect.objectContaining({ kind: 'requests' }) }]);
    expect(latest().segments.find((s) => s.id === target!.id)!.withheld).toBeUndefined();
    expect(formatWireRequest(latest())).toContain(`[pending] 1 eviction sent in full, waiting for a cheap moment: ${target!.id}`);
    expect((await tools()).find((s) => s.id === target!.id)!.eviction!.state).toBe('pending');

    // The first request after the lifetime: withheld, applied for that reason, and said so.
    idleFor(300);
    const sent = await send(body());
    expect(sent).not.toContain(resultMarker(0));
    expect(sent).toContain(`restore segment ${target!.id}`);
    expect(latest().enforcement?.evictions?.applied).toEqual([{ id: target!.id, reason: 'lifetime' }]);
    expect(latest().enforcement?.check?.withheld).toEqual([{ id: target!.id, as: 'evicted' }]);
    const directive = listDirectives(runtime!.deps.db, { wireSession: session!.id })[0]!;
    expect(directive.applied).toMatchObject({ seq: latest().seq, reason: 'lifetime', sessionId: session!.id });
    // The request history says what was applied when: the record, `loupe wire show`, X-Ray's per-request list.
    expect(formatWireRequest(latest())).toContain(`[applied] ${target!.id} first withheld here: applied after the cache's lifetime passed`);
    const history = (await manifest()).wire!.requests;
    expect(history[0]).toMatchObject({ seq: latest().seq, withheldSegments: 1, applied: [{ id: target!.id, reason: 'lifetime' }] });
    expect(history[1]).toMatchObject({ seq: latest().seq - 1, withheldSegments: 0, pending: [target!.id] });

    // Stays applied with the cache warm again: sending it again would break the cache twice.
    idleFor(1);
    expect(await send(body())).not.toContain(resultMarker(0));
    expect(latest().enforcement?.evictions?.applied).toBeUndefined();
    expect((await tools()).find((s) => s.id === target!.id)!.eviction).toMatchObject({ state: 'applied', applied: { reason: 'lifetime' } });
  });

  it('a request that asks for a 1-hour cache (Claude Code, for subscribers): the re-write at 2x input, and the eviction waits an hour, not five minutes', async () => {
    const send = await open();
    // Claude Code marks its breakpoints `ttl: "1h"` for a subscriber.
    const hour = (): Body => {
      const b = body();
      b.system = [{ type: 'text', text: (b.system as { text: string }[])[0]!.text, cache_control: { type: 'ephemeral', ttl: '1h' } }];
      return b;
    };
    await send(hour());
    expect(latest().cacheTtl).toBe('1h');
    const [target] = await tools();
    const price = target!.eviction!.price!;
    // Sonnet's input is $3 a million: a 1-hour write is $6, not the 5-minute $3.75.
    expect(price.rewriteUsd).toBeCloseTo((price.rewriteTokens * 6) / 1e6, 12);
    expect(price.breakEven).toEqual({ kind: 'requests', requests: breakEvenFromRecord(latest(), target!.id, { write: 6, read: SONNET_CACHE.read }) });
    // The request's own price: its cache writes at the 1-hour rate.
    const cost = (await runtime!.call('wire.show', { sessionId: session!.id })).costs!.requests.at(-1)!;
    expect(cost.tokens.cacheWrite1h).toBe(500);
    expect(cost.price.kind === 'priced' && cost.price.parts.cacheWrite).toBeCloseTo((500 * 6) / 1e6, 12);

    const after = await runtime!.call('xray.evict', { wireSession: session!.id, segmentId: target!.id });
    expect(after.segments.find((s) => s.id === target!.id)!.eviction!.note).toContain('after 60 minutes idle');
    // Five minutes idle: the 1-hour cache is still warm, so it is still sent.
    idleFor(300);
    expect(await send(hour())).toContain(resultMarker(0));
    expect(latest().enforcement?.evictions?.pending?.map((p) => p.id)).toEqual([target!.id]);
    idleFor(3599);
    expect(await send(hour())).toContain(resultMarker(0));
    // An hour idle: the cache is gone anyway, so now it is withheld.
    idleFor(3600);
    expect(await send(hour())).not.toContain(resultMarker(0));
    expect(latest().enforcement?.evictions?.applied).toEqual([{ id: target!.id, reason: 'lifetime' }]);
  });

  it('apply now: withheld from the very next request, with the cache warm', async () => {
    const send = await open();
    await send(body());
    const [target] = await tools();
    const shown = (await runtime!.call('xray.evict', { wireSession: session!.id, segmentId: target!.id, now: true })).segments.find((s) => s.id === target!.id)!;
    expect(shown.eviction).toMatchObject({ state: 'next', timing: 'now' });
    idleFor(1);
    expect(await send(body())).not.toContain(resultMarker(0));
    expect(latest().enforcement?.evictions?.applied).toEqual([{ id: target!.id, reason: 'now' }]);
  });

  it('a late segment is cheap to evict: little after it is cached, so it applies at once', async () => {
    const send = await open();
    // The last past turn read a large file: evicting it saves much, and only the active turn after it is re-written.
    const large = body();
    const result = (large.messages[22] as { content: { content: string }[] }).content[0]!;
    result.content += `\n${'a line of the large file, repeated to make it large. '.repeat(1600)}`;
    await send(large);
    const last = (await tools()).find((s: Segment) => s.preview.includes(resultMarker(5)))!;
    expect(last.eviction!.price!.breakEven).toMatchObject({ kind: 'requests' });
    const b = last.eviction!.price!.breakEven;
    expect(b.kind === 'requests' && b.requests).toBeLessThanOrEqual(2);
    expect((await runtime!.call('xray.evict', { wireSession: session!.id, segmentId: last.id })).segments.find((s) => s.id === last.id)!.eviction!.state).toBe('next');
    idleFor(1);
    expect(await send(large)).not.toContain(resultMarker(5));
    expect(latest().enforcement?.evictions?.applied).toEqual([{ id: last.id, reason: 'cheap' }]);
  });

  it("the CLI's compaction applies what is pending; a pending one restored is dropped", async () => {
    const send = await open();
    const full = body();
    await send(full);
    const list = await tools();
    const early = list[0]!;
    const kept = list[4]!;
    await runtime!.call('xray.evict', { wireSession: session!.id, segmentId: early.id });
    await runtime!.call('xray.evict', { wireSession: session!.id, segmentId: kept.id });
    idleFor(1);
    expect(await send(full)).toContain(resultMarker(4));
    expect(latest().enforcement?.evictions?.pending?.map((p) => p.id)).toEqual([early.id, kept.id]);

    // Restored while pending: the directive is dropped, nothing was ever withheld.
    await runtime!.call('xray.restore', { wireSession: session!.id, segmentId: early.id });
    expect(listDirectives(runtime!.deps.db, { wireSession: session!.id }).map((d) => d.segmentId)).toEqual([kept.id]);

    // A subagent's request (its own system prompt, a short conversation of its own) is no compaction of this one,
    // nor is the main conversation's next request after it.
    const subagent = { ...full, system: [{ type: 'text', text: 'You are a search subagent.' }], messages: [{ role: 'user', content: 'Find the config.' }] };
    idleFor(1);
    await send(subagent);
    idleFor(1);
    expect(await send(full)).toContain(resultMarker(4));
    expect(latest().enforcement?.evictions?.pending?.map((p) => p.id)).toEqual([kept.id]);

    // The CLI compacts: its first four turns gone (the cache is rebuilt anyway), turn 4's result still sent as history.
    const compacted = { ...full, messages: full.messages.slice(16) };
    idleFor(1);
    const sent = await send(compacted);
    expect(sent).not.toContain(resultMarker(4));
    expect(latest().enforcement?.evictions?.applied).toEqual([{ id: kept.id, reason: 'compaction' }]);
  });

  it('an eviction is marked applied by the request whose outgoing check proves it absent, not by one that was refused', async () => {
    // The eviction stage made faulty for one request: it says it withheld the segment, but the CLI's body goes on.
    let faulty = false;
    const send = await open({
      stages: (stages) => [
        async (exchange) => {
          await (stages[0] as WireStage)(exchange);
          if (faulty) exchange.body = exchange.request.body;
        },
        ...stages.slice(1),
      ],
    });
    await send(body());
    const [target] = await tools();
    await runtime!.call('xray.evict', { wireSession: session!.id, segmentId: target!.id, now: true });
    faulty = true;
    idleFor(1);
    const refused = provider!.requests.length;
    await send(body(), 451);
    expect(provider!.requests.length).toBe(refused);
    expect(latest().enforcement?.check?.ok).toBe(false);
    expect(listDirectives(runtime!.deps.db, { wireSession: session!.id })[0]!.applied).toBeUndefined();
    faulty = false;
    expect(await send(body())).not.toContain(resultMarker(0));
    expect(listDirectives(runtime!.deps.db, { wireSession: session!.id })[0]!.applied).toMatchObject({ seq: latest().seq, reason: 'now' });
  });
});
