// Code Assist (gemini signed in with Google) on the wire, with a relay in front of the scripted
// Code Assist server: the wrapped Gemini request is parsed into the same segments (the same
// content-derived ids) as the Gemini API shape, its split and the answer's usage recorded, a
// secret in it redacted, a block ceiling enforced; the setup calls pass through unparsed.
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import zlib from 'node:zlib';
import { makeRuntime, removeTempDirs } from '../testing/fixtures';
import { startProvider, type ScriptedProvider } from '../testing/providers';
import { ENDPOINTS, wireBody } from '../testing/wire-requests';
import type { Runtime } from '../runtime';
import { jsonObjectOf, parseRequest } from './parse';
import { openWireSession, type WireSession } from './session';
import type { EnforceSettings } from './enforce/stages';
import { credentialKind } from './providers';
import { wireRequests, wireSession } from './store';

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

const STREAM = '/v1internal:streamGenerateContent';
// A made-up GitHub token (a recognised format); built here so no token sits in the source.
const SECRET = `ghp_${'Hx5Pq9Lc3Vb7'.repeat(3)}`;

/** A Gemini request as Code Assist wraps it. */
function wrapped(inner: Record<string, unknown>): Record<string, unknown> {
  return { model: 'gemini-2.5-pro', project: 'scripted-project', user_prompt_id: 'prompt-1', request: inner };
}
const inner = () => jsonObjectOf(wireBody('gemini', { turns: 3, resultChars: 400 }))!;

async function open(enforce?: EnforceSettings): Promise<void> {
  runtime = makeRuntime();
  provider = await startProvider('code-assist', { script: { turns: [{ reply: { text: 'Scripted answer.', usage: { input: 321, output: 9, cacheRead: 20 } } }] } });
  session = await openWireSession(runtime.deps, { kind: 'wrap', agent: 'gemini', repo: null, runId: null, upstreams: { gemini: provider.url }, enforce });
}

async function send(path: string, json: unknown, headers: Record<string, string> = {}): Promise<{ status: number; text: string }> {
  const res = await fetch(`${session!.relay.baseUrl('gemini')}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: 'Bearer ya29.fabricated-access-token', ...headers },
    body: JSON.stringify(json),
  });
  return { status: res.status, text: await res.text() };
}

describe('Code Assist on the wire', () => {
  it('parses the wrapped request into the Gemini shape’s own segments, model from the wrapper, envelope apart', () => {
    const plain = parseRequest('gemini', 'POST', ENDPOINTS.gemini, Buffer.from(JSON.stringify(inner())))!;
    const body = Buffer.from(JSON.stringify(wrapped(inner())));
    const ca = parseRequest('gemini', 'POST', STREAM, body)!;
    expect(ca.api).toBe('gemini-generate');
    expect(ca.model).toBe('gemini-2.5-pro');
    expect(ca.stream).toBe(true);
    expect(ca.segments.map((s) => [s.id, s.kind])).toEqual(plain.segments.map((s) => [s.id, s.kind]));
    expect(ca.segments.length).toBeGreaterThan(3);
    expect([ca.systemBytes, ca.toolBytes]).toEqual([plain.systemBytes, plain.toolBytes]);
    // The wrapper's fields are envelope, not conversation: the messages weigh what they weigh unwrapped (give or take its punctuation).
    expect(Math.abs(ca.messageBytes - plain.messageBytes)).toBeLessThan(8);
    // Its setup calls are not model requests.
    expect(parseRequest('gemini', 'POST', '/v1internal:loadCodeAssist', Buffer.from('{"metadata":{}}'))).toBeNull();
    expect(parseRequest('gemini', 'POST', '/v1internal:countTokens', Buffer.from(JSON.stringify({ request: { model: 'm', contents: [] } })))).toBeNull();
  });

  it('relays a Code Assist turn: recorded with its exact size, split and the usage of the wrapped answer; setup calls pass', async () => {
    await open();
    const setup = await send('/v1internal:loadCodeAssist', { metadata: { pluginType: 'GEMINI' } });
    expect(setup.status).toBe(200);
    expect(JSON.parse(setup.text)).toMatchObject({ cloudaicompanionProject: 'scripted-project' });
    const turn = await send(`${STREAM}?alt=sse`, wrapped(inner()));
    expect(turn.status).toBe(200);
    expect(turn.text).toContain('"response":{"candidates"');
    await session!.settled();
    const records = wireRequests(runtime!.deps.db, session!.id);
    expect(records.map((r) => [r.endpoint, r.api])).toEqual([
      ['/v1internal:loadCodeAssist', null],
      [STREAM, 'gemini-generate'],
    ]);
    const rec = records[1]!;
    const received = provider!.requests[1]!;
    expect(rec.requestBytes).toBe(received.bodyBytes);
    expect(rec.model).toBe('gemini-2.5-pro');
    expect(rec.split).not.toBeNull();
    expect(rec.usage).toEqual({ input: 341, cacheRead: 20, cacheWrite: null, output: 9 });
    expect(received.bearer).toBe('ya29.');
    // The login mode, as the wire saw it: the kind of credential, never the credential.
    expect(wireSession(runtime!.deps.db, session!.id)?.login).toBe('The wire saw a Google access token');
    expect(JSON.stringify(records)).not.toContain('fabricated-access-token');
  });

  it('redacts a secret inside the wrapped request before the server receives it', async () => {
    await open({ wireSecrets: 'redact' });
    const body = wrapped(inner());
    const contents = (body.request as { contents: { parts: Record<string, unknown>[] }[] }).contents;
    contents.push({ role: 'user', parts: [{ text: `Deploy with GITHUB_TOKEN=${SECRET} now.` }] } as never);
    const turn = await send(`${STREAM}?alt=sse`, body);
    expect(turn.status).toBe(200);
    await session!.settled();
    const received = provider!.requests.at(-1)!;
    expect(received.bodyText).not.toContain(SECRET);
    expect(received.bodyText).toContain('[redacted');
    expect(received.json).toMatchObject({ model: 'gemini-2.5-pro', project: 'scripted-project', request: { contents: expect.any(Array) } });
    const [rec] = wireRequests(runtime!.deps.db, session!.id);
    expect(rec!.enforcement?.secrets).toMatchObject({ mode: 'redact', redacted: 1 });
    expect(rec!.requestBytes).toBe(received.bodyBytes);
  });

  it('blocks a Code Assist request over a block ceiling: the server receives nothing, gemini reads Google’s error shape', async () => {
    await open({ requestBudget: { maxRequestBytes: 500, policy: 'block' } });
    const turn = await send(`${STREAM}?alt=sse`, wrapped(inner()));
    expect(turn.status).toBeGreaterThanOrEqual(400);
    expect(JSON.parse(turn.text)).toMatchObject({ error: { message: expect.stringContaining('Loupe blocked this request') } });
    expect(provider!.requests).toEqual([]);
  });
});

describe('the scripted servers read encoded request bodies', () => {
  it('gzip and br bodies are decoded; their size on the wire is kept', async () => {
    provider = await startProvider('openai-responses', { script: { turns: [{ reply: { text: 'ok' } }] } });
    const json = JSON.stringify({ model: 'gpt-5', input: 'hello encoded' });
    for (const [encoding, bytes] of [
      ['gzip', zlib.gzipSync(json)],
      ['br', zlib.brotliCompressSync(json)],
    ] as const) {
      const res = await fetch(`${provider.url}/v1/responses`, { method: 'POST', headers: { 'content-type': 'application/json', 'content-encoding': encoding, authorization: 'Bearer x' }, body: bytes });
      expect(res.status).toBe(200);
      expect(provider.requests.at(-1)).toMatchObject({ bodyText: json, bodyBytes: bytes.length, lastInput: 'hello encoded' });
    }
    const bad = await fetch(`${provider.url}/v1/responses`, { method: 'POST', headers: { 'content-encoding': 'zstd', authorization: 'Bearer x' }, body: 'not zstd' });
    expect(bad.status).toBe(400);
  });
});

describe('the kind of credential a request carried', () => {
  it('tells each sign-in from an API key by its headers, never keeping the value', () => {
    expect(credentialKind({ authorization: 'Bearer sk-ant-oat01-abc' }, '')).toBe('subscription-bearer');
    expect(credentialKind({ authorization: 'Bearer eyJhbGciOi.x.y', 'chatgpt-account-id': 'acct' }, '')).toBe('chatgpt-bearer');
    expect(credentialKind({ authorization: 'Bearer ya29.token' }, '')).toBe('google-bearer');
    expect(credentialKind({ authorization: 'Bearer sk-proj-123' }, '')).toBe('api-key');
    expect(credentialKind({ 'x-api-key': 'sk-ant-api03-x' }, '')).toBe('api-key');
    expect(credentialKind({}, '?alt=sse&key=AIza')).toBe('api-key');
    expect(credentialKind({ authorization: 'AWS4-HMAC-SHA256 Credential=AKIA/20260101/us-east-1/bedrock/aws4_request, Signature=ab' }, '')).toBe('aws-sigv4');
    expect(credentialKind({ authorization: 'Bearer gateway-token' }, '')).toBe('bearer');
    expect(credentialKind({}, '?alt=sse')).toBeNull();
  });
});
