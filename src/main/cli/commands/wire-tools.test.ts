// `loupe wire tools` (issue 37): a wrapped CLI's session with built-in and MCP tools, recorded by
// the relay against a scripted Anthropic provider that reports cache writes and reads; each tool's
// definition tokens, requests, calls and list price as the records and the catalog give them.
import { join } from 'node:path';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import type { WireSessionDetail } from '../../../shared/contract/wire-methods';
import type { WireToolsReport } from '../../../shared/contract/wire-tools';
import { bundledPrice } from '../../core/catalog/price';
import { fakeToolsClaudeDir, TOOL_LISTED, TOOLS_MODEL, TOOLS_OFFERED, toolsUsage } from '../../core/testing/fake-tools-claude';
import { makeRepo, removeTempDirs, tempDir } from '../../core/testing/fixtures';
import { startProvider, type ScriptedProvider } from '../../core/testing/providers';
import { runCliForTest } from '../testing';

let provider: ScriptedProvider | null = null;
afterEach(async () => {
  await provider?.close();
  provider = null;
});
afterAll(() => removeTempDirs());

describe('loupe wire tools', () => {
  it('gives each tool its definition tokens, requests, calls and list price, and the command that removes an unused MCP server', async () => {
    // The first request writes the prompt to the cache, the next two read it (the tool definitions are its first tokens).
    const usage = toolsUsage();
    provider = await startProvider('anthropic', { script: { turns: [{ reply: (r) => ({ text: 'ok', usage: usage(r.bodyText) }) }] } });
    const repo = makeRepo({ 'a.ts': 'export const a = 1;\n' });
    const env = { PATH: process.env.PATH, HOME: tempDir(), LOUPE_USER_DATA: tempDir('loupe-data-'), LOUPE_AGENT_PATH: fakeToolsClaudeDir(), ANTHROPIC_BASE_URL: provider.url, ANTHROPIC_API_KEY: 'sk-ant-tools-not-a-key' };
    const wrapped = await runCliForTest(['wrap', '--repo', repo, '--', 'claude'], env);
    expect(wrapped.code, wrapped.stderr).toBe(0);
    expect(provider.turns()).toHaveLength(3);
    const sessionId = /wire session ([0-9a-f-]{36})/.exec(wrapped.stderr)![1]!;

    const detail = JSON.parse((await runCliForTest(['wire', 'show', sessionId, '--json'], env)).stdout) as WireSessionDetail;
    const defs = new Map(detail.request!.tools.map((t) => [t.name, t.tokens.tokens]));
    expect([...defs.keys()]).toEqual(TOOLS_OFFERED.map((t) => t.name));
    // Each request's scale: the provider's reported input over Loupe's count of the whole request (the definitions' tokens in
    // the provider's units). The definitions come first and lie inside the cached part: written once, then read twice.
    const p = bundledPrice(TOOLS_MODEL)!;
    const reqs = detail.requests.map((r) => ({ prompt: r.usage!.input!, count: r.count!.tokens, write: r.usage!.cacheWrite ?? 0, read: r.usage!.cacheRead ?? 0 }));
    expect(reqs.map((r) => [r.write > 0, r.read > 0])).toEqual([[true, false], [false, true], [false, true]]);
    const allTools = [...defs.values()].reduce((a, b) => a + b, 0);
    for (const r of reqs) expect((allTools * r.prompt) / r.count).toBeLessThan(r.write + r.read);
    const expectedUsd = (tokens: number) => reqs.reduce((usd, r) => usd + (tokens * (r.prompt / r.count) * (r.write ? p.cacheWrite! : p.cacheRead!)) / 1e6, 0);

    const out = await runCliForTest(['wire', 'tools', sessionId, '--json'], env);
    expect(out.code, out.stderr).toBe(0);
    const report = JSON.parse(out.stdout) as WireToolsReport;
    expect(report).toMatchObject({ sessions: 1, requests: 3, priced: 3 });
    expect(report.totalUsd).toBeCloseTo(detail.costs!.total.usd, 10);
    const byName = new Map(report.tools.map((t) => [t.name, t]));
    for (const { name, server, calls } of TOOLS_OFFERED) {
      const tokens = defs.get(name)!;
      const t = byName.get(name)!;
      expect(t, name).toMatchObject({ server, definitionTokens: tokens, requests: 3, tokensSent: 3 * tokens, calls });
      expect(t.usd!, name).toBeCloseTo(expectedUsd(tokens), 12);
      expect(t.share!, name).toBeCloseTo(expectedUsd(tokens) / detail.costs!.total.usd, 10);
    }
    // Listed by name only: counted apart, no definition tokens, no price.
    expect(byName.get(TOOL_LISTED)).toMatchObject({ server: 'notes', requests: 0, listed: 3, tokensSent: 0, calls: 0, usd: null });
    const idle = report.servers.find((s) => s.server === 'idle')!;
    expect(idle).toMatchObject({ tools: 1, requests: 3, calls: 0, unused: true, remove: [{ agent: 'claude', command: 'claude mcp remove idle' }] });
    expect(report.servers.find((s) => s.server === 'notes')).toMatchObject({ tools: 2, listed: 3, calls: 1, unused: false, remove: [] });
    expect(report.servers.find((s) => s.server === null)).toMatchObject({ tools: 2, calls: 1, unused: false });

    // The table says the same, with the command to remove the unused server.
    const text = (await runCliForTest(['wire', 'tools', sessionId], env)).stdout;
    expect(text).toMatch(/^mcp__idle__ping\s+idle\s+[\d,]+~?\s+3\s+0\s+[\d,]+\s+0\s+\$/m);
    expect(text).toContain('claude mcp remove idle');

    // Across sessions: by repository and since a day.
    const all = JSON.parse((await runCliForTest(['wire', 'tools', '--repo', repo, '--since', '2000-01-01', '--json'], env)).stdout) as WireToolsReport;
    expect(all).toMatchObject({ sessions: 1, requests: 3, scope: { repo, since: '2000-01-01', sessionId: null } });
    const later = JSON.parse((await runCliForTest(['wire', 'tools', '--since', '2999-01-01', '--json'], env)).stdout) as WireToolsReport;
    expect(later).toMatchObject({ sessions: 0, requests: 0, tools: [] });
    expect((await runCliForTest(['wire', 'tools', '--repo', makeRepo({ 'b.ts': '' }), '--json'], env)).stdout).toContain('"sessions": 0');
  });

  it('refuses a bad day, a missing folder and an unknown session, each with a clear error', async () => {
    const env = { LOUPE_USER_DATA: tempDir() };
    const bad = await runCliForTest(['wire', 'tools', '--since', '2026-02-30'], env);
    expect(bad.code).toBe(2);
    expect(bad.stderr).toContain('--since takes a day as YYYY-MM-DD, a real date (got "2026-02-30")');
    expect((await runCliForTest(['wire', 'tools', '--since', 'yesterday'], env)).stderr).toContain('(got "yesterday")');
    const missing = await runCliForTest(['wire', 'tools', '--repo', join(tempDir(), 'nope')], env);
    expect(missing.code).toBe(2);
    expect(missing.stderr).toContain('is not a folder');
    const unknown = await runCliForTest(['wire', 'tools', '00000000-0000-0000-0000-000000000000'], env);
    expect(unknown.code).not.toBe(0);
    expect(unknown.stderr).toContain('There is no wire session');
  });
});
