// `loupe mcp`: the X-Ray MCP server, driven by the official SDK's own client.
// 1. Over real stdio: the CLI is bundled once (Vite, as `npm run bench` does) and
//    spawned by the SDK's StdioClientTransport; every tool is called on a real
//    thread (a demo-agent run) through the X-Ray services.
// 2. In process, with a stand-in for the xray.* methods (the stand-in follows the
//    contract: a protected segment is refused), to check exactly what the tools
//    send and how answers and refusals come back.
import { join } from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { InMemoryTransport } from '@modelcontextprotocol/sdk/inMemory.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Manifest, ThreadManifest } from '../../../shared/contract/xray';
import { evictionPrice } from '../../../shared/cost/eviction-price';
import { LoupeError } from '../../../shared/errors';
import { runCliForTest } from '../../cli/testing';
import { makeRepo, makeRuntime, removeTempDirs, tempDir } from '../testing/fixtures';
import { buildCliBundle, cliBundleVersion } from '../testing/cli-bundle';
import { createXrayMcpServer, XRAY_TOOL_NAMES, type XrayCaller } from './xray-mcp';

afterAll(removeTempDirs);
const text = (r: unknown) => ((r as { content: { text: string }[] }).content[0]?.text ?? '');

let cliBundle = '';
beforeAll(async () => {
  cliBundle = await buildCliBundle();
}, 120_000);

/** The SDK's client on `loupe mcp --thread ID`, a real process over stdio. */
async function connectMcp(userData: string, threadId: string): Promise<Client> {
  const transport = new StdioClientTransport({
    command: process.execPath,
    args: [cliBundle, 'mcp', '--thread', threadId],
    env: { LOUPE_USER_DATA: userData, HOME: tempDir(), PATH: process.env.PATH ?? '' },
    stderr: 'pipe',
  });
  const client = new Client({ name: 'loupe-test', version: '1.0.0' });
  await client.connect(transport);
  return client;
}

describe('loupe mcp over stdio (SDK client)', () => {
  it('lists the six tools; reads a real thread, pins, evicts and restores as the agent; an unknown segment is refused with its code', async () => {
    const userData = tempDir();
    const repo = makeRepo({ 'notes.md': 'one line of notes\n'.repeat(50) });
    const ran = await runCliForTest(['run', '--repo', repo, '--ask', 'Read the notes', '--agent', 'demo', '--json', 'notes.md'], { ...process.env, LOUPE_USER_DATA: userData });
    expect(ran.code).toBe(0);
    const threadId = (JSON.parse(ran.stdout) as { threadId: string }).threadId;
    const client = await connectMcp(userData, threadId);
    try {
      expect(client.getServerVersion()).toMatchObject({ name: 'loupe-xray', version: cliBundleVersion() });
      const { tools } = await client.listTools();
      expect(tools.map((t) => t.name)).toEqual([...XRAY_TOOL_NAMES]);
      expect(tools.find((t) => t.name === 'context_pin')!.inputSchema).toMatchObject({ type: 'object', required: ['segmentId'] });
      // Seed 002's rule, where the model reads it (issue 22): pin the task, requirements and decisions before evicting stale results.
      for (const name of ['context_manifest_get', 'context_pin', 'context_evict']) {
        expect(tools.find((t) => t.name === name)!.description).toContain(
          'Before evicting, pin the segments that hold the task, its requirements and the decisions made so far; then evict large tool results that are stale',
        );
      }
      expect(client.getInstructions()).toContain('pin the segments that hold the task, its requirements and the decisions');
      type Compact = { enforceable: boolean; segments: { id: string; kind: string; status: string }[] };
      const call = async (name: string, args: Record<string, unknown>) => JSON.parse(text(await client.callTool({ name, arguments: args }))) as Compact;
      const m = await call('context_manifest_get', {});
      // The demo agent resumes its own session: directives are recorded as intent.
      expect(m.enforceable).toBe(false);
      const read = m.segments.find((s) => s.kind === 'file-read')!;
      expect((await call('context_pin', { segmentId: read.id })).segments.find((s) => s.id === read.id)!.status).toBe('pinned');
      const shown = await runCliForTest(['xray', threadId, '--json'], { LOUPE_USER_DATA: userData });
      expect((JSON.parse(shown.stdout) as Manifest).segments.find((s) => s.id === read.id)).toMatchObject({ status: 'pinned', directiveAuthor: 'agent' });
      expect((await call('context_evict', { segmentId: read.id })).segments.find((s) => s.id === read.id)!.status).toBe('evicted');
      expect((await call('context_restore', { segmentId: read.id })).segments.find((s) => s.id === read.id)!.status).toBe('active');
      const unknown = await client.callTool({ name: 'context_evict', arguments: { segmentId: 'tool-0000' } });
      expect(unknown.isError).toBe(true);
      expect(text(unknown)).toMatch(/^not-found: Thread \S+ has no segment tool-0000/);
      expect(JSON.parse(text(await client.callTool({ name: 'context_report', arguments: { segments: [{ id: 'a', kind: 'tool', tokens: 10 }] } })))).toEqual({ stored: true });
      // Bad arguments never reach Loupe: the SDK's validation answers.
      const bad = await client.callTool({ name: 'context_pin', arguments: {} });
      expect(bad.isError).toBe(true);
      expect(text(bad)).toMatch(/segmentId/);
    } finally {
      await client.close();
    }
  }, 60_000);

  it('the agent cannot pin its own turn in progress: a tool error with code protected-segment (the user still can)', async () => {
    const userData = tempDir();
    const repo = makeRepo({ 'a.txt': 'a\n' });
    const runtime = makeRuntime({ userDataDir: userData });
    // A custom agent that waits: its turn stays in progress while the MCP client (another process) acts on it.
    const started = await runtime.call('runs.start', { repo, ask: 'Work slowly', settings: { agent: 'custom', command: `${process.execPath} -e "process.stdin.resume();setInterval(()=>{},1000)"` } });
    const threadId = started.run.threadId;
    const ask = (await runtime.call('xray.manifest', { threadId })).segments.find((seg) => seg.kind === 'user')!;
    expect(ask.status).toBe('protected');
    const client = await connectMcp(userData, threadId);
    try {
      const refused = await client.callTool({ name: 'context_pin', arguments: { segmentId: ask.id } });
      expect(refused.isError).toBe(true);
      expect(text(refused)).toMatch(/^protected-segment: Segment \S+ is part of the turn in progress \(its ask\): it cannot be pinned by the agent/);
      expect((await client.callTool({ name: 'context_evict', arguments: { segmentId: ask.id } })).isError).toBe(true);
    } finally {
      await client.close();
    }
    expect((await runtime.call('xray.pin', { threadId, segmentId: ask.id })).segments.find((seg) => seg.id === ask.id)!.status).toBe('pinned');
    await runtime.call('runs.cancel', { runId: started.run.id });
    await runtime.close();
  }, 60_000);

  it('refuses to start without a thread id (exit 2, nothing on stdout)', async () => {
    const r = await runCliForTest(['mcp'], { LOUPE_USER_DATA: tempDir() });
    expect(r.code).toBe(2);
    expect(r.stdout).toBe('');
    expect(r.stderr).toContain('--thread ID');
    expect((await runCliForTest(['mcp', '--thread', 'not a thread!'], { LOUPE_USER_DATA: tempDir() })).code).toBe(2);
  });
});

describe('the X-Ray tools (in process, stand-in xray methods)', () => {
  const manifest = (status: 'active' | 'pinned' = 'active'): ThreadManifest => ({
    source: 'thread',
    threadId: 't1',
    sessionFile: null,
    agent: 'claude',
    model: { id: 'anthropic/claude-sonnet-4-5', window: 200_000, reserve: 30_000, source: 'snapshot' },
    freshness: 'current',
    enforceable: true,
    segments: [
      { id: 'tool-aaa', kind: 'tool', source: 'r1', tokens: { tokens: 900, kind: 'estimate' }, bytes: 3600, status, preview: 'x'.repeat(300), label: 'Read' },
      { id: 'user-bbb', kind: 'user', source: 'r2', tokens: { tokens: 3, kind: 'estimate' }, bytes: 12, status: 'protected', preview: 'current ask' },
    ],
    system: [],
    totals: { system: { tokens: 0, kind: 'estimate' }, conversation: { tokens: 903, kind: 'estimate' }, reclaimable: { tokens: 0, kind: 'estimate' } },
    reported: null,
    builtAt: '2026-11-30T10:00:00.000Z',
  });

  async function connect() {
    const sent: [string, unknown][] = [];
    const call = (async (method: string, request: unknown) => {
      sent.push([method, request]);
      const r = request as { segmentId?: string };
      if (r.segmentId === 'user-bbb') throw new LoupeError('protected-segment', 'The current ask is protected: it cannot be pinned, evicted or summarized.');
      if (method === 'xray.report') return { stored: true };
      return manifest(method === 'xray.pin' ? 'pinned' : 'active');
    }) as XrayCaller;
    const server = createXrayMcpServer(call, 't1', 'test');
    const [a, b] = InMemoryTransport.createLinkedPair();
    const client = new Client({ name: 'loupe-test', version: '1.0.0' });
    await Promise.all([server.connect(a), client.connect(b)]);
    return { client, sent };
  }

  it('reads the manifest compactly, pins as the agent, and turns a refusal into a tool error with its code', async () => {
    const { client, sent } = await connect();
    const got = JSON.parse(text(await client.callTool({ name: 'context_manifest_get', arguments: {} }))) as { segments: { id: string; preview: string }[]; enforceable: boolean };
    expect(got.enforceable).toBe(true);
    expect(got.segments.map((s) => s.id)).toEqual(['tool-aaa', 'user-bbb']);
    expect(got.segments[0]!.preview.length).toBeLessThanOrEqual(120);
    const pinned = JSON.parse(text(await client.callTool({ name: 'context_pin', arguments: { segmentId: 'tool-aaa' } }))) as { segments: { status: string }[] };
    expect(pinned.segments[0]!.status).toBe('pinned');
    const refused = await client.callTool({ name: 'context_pin', arguments: { segmentId: 'user-bbb' } });
    expect(refused.isError).toBe(true);
    expect(text(refused)).toBe('protected-segment: The current ask is protected: it cannot be pinned, evicted or summarized.');
    await client.callTool({ name: 'context_report', arguments: { segments: [{ id: 's', kind: 'file', tokens: 5 }] } });
    expect(sent).toEqual([
      ['xray.manifest', { threadId: 't1' }],
      ['xray.pin', { threadId: 't1', segmentId: 'tool-aaa', author: 'agent' }],
      ['xray.pin', { threadId: 't1', segmentId: 'user-bbb', author: 'agent' }],
      ['xray.report', { threadId: 't1', host: 'agent via loupe mcp', segments: [{ id: 's', kind: 'file', tokens: 5 }] }],
    ]);
    await client.close();
  });

  it('gives the agent each wire segment\'s eviction price and state, and passes now to apply an eviction on the next request', async () => {
    const { client, sent } = await connect();
    const price = evictionPrice({ before: 500, removed: 10_000, replacement: 0, afterKept: 139_500 }, { cached: 150_000, prompt: 150_000 }, { input: 3, output: 15, cacheWrite: 3.75, cacheRead: 0.3 });
    // The stand-in answers the manifest with a priced, pending segment (what the wire source gives).
    const priced = manifest();
    priced.segments[0] = { ...priced.segments[0]!, eviction: { price, state: 'pending', timing: 'cheap', note: 'pending: still sent' } };
    const server = createXrayMcpServer((async () => priced) as XrayCaller, 't1', 'test');
    const [a, b] = InMemoryTransport.createLinkedPair();
    const agent = new Client({ name: 'loupe-test', version: '1.0.0' });
    await Promise.all([server.connect(a), agent.connect(b)]);
    const got = JSON.parse(text(await agent.callTool({ name: 'context_manifest_get', arguments: {} }))) as { segments: { eviction?: Record<string, unknown> }[] };
    expect(got.segments[0]!.eviction).toMatchObject({
      state: 'pending',
      savedTokensPerRequest: 10_000,
      rewriteTokens: 139_500,
      breakEven: { kind: 'requests', requests: 161 },
      basis: 'list price',
      summary: 'saves 10,000 tokens a request ($0.0030 list price); re-writes 139,500 cached tokens once ($0.52 list price); pays back after 161 requests',
    });
    expect(got.segments[1]!.eviction).toBeUndefined();
    await agent.close();

    await client.callTool({ name: 'context_evict', arguments: { segmentId: 'tool-aaa', now: true } });
    await client.callTool({ name: 'context_evict', arguments: { segmentId: 'tool-aaa' } });
    expect(sent).toEqual([
      ['xray.evict', { threadId: 't1', segmentId: 'tool-aaa', author: 'agent', now: true }],
      ['xray.evict', { threadId: 't1', segmentId: 'tool-aaa', author: 'agent' }],
    ]);
    await client.close();
  });
});
