// `loupe mcp`: the X-Ray MCP server, driven by the official SDK's own client.
// 1. Over real stdio: the CLI is bundled once (Vite, as `npm run bench` does) and
//    spawned by the SDK's StdioClientTransport; every tool is called. This branch has
//    no X-Ray services yet (issue 10), so each answers with the plain `unsupported`
//    tool error; once they land the same calls return manifests (to be completed then).
// 2. In process, with a stand-in for the xray.* methods (they cannot exist on this
//    branch; the stand-in follows the contract: a protected segment is refused), to
//    check what the tools send and how answers and refusals come back.
import { join } from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { InMemoryTransport } from '@modelcontextprotocol/sdk/inMemory.js';
import { build } from 'vite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Manifest } from '../../../shared/contract/xray';
import { LoupeError } from '../../../shared/errors';
import { runCliForTest } from '../../cli/testing';
import { removeTempDirs, tempDir } from '../testing/fixtures';
import { createXrayMcpServer, XRAY_TOOL_NAMES } from './xray-mcp';

afterAll(removeTempDirs);
const root = join(__dirname, '../../../..');
const outDir = join(root, 'out', 'test-mcp');
const text = (r: unknown) => ((r as { content: { text: string }[] }).content[0]?.text ?? '');

beforeAll(async () => {
  await build({
    configFile: false,
    logLevel: 'warn',
    define: { __LOUPE_VERSION__: JSON.stringify('test') },
    build: {
      ssr: join(root, 'src/main/cli/main.ts'),
      outDir,
      emptyOutDir: true,
      target: 'node20',
      rollupOptions: { output: { entryFileNames: 'cli.cjs', format: 'cjs' } },
    },
  });
}, 120_000);

describe('loupe mcp over stdio (SDK client)', () => {
  it('lists the five tools and answers every one; without X-Ray services each is an `unsupported` tool error', async () => {
    const transport = new StdioClientTransport({
      command: process.execPath,
      args: [join(outDir, 'cli.cjs'), 'mcp', '--thread', 't_test1'],
      env: { LOUPE_USER_DATA: tempDir(), HOME: tempDir(), PATH: process.env.PATH ?? '' },
      stderr: 'pipe',
    });
    const client = new Client({ name: 'loupe-test', version: '1.0.0' });
    await client.connect(transport);
    try {
      expect(client.getServerVersion()).toMatchObject({ name: 'loupe-xray', version: 'test' });
      const { tools } = await client.listTools();
      expect(tools.map((t) => t.name)).toEqual([...XRAY_TOOL_NAMES]);
      expect(tools.find((t) => t.name === 'context_pin')!.inputSchema).toMatchObject({ type: 'object', required: ['segmentId'] });
      const calls: [string, Record<string, unknown>][] = [
        ['context_manifest_get', {}],
        ['context_pin', { segmentId: 'tool-1' }],
        ['context_evict', { segmentId: 'tool-1' }],
        ['context_restore', { segmentId: 'tool-1' }],
        ['context_report', { segments: [{ id: 'a', kind: 'tool', tokens: 10 }] }],
      ];
      for (const [name, args] of calls) {
        const r = await client.callTool({ name, arguments: args });
        expect(r.isError, name).toBe(true);
        expect(text(r), name).toMatch(/^unsupported: This Loupe build has no X-Ray services yet/);
      }
      // Bad arguments never reach Loupe: the SDK's validation answers.
      const bad = await client.callTool({ name: 'context_pin', arguments: {} });
      expect(bad.isError).toBe(true);
      expect(text(bad)).toMatch(/segmentId/);
    } finally {
      await client.close();
    }
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
  const manifest = (status: 'active' | 'pinned' = 'active'): Manifest => ({
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
    const call = async (method: string, request: unknown) => {
      sent.push([method, request]);
      const r = request as { segmentId?: string };
      if (r.segmentId === 'user-bbb') throw new LoupeError('forbidden', 'The current ask is protected: it cannot be pinned, evicted or summarized.');
      if (method === 'xray.report') return { stored: true };
      return manifest(method === 'xray.pin' ? 'pinned' : 'active');
    };
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
    expect(text(refused)).toBe('forbidden: The current ask is protected: it cannot be pinned, evicted or summarized.');
    await client.callTool({ name: 'context_report', arguments: { segments: [{ id: 's', kind: 'file', tokens: 5 }] } });
    expect(sent).toEqual([
      ['xray.manifest', { threadId: 't1' }],
      ['xray.pin', { threadId: 't1', segmentId: 'tool-aaa', author: 'agent' }],
      ['xray.pin', { threadId: 't1', segmentId: 'user-bbb', author: 'agent' }],
      ['xray.report', { threadId: 't1', host: 'agent via loupe mcp', segments: [{ id: 's', kind: 'file', tokens: 5 }] }],
    ]);
    await client.close();
  });
});
