import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { calibrationRows } from '../tokens/calibration-store';
import { parseSessionFile } from '../sessions/parse';
import { makeRuntime, removeTempDirs, tempDir } from '../testing/fixtures';
import { startProvider, type ScriptedProvider } from '../testing/providers';
import { buildTokensWorker } from '../testing/tokens-worker';
import { pairingProblem, resultMarker, wireBody } from '../testing/wire-requests';
import { loadCounter } from '../tokens/count-text';
import type { Runtime } from '../runtime';
import { openWireSession, type WireSession } from './session';
import { latestMainSegmentIds, listWireSessions, wireRequests, wireRunSummary } from './store';
import { restoredHeader } from './enforce/pins';
import { runInputSchema } from '../../../shared/contract/runs';
import { insertRun } from '../runs/store/runs';
import { putDirective } from '../threads/directive-store';
import { createThread } from '../threads/thread-store';
import { parseRequest } from './parse';

const KEY = 'sk-ant-api03-WIRETESTKEY-0123456789abcdefghijklmnopqrstuvwxyz';

/** Every file under `dir`, read as latin1 (so any byte sequence matches). */
function grepTree(dir: string, needle: string): string[] {
  const hits: string[] = [];
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) hits.push(...grepTree(path, needle));
    else if (readFileSync(path, 'latin1').includes(needle)) hits.push(path);
  }
  return hits;
}

async function post(url: string, body: unknown, headers: Record<string, string> = {}): Promise<{ status: number; text: string }> {
  const res = await fetch(url, { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body: JSON.stringify(body) });
  return { status: res.status, text: await res.text() };
}

let runtime: Runtime | null = null;
let provider: ScriptedProvider | null = null;
let session: WireSession | null = null;
afterEach(async () => {
  await session?.close();
  await provider?.close();
  await runtime?.close();
  session = null;
  provider = null;
  runtime = null;
});
beforeAll(async () => {
  process.env.LOUPE_TOKENS_WORKER = await buildTokensWorker();
});
afterAll(() => {
  delete process.env.LOUPE_TOKENS_WORKER;
  removeTempDirs();
});

const readCall = { type: 'tool_use', id: 'toolu_01', name: 'Read', input: { file_path: '/repo/src/app.ts' } };
const firstAsk = 'Explain src/app.ts please';
const fileText = 'export const app = 1;\n'.repeat(40);

function anthropicBody(turn: 1 | 2) {
  const messages: unknown[] = [{ role: 'user', content: [{ type: 'text', text: firstAsk }] }];
  if (turn === 2) {
    messages.push({ role: 'assistant', content: [{ type: 'thinking', thinking: 'I should read it.', signature: 'sig' }, readCall] });
    messages.push({ role: 'user', content: [{ type: 'tool_result', tool_use_id: 'toolu_01', content: fileText }] });
  }
  return {
    model: 'claude-sonnet-4-5',
    stream: true,
    max_tokens: 1000,
    system: [
      { type: 'text', text: 'You are Claude Code, a test.' },
      { type: 'text', text: `Instructions. AWS key AKIAIOSFODNN7EXAMPLE here.\n${'rule\n'.repeat(100)}` },
    ],
    tools: [
      { name: 'Read', description: 'Reads a file', input_schema: { type: 'object', properties: { file_path: { type: 'string' } } } },
      { name: 'mcp__github__create_issue', description: 'Creates an issue', input_schema: { type: 'object' } },
    ],
    messages,
  };
}

describe('a wire session', () => {
  it('records each request as the provider received it: split, usage, segment ids of the transcript import, diff; never the credential', async () => {
    runtime = makeRuntime();
    provider = await startProvider('anthropic', { script: { turns: [{ reply: { text: 'Done.', usage: { input: 120, cacheRead: 900, cacheWrite: 30, output: 7 } } }] } });
    session = await openWireSession(runtime.deps, { kind: 'wrap', agent: 'claude', repo: '/repo', runId: null, upstreams: { anthropic: provider.url } });
    const base = session.relay.baseUrl('anthropic');
    for (const turn of [1, 2] as const) {
      const got = await post(`${base}/v1/messages?beta=true`, anthropicBody(turn), { 'x-api-key': KEY, 'anthropic-version': '2023-06-01' });
      expect(got.status).toBe(200);
      expect(got.text).toContain('Done.');
    }
    await session.settled();

    const records = wireRequests(runtime.deps.db, session.id);
    const received = provider.requests.filter((r) => r.method === 'POST');
    expect(records.map((r) => r.requestBytes)).toEqual(received.map((r) => Buffer.byteLength(r.bodyText)));
    const [first, second] = records;
    expect(first!.api).toBe('anthropic-messages');
    expect(first!.model).toBe('claude-sonnet-4-5');
    expect(first!.usage).toEqual({ input: 1050, cacheRead: 900, cacheWrite: 30, output: 7 });
    expect(first!.system.map((s) => s.title)).toEqual(['You are Claude Code, a test.', 'Instructions. AWS key [redacted AWSAccessKeyID] here.']);
    expect(first!.system[1]!.preview).not.toContain('AKIAIOSFODNN7EXAMPLE');
    expect(first!.system[1]!.preview.length).toBeLessThanOrEqual(200);
    expect(first!.tools.map((t) => [t.name, t.origin])).toEqual([
      ['Read', 'built-in'],
      ['mcp__github__create_issue', 'mcp:github'],
    ]);
    expect(first!.count!.kind).toBe('estimate');
    const split = first!.split!;
    expect(split.systemBytes + split.toolBytes + split.messageBytes + split.otherBytes).toBe(first!.requestBytes);
    expect(first!.diff).toBeNull();

    expect(second!.segments.map((s) => s.kind)).toEqual(['user', 'thinking', 'tool']);
    const tool = second!.segments[2]!;
    expect(tool).toMatchObject({ toolName: 'Read', filePath: '/repo/src/app.ts' });
    expect(second!.diff).toMatchObject({ previousSeq: first!.seq, added: 2, dropped: 0 });

    // The same content imported from a Claude Code transcript gets the same ids.
    const dir = tempDir('loupe-transcript-');
    const file = join(dir, '11111111-2222-3333-4444-555555555555.jsonl');
    const line = (v: object) => JSON.stringify({ sessionId: '11111111-2222-3333-4444-555555555555', cwd: '/repo', version: '2.1.0', timestamp: '2026-01-01T00:00:00Z', ...v });
    writeFileSync(
      file,
      [
        line({ type: 'user', uuid: 'u1', message: { role: 'user', content: firstAsk } }),
        line({ type: 'assistant', uuid: 'a1', requestId: 'r1', message: { id: 'msg1', role: 'assistant', model: 'claude-sonnet-4-5', content: [{ type: 'thinking', thinking: 'I should read it.', signature: 'sig' }, readCall] } }),
        line({ type: 'user', uuid: 'u2', message: { role: 'user', content: [{ type: 'tool_result', tool_use_id: 'toolu_01', content: fileText }] } }),
      ].join('\n') + '\n',
    );
    const imported = await parseSessionFile(file);
    expect(second!.segments.map((s) => s.id)).toEqual(imported.session.entries.map((e) => e.id));

    // The third X-Ray source: the latest request as a manifest; directives are enforced on the wire.
    const manifest = await runtime.call('xray.manifest', { wireSession: session.id });
    expect(manifest).toMatchObject({ source: 'wire', wireSession: session.id, enforceable: true, reported: { contextTokens: 1050 } });
    expect(manifest.segments.map((s) => s.id)).toEqual(second!.segments.map((s) => s.id));
    expect(manifest.system.map((s) => s.title)).toContain('Tool definitions: MCP server github (1)');
    await runtime.call('xray.evict', { wireSession: session.id, segmentId: tool.id });
    expect((await runtime.call('xray.directives', { wireSession: session.id })).map((d) => [d.segmentId, d.kind])).toEqual([[tool.id, 'evict']]);
    await expect(runtime.call('xray.pin', { wireSession: session.id, segmentId: 'user-0000000000000000' })).rejects.toMatchObject({ code: 'not-found' });

    // Every reported usage is a calibration point for the model.
    const points = calibrationRows(runtime.deps.db, 'claude-sonnet-4-5');
    expect(points.map((p) => p.providerReportedInputTokens)).toEqual([1050, 1050]);

    // The credential went upstream, and nowhere else: not in the database, not in what the API returns.
    expect(provider.requests.length).toBeGreaterThan(0);
    const dataDir = runtime.deps.userDataDir;
    await session.close();
    await runtime.close();
    runtime = null;
    expect(grepTree(dataDir, 'WIRETESTKEY')).toEqual([]);
    expect(JSON.stringify(records)).not.toContain('WIRETESTKEY');
  });

  it('records OpenAI Responses with the exact count and Gemini with its model from the path', async () => {
    runtime = makeRuntime();
    provider = await startProvider('openai-responses', { script: { turns: [{ reply: { text: 'ok', usage: { input: 500, cacheRead: 100, output: 3 } } }] } });
    session = await openWireSession(runtime.deps, { kind: 'run', agent: 'codex', repo: null, runId: 'run-1', upstreams: { openai: `${provider.url}/v1` } });
    session.setStep('step-1');
    const body = {
      model: 'gpt-5-codex',
      stream: true,
      instructions: 'You are Codex, a test agent.',
      tools: [{ type: 'function', name: 'shell', description: 'Runs a command', parameters: { type: 'object' } }],
      input: [
        { type: 'message', role: 'developer', content: [{ type: 'input_text', text: '<permissions instructions>sandboxed</permissions instructions>' }] },
        { type: 'message', role: 'user', content: [{ type: 'input_text', text: 'list the files' }] },
      ],
    };
    expect((await post(`${session.relay.baseUrl('openai')}/responses`, body, { authorization: 'Bearer sk-openai-secret' })).status).toBe(200);
    await session.settled();
    const [rec] = wireRequests(runtime.deps.db, session.id);
    expect(rec).toMatchObject({ api: 'openai-responses', model: 'gpt-5-codex', runId: 'run-1', stepId: 'step-1', usage: { input: 600, cacheRead: 100, output: 3 } });
    expect(rec!.count).toMatchObject({ kind: 'exact', encoding: 'o200k_base' });
    const o200k = await loadCounter('o200k_base');
    expect(rec!.split!.system.tokens).toBe(o200k(body.instructions) + o200k(body.input[0]!.content[0]!.text));
    expect(rec!.tools[0]!.tokens.tokens).toBe(o200k(JSON.stringify(body.tools[0])));
    expect(rec!.system.map((s) => s.title)).toEqual(['You are Codex, a test agent.', 'permissions instructions']);
    expect(rec!.segments.map((s) => s.kind)).toEqual(['user']);
    expect(wireRunSummary(runtime.deps.db, 'run-1')).toMatchObject({ steps: [{ stepId: 'step-1', requests: 1, reportedInput: 600, cacheRead: 100 }] });
    await session.close();
    await provider.close();

    provider = await startProvider('gemini', { script: { turns: [{ reply: { text: 'hi', usage: { input: 40, output: 2 } } }] } });
    session = await openWireSession(runtime.deps, { kind: 'wrap', agent: 'gemini', repo: null, runId: null, upstreams: { gemini: provider.url } });
    const g = await post(
      `${session.relay.baseUrl('gemini')}/v1beta/models/gemini-2.5-flash:streamGenerateContent?alt=sse`,
      { systemInstruction: { parts: [{ text: 'You are Gemini CLI.' }] }, tools: [{ functionDeclarations: [{ name: 'read_file', parameters: {} }] }], contents: [{ role: 'user', parts: [{ text: 'say hi' }] }] },
      { 'x-goog-api-key': 'AIza-gemini-secret' },
    );
    expect(g.status).toBe(200);
    await session.settled();
    const [gr] = wireRequests(runtime.deps.db, session.id);
    expect(gr).toMatchObject({ api: 'gemini-generate', model: 'gemini-2.5-flash', stream: true, usage: { input: 40, output: 2 } });
    expect(gr!.tools.map((t) => t.name)).toEqual(['read_file']);
    expect(listWireSessions(runtime.deps.db).map((s) => s.agent)).toEqual(['gemini', 'codex']);
    expect(JSON.stringify(listWireSessions(runtime.deps.db))).not.toMatch(/sk-openai-secret|AIza-gemini-secret/);
  });

  it('withholds an evicted segment from the next request through the relay, records what it withheld, and restored sends it again', async () => {
    runtime = makeRuntime();
    provider = await startProvider('anthropic', { script: { turns: [{ reply: { text: 'ok', usage: { input: 50, output: 2 } } }] } });
    session = await openWireSession(runtime.deps, { kind: 'wrap', agent: 'claude', repo: '/repo', runId: null, upstreams: { anthropic: provider.url } });
    const url = `${session.relay.baseUrl('anthropic')}/v1/messages?beta=true`;
    const body = JSON.parse(wireBody('anthropic', { turns: 3, resultChars: 1500 }).toString()) as unknown;
    const send = async () => {
      expect((await post(url, body, { 'x-api-key': KEY, 'anthropic-version': '2023-06-01' })).status).toBe(200);
      await session!.settled();
      return provider!.requests.at(-1)!.bodyText;
    };
    expect(await send()).toContain(resultMarker(1));
    const target = (await runtime.call('xray.manifest', { wireSession: session.id })).segments.filter((s) => s.kind === 'tool')[1]!;
    const evicted = await runtime.call('xray.evict', { wireSession: session.id, segmentId: target.id });
    expect(evicted.segments.find((s) => s.id === target.id)).toMatchObject({ status: 'evicted', wire: { withheld: false } });

    const sent = await send();
    expect(sent).not.toContain(resultMarker(1));
    expect(sent).toContain(`restore segment ${target.id}`);
    expect(pairingProblem('anthropic', JSON.parse(sent))).toBeNull();
    const record = wireRequests(runtime.deps.db, session.id).at(-1)!;
    expect(record.requestBytes).toBe(Buffer.byteLength(sent));
    expect(record.enforcement?.evictions).toMatchObject({ withheld: [{ id: target.id, kind: 'tool', as: 'evicted' }], forwardedBytes: Buffer.byteLength(sent) });
    // The record lists the segments as the CLI sent them, the withheld one marked (its id is the one X-Ray directs).
    expect(record.segments.find((s) => s.id === target.id)).toMatchObject({ withheld: 'evicted' });
    const shown = await runtime.call('xray.manifest', { wireSession: session.id });
    expect(shown.segments.find((s) => s.id === target.id)).toMatchObject({ status: 'evicted', wire: { withheld: true } });
    expect(shown.wire!.requests[0]).toMatchObject({ seq: record.seq, withheldSegments: 1, withheldBytes: target.bytes });

    await runtime.call('xray.restore', { wireSession: session.id, segmentId: target.id });
    expect(await send()).toContain(resultMarker(1));
    expect(wireRequests(runtime.deps.db, session.id).at(-1)!.enforcement?.evictions).toBeUndefined();
  });

  it('says so on the request when a resumed CLI session no longer carries a segment pinned in the thread (its compaction dropped it)', async () => {
    runtime = makeRuntime();
    const db = runtime.deps.db;
    const now = new Date('2026-01-01T00:00:00Z');
    createThread(db, { id: 't1', repo: '/repo', agent: 'claude', model: null, title: 'ask', now });
    for (const [i, id] of ['r1', 'r2'].entries()) {
      insertRun(db, { id, threadId: 't1', repo: '/repo', agent: 'claude', model: null, ask: 'ask', input: runInputSchema().parse({ repo: '/repo', ask: 'ask', settings: { agent: 'claude' } }), now: new Date(now.getTime() + i * 1000) });
    }
    provider = await startProvider('anthropic', { script: { turns: [{ reply: { text: 'ok', usage: { input: 50, output: 2 } } }] } });
    const full = JSON.parse(wireBody('anthropic', { turns: 3, resultChars: 800 }).toString()) as { messages: unknown[] };
    const pinned = parseRequest('anthropic', 'POST', '/v1/messages', Buffer.from(JSON.stringify(full)))!.segments.filter((seg) => seg.kind === 'tool')[0]!;
    const sendThrough = async (runId: string, body: unknown) => {
      session = await openWireSession(runtime!.deps, { kind: 'run', agent: 'claude', repo: '/repo', runId, threadId: 't1', upstreams: { anthropic: provider!.url } });
      expect((await post(`${session.relay.baseUrl('anthropic')}/v1/messages?beta=true`, body, { 'x-api-key': KEY, 'anthropic-version': '2023-06-01' })).status).toBe(200);
      await session.settled();
      const record = wireRequests(db, session.id).at(-1)!;
      await session.close();
      session = null;
      return record;
    };
    // The first CLI session of the thread sends the segment; the user pins it in the thread's X-Ray.
    expect((await sendThrough('r1', full)).segments.map((seg) => seg.id)).toContain(pinned.id);
    putDirective(db, { threadId: 't1' }, { segmentId: pinned.id, kind: 'pin', author: 'user', createdAt: now.toISOString() });
    // The CLI resumed (a new CLI session, a new wire session): its history compacted, turn 0 is gone.
    const resumed = await sendThrough('r2', { ...full, messages: full.messages.slice(4) });
    expect(resumed.segments.map((seg) => seg.id)).not.toContain(pinned.id);
    expect(resumed.enforcement?.evictions).toMatchObject({ droppedPinned: [pinned.id], withheld: [] });
    // Loupe put it back (issue 37), from what the thread's first session sent: the provider received it once.
    const received = provider.requests.at(-1)!.bodyText;
    expect(received.split(restoredHeader(pinned.id)).length - 1).toBe(1);
    expect(received.split(resultMarker(0)).length - 1).toBe(1);
    expect(pairingProblem('anthropic', JSON.parse(received))).toBeNull();
    expect(resumed.enforcement?.pins?.reinserted).toMatchObject([{ id: pinned.id, kind: 'tool' }]);
    // The record lists the CLI's own segments; the previous request's ids (what a later session, or Loupe after a
    // restart, compares with) count the segment it put back.
    expect(resumed.segments.map((seg) => seg.id)).not.toContain(pinned.id);
    expect(latestMainSegmentIds(db, resumed.sessionId)!.has(pinned.id)).toBe(true);
    // A resumed session that still carries it says nothing.
    expect((await sendThrough('r2', full)).enforcement?.evictions?.droppedPinned ?? []).toEqual([]);
  });
});
