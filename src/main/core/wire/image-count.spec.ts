// Images through a real wire session (relay, stages, SQLite) in front of the scripted
// Anthropic provider: a 1000 × 1000 PNG is counted by Anthropic's formula (about 1,334
// tokens) in the record, `wire.show` and the CLI's text; an image whose size cannot be
// read is "unknown", and a `block` token ceiling blocks it (nothing reaches the
// provider) with a reason that says so, where the old 16-token placeholder passed.
import { BLOCK_STATUS } from './providers';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import type { RequestBudget } from '../../../shared/contract/runs';
import { formatWireSession } from '../../cli/commands/wire-format';
import { makeRuntime, removeTempDirs } from '../testing/fixtures';
import { grayPng } from '../testing/png';
import { startProvider, type ScriptedProvider } from '../testing/providers';
import type { Runtime } from '../runtime';
import { openWireSession, type WireSession } from './session';
import { wireRequests } from './store';
import { wireServices } from './wire-services';
import { calibrationRows } from '../tokens/calibration-store';

let runtime: Runtime | null = null;
let provider: ScriptedProvider | null = null;
let session: WireSession | null = null;
afterEach(async () => {
  await session?.close();
  await provider?.close();
  await runtime?.close();
  session = provider = runtime = null;
});
afterAll(() => removeTempDirs());

// Noisy pixels: over 80 KB of PNG, as in the issue (the old count was its 16-token placeholder).
const PNG = grayPng(1000, 1000, 128, true).toString('base64');
const SVG = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="1000" height="1000"/>').toString('base64');

function request(image: { media_type: string; data: string }): unknown {
  return {
    model: 'claude-sonnet-4-5',
    max_tokens: 100,
    system: [{ type: 'text', text: 'You are a test.' }],
    messages: [{ role: 'user', content: [{ type: 'image', source: { type: 'base64', ...image } }, { type: 'text', text: 'What is in this picture?' }] }],
  };
}

async function open(requestBudget?: RequestBudget): Promise<void> {
  runtime = makeRuntime();
  provider = await startProvider('anthropic', { script: { turns: [{ reply: { text: 'A gray square.', usage: { input: 1_400, output: 5 } } }] } });
  session = await openWireSession(runtime.deps, { kind: 'wrap', agent: 'claude', repo: null, runId: null, upstreams: { anthropic: provider.url }, ...(requestBudget ? { enforce: { requestBudget } } : {}) });
}

async function send(json: unknown): Promise<{ status: number; text: string }> {
  const res = await fetch(`${session!.relay.baseUrl('anthropic')}/v1/messages`, { method: 'POST', headers: { 'content-type': 'application/json', 'x-api-key': 'k', 'anthropic-version': '2023-06-01' }, body: JSON.stringify(json) });
  return { status: res.status, text: await res.text() };
}

const show = (id: string) => wireServices(runtime!.deps, { resolveModel: async (m) => ({ id: m, window: 200_000, reserve: 30_000, known: false, source: 'default' }) as never })['wire.show']({ sessionId: id }, {} as never);

describe('images on the wire', () => {
  it('a 1000 × 1000 PNG in an Anthropic request counts 1,334 tokens by Anthropic’s formula, in the record, wire.show (--json) and the text', async () => {
    await open();
    const res = await send(request({ media_type: 'image/png', data: PNG }));
    expect(res.status).toBe(200);
    await session!.settled();
    expect(provider!.turns()).toHaveLength(1);
    const [record] = wireRequests(runtime!.deps.db, session!.id, true);
    expect(record!.requestBytes).toBeGreaterThan(80_000);
    expect(record!.imageTokens).toEqual({ images: 1, tokens: 1334, unknown: 0, formula: 'Anthropic’s formula' });
    const image = record!.segments.find((g) => g.label === 'image')!;
    expect(image.images).toEqual([{ mediaType: 'image/png', width: 1000, height: 1000, tokens: 1334, formula: 'Anthropic’s formula' }]);
    expect(image.tokens.tokens).toBe(1334);
    // The request's count holds the image: the text alone is a few dozen tokens.
    expect(record!.count!.tokens).toBeGreaterThan(1334);
    expect(record!.count!.tokens).toBeLessThan(1334 + 100);
    expect(record!.split!.messages.tokens).toBeGreaterThanOrEqual(1334);
    // Calibration compares text with text: the reported input less the image's tokens.
    expect(calibrationRows(runtime!.deps.db, 'claude-sonnet-4-5').map((c) => c.providerReportedInputTokens)).toEqual([1_400 - 1334]);

    const detail = await show(session!.id);
    expect(JSON.parse(JSON.stringify(detail)).request.imageTokens).toEqual(record!.imageTokens);
    expect(detail.requests[0]!.imageTokens).toEqual(record!.imageTokens);
    const text = formatWireSession(detail);
    expect(text).toContain('1 image: 1,334 tokens (image, Anthropic’s formula)');
    expect(text).toContain('[image] image/png 1000×1000: 1,334 tokens (image, Anthropic’s formula)');
    expect(text).toMatch(/Loupe: [\d,]+ tokens: \d+ estimate \+ 1,334 image \(Anthropic’s formula\)/);
  }, 60_000);

  it('an image whose size cannot be read is unknown, never its placeholder’s tokens', async () => {
    await open();
    expect((await send(request({ media_type: 'image/svg+xml', data: SVG }))).status).toBe(200);
    await session!.settled();
    const [record] = wireRequests(runtime!.deps.db, session!.id, true);
    expect(record!.imageTokens).toEqual({ images: 1, tokens: 0, unknown: 1, formula: 'Anthropic’s formula' });
    expect(record!.segments.find((g) => g.label === 'image')!.images![0]).toMatchObject({ tokens: null, why: 'its size could not be read: it is not a PNG, JPEG, GIF or WebP image' });
    const text = formatWireSession(await show(session!.id));
    expect(text).toContain('1 image: unknown (its size could not be read)');
    // An image Loupe could not measure makes the request no calibration point.
    expect(calibrationRows(runtime!.deps.db, 'claude-sonnet-4-5')).toEqual([]);
    expect(text).toContain('[image] image/svg+xml: unknown (its size could not be read: it is not a PNG, JPEG, GIF or WebP image)');
  }, 60_000);

  it('block: an unmeasurable image is over the token ceiling (not zero); nothing reaches the provider, and the reason says why', async () => {
    await open({ maxRequestTokens: 100_000, policy: 'block' });
    const res = await send(request({ media_type: 'image/svg+xml', data: SVG }));
    expect(res.status).toBe(BLOCK_STATUS.anthropic);
    const message = (JSON.parse(res.text) as { error: { message: string } }).error.message;
    expect(message).toMatch(/^Loupe blocked this request: about \d+ tokens and 1 image whose size could not be measured, counted as over your 100,000-token request ceiling/);
    await session!.settled();
    expect(provider!.turns()).toHaveLength(0);
    const [record] = wireRequests(runtime!.deps.db, session!.id, true);
    expect(record!.enforcement!.budget).toMatchObject({ verdict: 'block', unmeasuredImages: 1, exceeded: [{ ceiling: 'maxRequestTokens', limit: 100_000, unknownImages: 1 }] });
  }, 60_000);

  it('block: a 1000 × 1000 PNG is over a 1,000-token ceiling (its old placeholder count passed); under a 2,000-token one it is sent', async () => {
    await open({ maxRequestTokens: 1_000, policy: 'block' });
    const over = await send(request({ media_type: 'image/png', data: PNG }));
    expect(over.status).toBe(BLOCK_STATUS.anthropic);
    expect(provider!.turns()).toHaveLength(0);
    await session!.close();
    await provider!.close();
    await runtime!.close();
    await open({ maxRequestTokens: 2_000, policy: 'block' });
    expect((await send(request({ media_type: 'image/png', data: PNG }))).status).toBe(200);
    expect(provider!.turns()).toHaveLength(1);
  }, 60_000);

  it('OpenAI (input_image, detail high) and Gemini (inlineData) requests: 765 and 1,032 tokens by their formulas, through the relay', async () => {
    const cases = [
      { api: 'openai-responses', p: 'openai', path: '/v1/responses', tokens: 765, formula: 'OpenAI’s tile formula', body: { model: 'gpt-5', input: [{ type: 'message', role: 'user', content: [{ type: 'input_text', text: 'What is this?' }, { type: 'input_image', image_url: `data:image/png;base64,${PNG}`, detail: 'high' }] }] } },
      { api: 'gemini', p: 'gemini', path: '/v1beta/models/gemini-2.5-pro:generateContent', tokens: 1032, formula: 'Gemini’s per-tile figure', body: { contents: [{ role: 'user', parts: [{ text: 'What is this?' }, { inlineData: { mimeType: 'image/png', data: PNG } }] }] } },
    ] as const;
    for (const c of cases) {
      runtime = makeRuntime();
      provider = await startProvider(c.api, { script: { turns: [{ reply: { text: 'A gray square.' } }] } });
      session = await openWireSession(runtime.deps, { kind: 'wrap', agent: 'test', repo: null, runId: null, upstreams: { [c.p]: provider.url } });
      const res = await fetch(`${session.relay.baseUrl(c.p)}${c.path}`, { method: 'POST', headers: { 'content-type': 'application/json', authorization: 'Bearer k', 'x-goog-api-key': 'k' }, body: JSON.stringify(c.body) });
      expect(res.status, c.p).toBe(200);
      await res.text();
      await session.settled();
      const [record] = wireRequests(runtime.deps.db, session.id, true);
      expect(record!.imageTokens, c.p).toEqual({ images: 1, tokens: c.tokens, unknown: 0, formula: c.formula });
      expect(record!.count!.tokens, c.p).toBeGreaterThan(c.tokens);
      await session.close();
      await provider.close();
      await runtime.close();
      session = provider = runtime = null;
    }
  }, 60_000);
});
