// A new thread's context (Settings → Context, `loupe xray --preview`, the MCP tool
// context_preview_get) carries the ticked memory every run from the app sends, and only
// the ticked items; the same whether the preview is of the settings alone or of the
// Inspector's base and selection.
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { InMemoryTransport } from '@modelcontextprotocol/sdk/inMemory.js';
import { afterAll, describe, expect, it } from 'vitest';
import type { Manifest } from '../../../shared/contract/xray';
import { runCliForTest } from '../../cli/testing';
import { createXrayMcpServer, type XrayCaller } from '../mcp/xray-mcp';
import { makeRepo, makeRuntime, removeTempDirs, tempDir } from '../testing/fixtures';

afterAll(removeTempDirs);

const memoryOf = (m: Pick<Manifest, 'system'>) => m.system.find((s) => s.provenance === 'memory' && s.title === 'Selected memory');

describe('the preview of a new thread’s context', () => {
  it('holds the ticked memory (not the unticked), in the app’s call, the CLI (--preview) and the MCP tool', async () => {
    const userData = tempDir();
    const repo = makeRepo({ 'a.txt': 'a\n', 'CLAUDE.md': '# Rules\nUse pnpm.\n' });
    const runtime = makeRuntime({ userDataDir: userData });
    const settings = { agent: 'claude' as const };
    const without = await runtime.call('xray.preview', { repo });
    expect(memoryOf(without)).toBeUndefined();
    await runtime.call('memory.add', { text: 'We deploy with Terraform; never touch infra/ by hand.' });
    await runtime.call('memory.add', { text: 'UNTICKED-NOTE', selected: false });

    const shown = await runtime.call('xray.preview', { repo });
    const memory = memoryOf(shown)!;
    expect(memory).toBeDefined();
    expect(memory.preview).toContain('We deploy with Terraform');
    expect(memory.preview).not.toContain('UNTICKED-NOTE');
    expect(memory.tokens!.tokens).toBeGreaterThan(10);
    // The system total grew by the memory section.
    expect(shown.totals.system.tokens).toBeGreaterThan(without.totals.system.tokens);
    // With the Inspector's base and selection (the run bar's own measure): the same memory.
    const inspected = await runtime.call('xray.preview', { repo, baseRef: 'HEAD', paths: ['a.txt'], settings: { ...(await runtime.call('settings.effective', {})).settings, ...settings } });
    expect(memoryOf(inspected)?.preview).toContain('We deploy with Terraform');

    // Over MCP: the agent's tool answers the same preview.
    const server = createXrayMcpServer(((method: string, request: unknown) => runtime.call(method as never, request as never)) as XrayCaller, 't-none', 'test');
    const [a, b] = InMemoryTransport.createLinkedPair();
    const client = new Client({ name: 'loupe-test', version: '1.0.0' });
    await Promise.all([server.connect(a), client.connect(b)]);
    const got = JSON.parse(((await client.callTool({ name: 'context_preview_get', arguments: { repo } })) as { content: { text: string }[] }).content[0]!.text) as { system: { title: string; tokens: number }[] };
    expect(got.system.find((s) => s.title === 'Selected memory')!.tokens).toBe(memory.tokens!.tokens);
    await client.close();
    await runtime.close();

    // The CLI: the same manifest as JSON, and as text.
    const json = await runCliForTest(['xray', '--preview', '--repo', repo, '--json'], { LOUPE_USER_DATA: userData });
    expect(json.code).toBe(0);
    expect(memoryOf(JSON.parse(json.stdout) as Manifest)?.preview).toContain('We deploy with Terraform');
    const textOut = await runCliForTest(['xray', '--preview', '--repo', repo], { LOUPE_USER_DATA: userData });
    expect(textOut.code).toBe(0);
    expect(textOut.stdout).toMatch(/^New thread \(preview\)/);
    expect(textOut.stdout).toContain('Selected memory');
    expect((await runCliForTest(['xray', '--preview', 'THREAD'], { LOUPE_USER_DATA: userData })).code).toBe(2);
  }, 60_000);
});
