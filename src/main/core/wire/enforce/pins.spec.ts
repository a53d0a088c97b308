// Pins that survive the CLI's own compaction (issue 37), through a real wire session (relay,
// stages, SQLite) in front of the scripted providers, per API, with a recorded request
// sequence: two requests with the whole history, then the CLI compacts (the past turns gone, a
// summary at the start). The pinned tool segment is then in what the provider RECEIVED, once,
// labelled, with every tool call paired; again in the next request that lacks it, never twice
// when the CLI's body already carries it; not after it is unpinned. The request budget counts
// it, redaction applies inside it, and the outgoing check proves it is in the bytes sent.
import { describe, expect, it } from 'vitest';
import type { Directive } from '../../../../shared/contract/xray';
import { warningsOf } from '../../../../shared/wire/enforcement-text';
import { makeRuntime } from '../../testing/fixtures';
import { startProvider, type ScriptedProvider } from '../../testing/providers';
import { closeAfterEach, PROVIDER_API as API } from '../../testing/wire-spec';
import { COMPACTION_SUMMARY, compactedBody, ENDPOINTS, pairingProblem, resultMarker, wireBody } from '../../testing/wire-requests';
import type { Runtime } from '../../runtime';
import { deleteDirective, putDirective } from '../../threads/directive-store';
import { parseRequest } from '../parse';
import type { WireProvider } from '../providers';
import { openWireSession, type WireSession } from '../session';
import { wireRequests } from '../store';
import type { GuardStage, WireStage } from './chain';
import { evictionStage } from './evictions';
import { createExchange } from './exchange';
import { PinMemory } from './pin-memory';
import { pinStage, restoredHeader } from './pins';
import type { EnforceSettings } from './stages';

let runtime: Runtime | null = null;
let provider: ScriptedProvider | null = null;
let session: WireSession | null = null;
closeAfterEach(() => [session, provider, runtime], () => (session = provider = runtime = null));

const PROVIDERS: WireProvider[] = ['anthropic', 'openai', 'gemini'];
// A made-up GitHub token (a recognised format); built here so no token sits in the source.
const SECRET = `ghp_${'Qw7Er4Ty2Ui9'.repeat(3)}`;

type Stages = (WireStage | GuardStage)[];

async function open(p: WireProvider, enforce: EnforceSettings = {}, stages?: (s: Stages) => Stages): Promise<WireSession> {
  runtime = makeRuntime();
  provider = await startProvider(API[p], { script: { turns: Array.from({ length: 10 }, () => ({ reply: { text: 'ok' } })) } });
  session = await openWireSession(runtime.deps, { kind: 'wrap', agent: 'test', repo: null, runId: null, upstreams: { [p]: provider.url }, enforce, ...(stages ? { stages } : {}) });
  return session;
}

const pin = (segmentId: string) => {
  const d: Directive = { segmentId, kind: 'pin', author: 'user', createdAt: '2026-01-01T00:00:00Z' };
  putDirective(runtime!.deps.db, { wireSession: session!.id }, d);
};

/** Sends `body` through the relay; answers its status and the body the provider received (null: it received nothing). */
async function send(p: WireProvider, body: Buffer): Promise<{ status: number; received: string | null }> {
  const before = provider!.requests.length;
  const res = await fetch(`${session!.relay.baseUrl(p)}${ENDPOINTS[p]}`, { method: 'POST', headers: { 'content-type': 'application/json', 'x-api-key': 'k', 'anthropic-version': '2023-06-01', authorization: 'Bearer k', 'x-goog-api-key': 'k' }, body });
  await res.text();
  await session!.settled();
  return { status: res.status, received: provider!.requests.length > before ? provider!.requests.at(-1)!.bodyText : null };
}

const times = (text: string, needle: string) => text.split(needle).length - 1;
const toolOf = (p: WireProvider, body: Buffer, i: number) => parseRequest(p, 'POST', ENDPOINTS[p], body)!.segments.filter((s) => s.kind === 'tool')[i]!;
const lastRecord = () => wireRequests(runtime!.deps.db, session!.id).at(-1)!;
/** The body with a next turn's ask added after the active one (the compacted conversation goes on). */
function goOn(p: WireProvider, body: Buffer): Buffer {
  const b = JSON.parse(body.toString()) as Record<string, unknown[]>;
  if (p === 'anthropic') b.messages!.push({ role: 'assistant', content: [{ type: 'text', text: 'Read.' }] }, { role: 'user', content: [{ type: 'text', text: 'And now?' }] });
  else if (p === 'openai') b.input!.push({ type: 'message', role: 'user', content: [{ type: 'input_text', text: 'And now?' }] });
  else b.contents!.push({ role: 'model', parts: [{ text: 'Read.' }] }, { role: 'user', parts: [{ text: 'And now?' }] });
  return Buffer.from(JSON.stringify(b));
}

describe('pinned segments put back after the CLI compacts', () => {
  for (const p of PROVIDERS) {
    it(`${p}: the pinned segment the compaction dropped reaches the provider once, labelled, calls paired; not twice, not after unpinning`, async () => {
      await open(p);
      const full = wireBody(p, { turns: 3, resultChars: 1200 });
      const pinned = toolOf(p, full, 0);
      expect((await send(p, wireBody(p, { turns: 2, resultChars: 1200 }))).status).toBe(200);
      expect((await send(p, full)).received).toContain(resultMarker(0));
      expect(lastRecord().enforcement?.pins).toBeUndefined();
      // Pinned after the last request that carried it (the user pins what X-Ray shows of the latest request).
      pin(pinned.id);

      // 3rd request: the CLI compacted. What the provider received carries the segment again, once, labelled.
      const compacted = compactedBody(p, full);
      expect(compacted.toString()).not.toContain(resultMarker(0));
      const third = (await send(p, compacted)).received!;
      expect(times(third, resultMarker(0))).toBe(1);
      expect(times(third, restoredHeader(pinned.id))).toBe(1);
      expect(third).toContain('the CLI\'s own compaction dropped it');
      expect(third).toContain(COMPACTION_SUMMARY);
      expect(pairingProblem(p, JSON.parse(third))).toBeNull();
      const record = lastRecord();
      expect(record.enforcement?.evictions?.droppedPinned).toEqual([pinned.id]);
      expect(record.enforcement?.pins).toMatchObject({ reinserted: [{ id: pinned.id, kind: 'tool' }], unavailable: [] });
      expect(record.enforcement?.check).toMatchObject({ ok: true, reinserted: [pinned.id] });
      expect(record.requestBytes).toBe(Buffer.byteLength(third));
      expect(warningsOf(record.sessionId, record.seq, record.enforcement).filter((w) => w.kind === 'pins')).toEqual([expect.objectContaining({ action: 'restore', text: expect.stringContaining(`pinned segment ${pinned.id} re-sent after the CLI's compaction`) })]);

      // The conversation goes on without it: each request lacking it gets it, once; one that carries the block already gets no second.
      const fourth = (await send(p, goOn(p, compacted))).received!;
      expect(times(fourth, resultMarker(0))).toBe(1);
      expect(pairingProblem(p, JSON.parse(fourth))).toBeNull();
      const echoed = (await send(p, Buffer.from(third))).received!;
      expect(times(echoed, resultMarker(0))).toBe(1);
      expect(lastRecord().enforcement?.pins).toMatchObject({ reinserted: [], skipped: [{ id: pinned.id, reason: 'block-in-request' }] });

      // Unpinned (or restored in X-Ray: the directive is gone either way): not sent again.
      deleteDirective(runtime!.deps.db, { wireSession: session!.id }, pinned.id);
      const after = (await send(p, goOn(p, compacted))).received!;
      expect(after).not.toContain(resultMarker(0));
      expect(after).not.toContain(restoredHeader(pinned.id));
    });
  }

  it('no second copy when the CLI re-attaches the text itself after compacting (claude re-reads the files it had read)', async () => {
    await open('anthropic');
    const full = wireBody('anthropic', { turns: 3, resultChars: 1200 });
    const pinned = toolOf('anthropic', full, 0);
    await send('anthropic', full);
    pin(pinned.id);
    const b = JSON.parse(compactedBody('anthropic', full).toString()) as { messages: { content: unknown[] }[] };
    const original = (JSON.parse(full.toString()) as { messages: { content: { type: string; content?: string }[] }[] }).messages[2]!.content[0]!.content!;
    // As claude 2.1.332 does it: the file's text in a reminder of its own, after the summary.
    b.messages[0]!.content.push({ type: 'text', text: `<system-reminder>\nResult of calling the Read tool:\n${original}\n</system-reminder>` });
    const received = (await send('anthropic', Buffer.from(JSON.stringify(b)))).received!;
    expect(times(received, resultMarker(0))).toBe(1);
    expect(received).not.toContain(restoredHeader(pinned.id));
    expect(lastRecord().enforcement?.pins).toMatchObject({ reinserted: [], skipped: [{ id: pinned.id, reason: 'content-in-request' }] });
    // When it no longer carries it, the block comes back.
    expect(times((await send('anthropic', compactedBody('anthropic', full))).received!, restoredHeader(pinned.id))).toBe(1);
  });

  for (const p of PROVIDERS) {
    it(`${p}: an eviction and a restored pin in the same request (both spliced into the body): withheld, put back, paired, checked`, async () => {
      await open(p);
      const full = wireBody(p, { turns: 3, resultChars: 900 });
      const [pinned, evicted] = [toolOf(p, full, 0), toolOf(p, full, 1)];
      await send(p, full);
      pin(pinned.id);
      putDirective(runtime!.deps.db, { wireSession: session!.id }, { segmentId: evicted.id, kind: 'evict', author: 'user', createdAt: '2026-01-01T00:00:00Z' });
      // The compaction dropped turn 0 only (its ask, call, result and reply).
      const b = JSON.parse(full.toString()) as Record<string, unknown[]>;
      const key = p === 'anthropic' ? 'messages' : p === 'openai' ? 'input' : 'contents';
      b[key] = p === 'openai' ? [b[key]![0], ...b[key]!.slice(5)] : b[key]!.slice(4);
      const received = (await send(p, Buffer.from(JSON.stringify(b)))).received!;
      expect(times(received, resultMarker(0))).toBe(1);
      expect(received).not.toContain(resultMarker(1));
      expect(received).toContain(`restore segment ${evicted.id}`);
      expect(pairingProblem(p, JSON.parse(received))).toBeNull();
      expect(lastRecord().enforcement).toMatchObject({ evictions: { withheld: [{ id: evicted.id }] }, pins: { reinserted: [{ id: pinned.id }] }, check: { ok: true, withheld: [{ id: evicted.id }], reinserted: [pinned.id] } });
    });
  }

  it('the request budget counts the block: a block ceiling the compacted body fits under refuses it with the pinned segment back', async () => {
    const full = wireBody('anthropic', { turns: 3, resultChars: 3000 });
    const compacted = compactedBody('anthropic', full);
    // Room for the compacted body, not for it and the 3 KB pinned result (the whole history is over it too).
    const limit = compacted.length + 1000;
    await open('anthropic', { requestBudget: { policy: 'block', maxRequestBytes: limit } });
    const pinned = toolOf('anthropic', full, 0);
    pin(pinned.id);
    expect(await send('anthropic', full)).toEqual({ status: 451, received: null });
    expect(await send('anthropic', compacted)).toEqual({ status: 451, received: null });
    const record = lastRecord();
    expect(record.enforcement?.pins?.reinserted).toMatchObject([{ id: pinned.id }]);
    expect(record.enforcement?.budget).toMatchObject({ verdict: 'block', exceeded: [{ ceiling: 'maxRequestBytes', limit }] });
    // Measured on the body with the block in it (its text, escaped in JSON, is at least its bytes).
    expect(record.enforcement!.budget!.bytes).toBeGreaterThanOrEqual(compacted.length + record.enforcement!.pins!.reinserted[0]!.bytes);
    // Unpinned, the same compacted body fits.
    deleteDirective(runtime!.deps.db, { wireSession: session!.id }, pinned.id);
    expect((await send('anthropic', compacted)).status).toBe(200);
  });

  it('redaction applies inside the block: a secret in the pinned result never reaches the provider', async () => {
    await open('openai', { wireSecrets: 'redact' });
    const b = JSON.parse(wireBody('openai', { turns: 3, resultChars: 800 }).toString()) as { input: { type: string; call_id?: string; output?: string }[] };
    const result = b.input.find((it) => it.type === 'function_call_output' && it.call_id === 'call_0')!;
    result.output = `${result.output!}\nGITHUB_TOKEN=${SECRET}\n`;
    const full = Buffer.from(JSON.stringify(b));
    await send('openai', full);
    pin(toolOf('openai', full, 0).id);
    await send('openai', full);
    const received = (await send('openai', compactedBody('openai', full))).received!;
    expect(times(received, resultMarker(0))).toBe(1);
    expect(received).not.toContain(SECRET);
    expect(received).toMatch(/GITHUB_TOKEN=\[redacted [^\]]+\]/);
    expect(lastRecord().enforcement).toMatchObject({ pins: { reinserted: [{ id: toolOf('openai', full, 0).id }] }, secrets: { mode: 'redact' }, check: { ok: true, secretsAbsent: true } });
  });

  it('fails closed when the block it says it put back is not in the outgoing bytes: the provider receives nothing', async () => {
    // A faulty stage after the pins stage: the facts say re-sent, the body goes on as the CLI sent it.
    await open('gemini', {}, (stages) => [...stages.slice(0, 2), (exchange) => void (exchange.body = exchange.request.body), ...stages.slice(2)]);
    const full = wireBody('gemini', { turns: 3, resultChars: 600 });
    const pinned = toolOf('gemini', full, 0);
    await send('gemini', full);
    pin(pinned.id);
    await send('gemini', full);
    expect(await send('gemini', compactedBody('gemini', full))).toEqual({ status: 400, received: null });
    const record = lastRecord();
    expect(record.enforcement?.check).toMatchObject({ ok: false, reinserted: [], failures: [`pinned segment ${pinned.id}, put back after the CLI's compaction, is not in it`] });
    // Nothing is said to have been re-sent.
    expect(warningsOf(record.sessionId, record.seq, record.enforcement).filter((w) => w.kind === 'pins')).toEqual([]);
  });

  it('says the content is no longer available when Loupe restarted since the segment was sent (nothing pretended)', async () => {
    const p: WireProvider = 'anthropic';
    const full = wireBody(p, { turns: 3, resultChars: 600 });
    const pinned = toolOf(p, full, 0);
    const directives = () => [{ segmentId: pinned.id, kind: 'pin' as const, author: 'user' as const, createdAt: '2026-01-01T00:00:00Z' }];
    const request = (body: Buffer) => ({ seq: 1, provider: p, method: 'POST', endpoint: ENDPOINTS[p], query: {}, headers: {}, body, startedAt: 0 });
    // A new process: an empty memory; the previous request's ids come from the store, as after a restart.
    const evictions = evictionStage({ directives, previousMainIds: () => new Set(parseRequest(p, 'POST', ENDPOINTS[p], full)!.segments.map((s) => s.id)) });
    const pins = pinStage({ directives, owner: () => 'wire:restarted' }, new PinMemory());
    const exchange = createExchange(request(compactedBody(p, full)));
    await evictions(exchange);
    await pins(exchange);
    expect(exchange.evictions?.droppedPinned).toEqual([pinned.id]);
    expect(exchange.pins).toEqual({ reinserted: [], unavailable: [{ id: pinned.id, reason: 'not-in-memory' }], skipped: [] });
    expect(exchange.body).toBe(exchange.request.body);
    expect(warningsOf('s', 1, { pins: exchange.pins! })[0]!.text).toMatch(/not in this Loupe process’s memory/);
    // Said once: the next request does not say it again.
    const next = createExchange(request(goOn(p, compactedBody(p, full))));
    await evictions(next);
    await pins(next);
    expect(next.pins).toBeUndefined();
  });
});
