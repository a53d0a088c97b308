import { describe, expect, it } from 'vitest';
import type { Directive } from '../../../../shared/contract/xray';
import { ACTIVE_MARKER, ENDPOINTS, pairingProblem, resultMarker, wireBody } from '../../testing/wire-requests';
import { parseRequest } from '../parse';
import type { WireProvider } from '../providers';
import type { RelayRequest } from '../relay';
import type { WireStage } from './chain';
import { evictionStage } from './evictions';
import { createExchange, enforcementOf } from './exchange';

const PROVIDERS: WireProvider[] = ['anthropic', 'openai', 'gemini'];
const request = (provider: WireProvider, body: Buffer): RelayRequest => ({ seq: 1, provider, method: 'POST', endpoint: ENDPOINTS[provider], query: {}, headers: {}, body, startedAt: 0 });
const directive = (segmentId: string, kind: Directive['kind'] = 'evict', summary?: string): Directive => ({ segmentId, kind, author: 'user', createdAt: '2026-01-01T00:00:00Z', ...(summary ? { summary } : {}) });
const segmentsOf = (provider: WireProvider, body: Buffer) => parseRequest(provider, 'POST', ENDPOINTS[provider], body)!.segments;
/** The tool segment of past turn `i` (its result holds the marker). */
const toolOf = (provider: WireProvider, body: Buffer, i: number) => segmentsOf(provider, body).filter((s) => s.kind === 'tool')[i]!;

type StageResult = { kind: 'continue'; body?: Buffer; facts?: ReturnType<typeof enforcementOf> } | { kind: 'answer'; status: number; message: string };

/** One stage on a new exchange for `req`: what it answered, or the body and facts it left on the exchange. */
async function runStage(stage: WireStage, req: RelayRequest): Promise<StageResult> {
  const exchange = createExchange(req);
  const verdict = await stage(exchange);
  if (verdict) return verdict;
  const facts = enforcementOf(exchange);
  return { kind: 'continue', ...(exchange.body !== req.body ? { body: exchange.body } : {}), ...(Object.keys(facts).length ? { facts } : {}) };
}

async function apply(provider: WireProvider, body: Buffer, directives: Directive[]): Promise<{ result: StageResult; sent: Buffer }> {
  const result = await runStage(evictionStage(() => directives), request(provider, body));
  return { result, sent: result.kind === 'continue' && result.body ? result.body : body };
}

describe('the eviction stage', () => {
  for (const provider of PROVIDERS) {
    it(`withholds an evicted tool result from a ${provider} request, keeping calls paired, system and tools as sent`, async () => {
      const body = wireBody(provider, { turns: 3, resultChars: 2000 });
      const tool = toolOf(provider, body, 1);
      const { result, sent } = await apply(provider, body, [directive(tool.id)]);
      const text = sent.toString();
      expect(text).not.toContain(resultMarker(1));
      expect(text).toContain(resultMarker(0));
      expect(text).toContain(ACTIVE_MARKER);
      expect(text).toContain(`Loupe withheld this tool result (${tool.bytes.toLocaleString('en-US')} bytes)`);
      expect(text).toContain(`restore segment ${tool.id}`);
      expect(text).toContain('SYSTEM-BLOCK-MARKER');
      expect(text).toContain('TOOL-DEF-MARKER');
      const json = JSON.parse(text) as Record<string, unknown>;
      expect(pairingProblem(provider, json)).toBeNull();
      // System and tools byte for byte; every other segment keeps its id.
      const before = JSON.parse(body.toString()) as Record<string, unknown>;
      for (const key of ['system', 'tools', 'instructions', 'systemInstruction']) expect(JSON.stringify(json[key])).toBe(JSON.stringify(before[key]));
      const ids = segmentsOf(provider, sent).map((s) => s.id);
      const originalIds = segmentsOf(provider, body).map((s) => s.id);
      expect(ids.length).toBe(originalIds.length);
      expect(ids.filter((id) => !originalIds.includes(id))).toHaveLength(1);
      expect(result).toMatchObject({ facts: { evictions: { withheld: [{ id: tool.id, kind: 'tool', bytes: tool.bytes, as: 'evicted' }], withheldBytes: tool.bytes, bodyBytes: body.length, forwardedBytes: sent.length } } });
    });

    it(`never touches the active turn of a ${provider} request, and a summary stands in for a summarized reply`, async () => {
      const body = wireBody(provider, { turns: 2, resultChars: 500 });
      const segments = segmentsOf(provider, body);
      const active = segments.filter((s) => s.kind === 'tool').at(-1)!;
      const ask = segments.filter((s) => s.kind === 'user' && !s.label).at(-1)!;
      const reply = segments.find((s) => s.kind === 'assistant' && s.preview.includes('REPLY-MARKER-0'))!;
      const { result, sent } = await apply(provider, body, [directive(active.id), directive(ask.id), directive(reply.id, 'summarize', 'File 0 was read.')]);
      const text = sent.toString();
      expect(text).toContain(ACTIVE_MARKER);
      expect(text).toContain('Now read the active file.');
      expect(text).not.toContain('REPLY-MARKER-0');
      expect(text).toContain('[Summary written in Loupe X-Ray, in place of the original] File 0 was read.');
      expect(pairingProblem(provider, JSON.parse(text))).toBeNull();
      expect(result).toMatchObject({
        facts: { evictions: { withheld: [{ id: reply.id, as: 'summarized' }], skipped: expect.arrayContaining([{ id: active.id, reason: 'active-turn' }, { id: ask.id, reason: 'active-turn' }]) } },
      });
    });
  }

  it('forwards the body untouched when nothing is directed (a restore sends the segment again)', async () => {
    const body = wireBody('anthropic', { turns: 2, resultChars: 300 });
    const tool = toolOf('anthropic', body, 0);
    let directives = [directive(tool.id)];
    const stage = evictionStage(() => directives);
    const first = await runStage(stage, request('anthropic', body));
    expect(first.kind === 'continue' && first.body?.toString()).not.toContain(resultMarker(0));
    directives = [];
    expect(await runStage(stage, request('anthropic', body))).toEqual({ kind: 'continue' });
    // Not a model call, or not JSON: passed on as sent.
    expect(await runStage(stage, { ...request('anthropic', body), endpoint: '/v1/messages/count_tokens' })).toEqual({ kind: 'continue' });
    directives = [directive(tool.id)];
    expect(await runStage(stage, request('anthropic', Buffer.from('{not json')))).toEqual({ kind: 'continue' });
  });

  it('says when a pinned segment the previous request carried is gone (the CLI compacted it away)', async () => {
    const body = wireBody('openai', { turns: 3, resultChars: 300 });
    const pinned = toolOf('openai', body, 0);
    const stage = evictionStage(() => [directive(pinned.id, 'pin')]);
    expect(await runStage(stage, request('openai', body))).toEqual({ kind: 'continue' });
    const compacted = JSON.parse(body.toString()) as { input: { call_id?: string }[] };
    compacted.input = compacted.input.filter((it) => it.call_id !== 'call_0');
    const next = Buffer.from(JSON.stringify(compacted));
    expect(await runStage(stage, request('openai', next))).toMatchObject({ kind: 'continue', facts: { evictions: { droppedPinned: [pinned.id], withheld: [] } } });
  });

  it('forwards 0 evicted bytes over 100 evictions across the three APIs', async () => {
    let evictions = 0;
    let leakedBytes = 0;
    let seed = 21;
    const next = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31);
    for (let round = 0; evictions < 100; round++) {
      const provider = PROVIDERS[round % 3]!;
      const turns = 4 + (next() % 6);
      const body = wireBody(provider, { turns, resultChars: 200 + (next() % 4000) });
      const chosen = [...new Set([next() % turns, next() % turns])];
      const tools = segmentsOf(provider, body).filter((s) => s.kind === 'tool');
      const { sent } = await apply(provider, body, chosen.map((i) => directive(tools[i]!.id)));
      const text = sent.toString();
      expect(pairingProblem(provider, JSON.parse(text))).toBeNull();
      for (const i of chosen) {
        evictions++;
        // The evicted result's whole text, as the CLI sent it: none of it may reach the provider.
        if (text.includes(resultMarker(i))) leakedBytes += tools[i]!.bytes;
      }
    }
    console.log(`wire evictions: ${leakedBytes} evicted bytes forwarded over ${evictions} evictions`);
    expect(leakedBytes).toBe(0);
  });
});
