/**
 * Why the cache missed (issue 36), through the relay against a scripted
 * Anthropic provider that reports cache reads and writes: a changed tool
 * definition, and a segment Loupe withheld, are named as the cause with the
 * miss's cost at list price (claude-sonnet-4-5: input $3, cache write $3.75,
 * cache read $0.30 per million).
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { causeText } from '../../../shared/cost/cache-miss';
import { formatWireSession } from '../../cli/commands/wire-format';
import type { Runtime } from '../runtime';
import { makeRuntime, removeTempDirs } from '../testing/fixtures';
import { startProvider, type ScriptedProvider, type ScriptedUsage } from '../testing/providers';
import { buildTokensWorker } from '../testing/tokens-worker';
import { wireBody } from '../testing/wire-requests';
import { openWireSession, type WireSession } from '../wire/session';

const KEY = 'sk-ant-api03-CACHETESTKEY-0123456789abcdefghijklmnopqrstuvwxyz';
const HEADERS = { 'content-type': 'application/json', 'x-api-key': KEY, 'anthropic-version': '2023-06-01' };

let runtime: Runtime | null = null;
let provider: ScriptedProvider | null = null;
let session: WireSession | null = null;
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

/** A provider answering each request with the next of `usages` (what a real cache would report). */
async function open(usages: Partial<ScriptedUsage>[]) {
  runtime = makeRuntime();
  let n = 0;
  provider = await startProvider('anthropic', { script: { turns: [{ reply: () => ({ text: 'ok', usage: usages[Math.min(n++, usages.length - 1)]! }) }] } });
  session = await openWireSession(runtime.deps, { kind: 'wrap', agent: 'claude', repo: '/repo', runId: null, upstreams: { anthropic: provider.url } });
  const url = `${session.relay.baseUrl('anthropic')}/v1/messages?beta=true`;
  return async (body: unknown) => {
    const res = await fetch(url, { method: 'POST', headers: HEADERS, body: JSON.stringify(body) });
    expect(res.status).toBe(200);
    await res.text();
    await session!.settled();
  };
}

const MCP_TOOL = { name: 'mcp__files__search', description: 'Searches the files.', input_schema: { type: 'object', properties: { q: { type: 'string' } } } };

describe('cache misses on the wire', () => {
  it('names a changed tool definition and its MCP server as the cause, with what the miss cost', async () => {
    const send = await open([
      { input: 10, cacheWrite: 20_000, cacheRead: 0, output: 5 },
      { input: 10, cacheWrite: 200, cacheRead: 20_000, output: 5 },
      // The tools come first in the prefix: a changed one makes everything after it a write.
      { input: 10, cacheWrite: 20_150, cacheRead: 2_000, output: 5 },
    ]);
    const body = JSON.parse(wireBody('anthropic', { turns: 2, resultChars: 800 }).toString()) as { tools: unknown[] };
    body.tools.push(MCP_TOOL);
    await send(body);
    await send(body);
    // The MCP server's tool now describes itself differently (a server upgrade, an edited config).
    body.tools[1] = { ...MCP_TOOL, description: 'Searches the files, now with globs.' };
    await send(body);

    const detail = await runtime!.call('wire.show', { sessionId: session!.id });
    const misses = detail.costs!.misses;
    expect(misses).toHaveLength(1);
    const miss = misses[0]!;
    expect(miss).toMatchObject({ seq: 3, previousSeq: 2, lostTokens: 18_000, cause: { kind: 'tool', name: 'mcp__files__search', server: 'files', change: 'changed', index: 1 } });
    // 18,000 tokens written at $3.75 instead of read at $0.30 per million.
    expect(miss.costUsd).toBeCloseTo((18_000 * (3.75 - 0.3)) / 1e6, 12);
    expect(causeText(miss.cause)).toBe('tool definition mcp__files__search (MCP server files) changed');
    // `loupe wire show` says the same, with each request's price.
    const text = formatWireSession(detail);
    expect(text).toContain('cache miss at #3 (−18,000 cache-read tokens against #2, $0.062 more): tool definition mcp__files__search (MCP server files) changed');
    expect(text).toMatch(/#1 POST \/v1\/messages 200 .* \$0\.075 list price/);
    // Every request priced at list price; the session total is their sum.
    const prices = detail.costs!.requests.map((r) => (r.price.kind === 'priced' ? r.price.usd : NaN));
    expect(prices).toHaveLength(3);
    expect(detail.costs!.total.usd).toBeCloseTo(prices.reduce((a, b) => a + b, 0), 12);
    expect(prices[0]).toBeCloseTo((10 * 3 + 20_000 * 3.75 + 5 * 15) / 1e6, 12);
  });

  it('names a segment Loupe withheld as the cause', async () => {
    const send = await open([
      { input: 10, cacheWrite: 9_000, cacheRead: 0, output: 5 },
      { input: 10, cacheWrite: 0, cacheRead: 9_000, output: 5 },
      // Withholding a segment changes the prefix from there on: the rest is written again.
      { input: 10, cacheWrite: 5_500, cacheRead: 3_000, output: 5 },
    ]);
    const body = JSON.parse(wireBody('anthropic', { turns: 3, resultChars: 1500 }).toString()) as unknown;
    await send(body);
    await send(body);
    const target = (await runtime!.call('xray.manifest', { wireSession: session!.id })).segments.filter((s) => s.kind === 'tool')[1]!;
    // Applied now: this test is about the miss's cause, not about when an eviction is timed (issue 37).
    await runtime!.call('xray.evict', { wireSession: session!.id, segmentId: target.id, now: true });
    await send(body);

    const [miss] = (await runtime!.call('wire.show', { sessionId: session!.id })).costs!.misses;
    expect(miss).toMatchObject({ seq: 3, previousSeq: 2, lostTokens: 6_000, cause: { kind: 'withheld', id: target.id, as: 'evicted' } });
    expect(miss!.costUsd).toBeCloseTo((6_000 * (3.75 - 0.3)) / 1e6, 12);
    expect(causeText(miss!.cause)).toBe(`segment ${target.id} withheld by Loupe (evicted)`);
  });
});
