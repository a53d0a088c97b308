// Tool definitions against their use with the real claude (issue 37): Claude Code 2.1.332 under
// `loupe wrap`, with two stdio MCP servers in its HOME's user configuration (a tiny server script
// here: `notes` with two tools, `idle` with one), against the scripted Anthropic provider that
// reports a cache write and then cache reads. Claude defers MCP tools: its ToolSearch reminder lists
// them by name; the scripted model loads mcp__notes__search with ToolSearch (its definition then
// sent with defer_loading) and calls it once. `loupe wire tools --json` gives each tool the
// requests that carried its definition, the requests that only listed it, and the calls, as counted
// in the bodies the provider received; each definition's list price from the recorded usage;
// `idle` unused, with `claude mcp remove idle`. The same with the real gemini (0.61 names MCP tools
// `mcp_<server>_<tool>` and sends them all): its requests' definitions and calls as received, and
// `gemini mcp remove idle`. And the real codex (0.171 offers a server's tools as a namespace
// `mcp__<server>`): its definitions by their qualified names, `codex mcp remove notes` when unused. Skipped, in one line, where npm run agents:install has not run.
import { appendFileSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { WireSessionDetail } from '../../../shared/contract/wire-methods';
import type { WireToolsReport } from '../../../shared/contract/wire-tools';
import { bundledPrice } from '../../core/catalog/price';
import { makeRepo, removeTempDirs } from '../../core/testing/fixtures';
import { mcpServerScript } from '../../core/testing/mcp-stdio-server';
import { startProvider, type RecordedRequest } from '../../core/testing/providers';
import { runCliForTest } from '../testing';
import { TIER_AGENTS, tierHome, tierSkipReason } from './tier';

const skip = tierSkipReason();
afterAll(() => removeTempDirs());



const toolsOf = (r: RecordedRequest) => ((r.json as { tools?: { name?: string }[] } | undefined)?.tools ?? []).map((t) => t.name ?? '');
/** Distinct tool_use ids per tool name in the bodies received. */
function callsIn(requests: RecordedRequest[]): Map<string, Set<string>> {
  const calls = new Map<string, Set<string>>();
  for (const r of requests)
    for (const m of (r.json as { messages?: { content?: unknown }[] } | undefined)?.messages ?? [])
      for (const b of Array.isArray(m.content) ? (m.content as { type?: string; id?: string; name?: string }[]) : [])
        if (b.type === 'tool_use' && b.name && b.id) (calls.get(b.name) ?? calls.set(b.name, new Set()).get(b.name)!).add(b.id);
  return calls;
}

describe.skipIf(skip !== null)('loupe wire tools with the real claude and two MCP servers', () => {
  it('counts what the provider received: definitions per request, names listed by ToolSearch apart, each call once, priced from the recorded usage; the unused server with its remove command', async () => {
    const agent = TIER_AGENTS.claude;
    // Three requests: ToolSearch loads mcp__notes__search (the prompt written to the cache), the loaded tool is called (read), the answer (read).
    const provider = await startProvider(agent.api, {
      script: {
        turns: [
          { when: (r) => r.toolResults.some((t) => t.includes('NOTES-FOUND')), reply: { text: 'The notes say NOTES-FOUND.', usage: { input: 40, cacheRead: 60_000, cacheWrite: 100, output: 12 } } },
          { when: (r) => toolsOf(r).includes('mcp__notes__search'), reply: { toolCalls: [{ name: 'mcp__notes__search', input: { q: 'cache' } }], usage: { input: 30, cacheRead: 60_000, output: 20 } } },
          { when: (r) => toolsOf(r).includes('ToolSearch'), times: 1, reply: { toolCalls: [{ name: 'ToolSearch', input: { query: 'select:mcp__notes__search', max_results: 5 } }], usage: { input: 30, cacheWrite: 60_000, output: 20 } } },
        ],
      },
    });
    try {
      const home = tierHome(agent, provider.url);
      const script = mcpServerScript();
      // User-scope servers in the HOME's ~/.claude.json: loaded without a prompt.
      const server = (name: string) => ({ type: 'stdio', command: process.execPath, args: [script, name] });
      writeFileSync(join(home.home, '.claude.json'), JSON.stringify({ hasCompletedOnboarding: true, mcpServers: { notes: server('notes'), idle: server('idle') } }));
      const repo = makeRepo({ 'README.md': '# tools\n' });
      const wrapped = await runCliForTest(['wrap', '--repo', repo, '--', 'claude', '-p', 'Search the notes for cache.', '--allowedTools', 'mcp__notes__search', '--model', 'claude-sonnet-4-5'], home.env);
      expect(wrapped.code, wrapped.stderr).toBe(0);
      const sessionId = /wire session ([0-9a-f-]{36})/.exec(wrapped.stderr)![1]!;
      const received = provider.requests.filter((r) => r.method === 'POST' && /^\/v1\/messages(\?|$)/.test(r.path));
      // The MCP server answered the call, and the answer reached the provider.
      expect(received.some((r) => r.toolResults.some((t) => t.includes('NOTES-FOUND')))).toBe(true);

      const report = JSON.parse((await runCliForTest(['wire', 'tools', sessionId, '--json'], home.env)).stdout) as WireToolsReport;
      const detail = JSON.parse((await runCliForTest(['wire', 'show', sessionId, '--json'], home.env)).stdout) as WireSessionDetail;
      expect(report.requests).toBe(received.length);
      // Each definition in as many requests as the provider received it; the MCP tools listed by name (ToolSearch's reminder) counted apart.
      const carried = new Map<string, number>();
      for (const r of received) for (const name of toolsOf(r)) carried.set(name, (carried.get(name) ?? 0) + 1);
      const byName = new Map(report.tools.map((t) => [t.name, t]));
      for (const [name, n] of carried) expect(byName.get(name)?.requests, name).toBe(n);
      expect(carried.get('mcp__notes__search')).toBe(received.length - 1);
      expect(byName.get('mcp__notes__search')).toMatchObject({ server: 'notes', requests: received.length - 1, listed: 1, deferred: true, calls: 1 });
      expect(byName.get('mcp__notes__tag')).toMatchObject({ server: 'notes', requests: 0, listed: received.length, tokensSent: 0, calls: 0, usd: null });
      expect(byName.get('mcp__idle__ping')).toMatchObject({ server: 'idle', requests: 0, listed: received.length, tokensSent: 0, calls: 0, usd: null });
      // Calls: each tool_use id once, however many later requests repeat it.
      const calls = callsIn(received);
      for (const t of report.tools) expect(t.calls, t.name).toBe(calls.get(t.name)?.size ?? 0);
      expect(calls.get('ToolSearch')?.size).toBe(1);
      expect(report.servers.find((s) => s.server === 'notes')).toMatchObject({ tools: 2, calls: 1, unused: false, remove: [] });
      expect(report.servers.find((s) => s.server === 'idle')).toMatchObject({ tools: 1, requests: 0, listed: received.length, calls: 0, unused: true, remove: [{ agent: 'claude', command: 'claude mcp remove idle' }] });

      // Prices from the recorded usage, each definition's tokens scaled to the provider's units (its reported input over
      // Loupe's count of the request): a definition at the top (ToolSearch's) lies inside the 60,000 tokens written by the
      // first request and read by the next two; the deferred mcp__notes__search is priced at each request's average input price.
      const p = bundledPrice('claude-sonnet-4-5')!;
      const reqs = detail.requests.filter((r) => r.api && r.usage).map((r) => ({ prompt: r.usage!.input!, count: r.count!.tokens, read: r.usage!.cacheRead ?? 0, write: r.usage!.cacheWrite ?? 0 }));
      expect(reqs).toHaveLength(3);
      const last = (await runCliForTest(['wire', 'show', sessionId, '--json'], home.env)).stdout;
      const tools = (JSON.parse(last) as WireSessionDetail).request!.tools;
      const top = tools.filter((t) => !t.deferred).reduce((n, t) => n + t.tokens.tokens, 0);
      for (const r of reqs) expect((top * r.prompt) / r.count).toBeLessThan(60_000);
      const search = tools.find((t) => t.name === 'ToolSearch')!;
      const rate = (r: (typeof reqs)[number]) => (r.read ? p.cacheRead! : p.cacheWrite!);
      expect(byName.get('ToolSearch')!.usd!).toBeCloseTo(reqs.reduce((usd, r) => usd + (search.tokens.tokens * (r.prompt / r.count) * rate(r)) / 1e6, 0), 12);
      const def = tools.find((t) => t.name === 'mcp__notes__search')!;
      expect(def.deferred).toBe(true);
      const inputUsd = (r: (typeof reqs)[number]) => ((r.prompt - r.read - r.write) * p.input + r.read * p.cacheRead! + r.write * p.cacheWrite!) / 1e6;
      // Per request: its tokens in the provider's units × the request's input cost per token (the two factors of prompt cancel).
      expect(byName.get('mcp__notes__search')!.usd!).toBeCloseTo(def.tokens.tokens * (inputUsd(reqs[1]!) / reqs[1]!.count + inputUsd(reqs[2]!) / reqs[2]!.count), 12);
      expect(report.totalUsd).toBeCloseTo(detail.costs!.total.usd, 10);
    } finally {
      await provider.close();
    }
  }, 240_000);

  it('gemini: mcp_<server>_<tool> definitions and calls as the provider received them; the unused server with gemini’s remove command', async () => {
    const agent = TIER_AGENTS.gemini;
    const provider = await startProvider(agent.api, {
      script: {
        turns: [
          { when: (r) => r.toolResults.some((t) => t.includes('NOTES-FOUND')), reply: { text: 'The notes say NOTES-FOUND.' } },
          { reply: { toolCalls: [{ name: 'mcp_notes_search', input: { q: 'cache' } }] } },
        ],
      },
    });
    try {
      const home = tierHome(agent, provider.url);
      const script = mcpServerScript();
      const settings = join(home.home, '.gemini', 'settings.json');
      const server = (name: string) => ({ command: process.execPath, args: [script, name], trust: true });
      writeFileSync(settings, JSON.stringify({ ...JSON.parse(readFileSync(settings, 'utf8')), mcpServers: { notes: server('notes'), idle: server('idle') } }));
      const repo = makeRepo({ 'README.md': '# tools\n' });
      const ran = await runCliForTest(['run', '--repo', repo, '--agent', 'gemini', '--ask', 'Search the notes for cache.'], home.env);
      expect(ran.code, ran.stderr + ran.stdout).toBe(0);
      const turns = provider.requests.filter((r) => r.purpose === 'turn');
      expect(turns.some((r) => r.toolResults.some((t) => t.includes('NOTES-FOUND')))).toBe(true);
      const sessionId = (JSON.parse((await runCliForTest(['wire', 'list', '--json'], home.env)).stdout) as { id: string }[])[0]!.id;
      const report = JSON.parse((await runCliForTest(['wire', 'tools', sessionId, '--json'], home.env)).stdout) as WireToolsReport;
      type GeminiBody = { tools?: { functionDeclarations?: { name: string }[] }[]; contents?: { parts?: { functionCall?: { name: string } }[] }[] };
      const declared = (r: RecordedRequest) => ((r.json as GeminiBody | undefined)?.tools ?? []).flatMap((t) => (t.functionDeclarations ?? []).map((d) => d.name));
      const carried = new Map<string, number>();
      for (const r of provider.requests) for (const name of declared(r)) carried.set(name, (carried.get(name) ?? 0) + 1);
      expect(carried.get('mcp_notes_search')).toBeGreaterThan(0);
      expect(carried.get('mcp_idle_ping')).toBeGreaterThan(0);
      const byName = new Map(report.tools.map((t) => [t.name, t]));
      for (const [name, n] of carried) expect(byName.get(name)?.requests, name).toBe(n);
      // The call, once: the last turn's history holds it.
      const last = turns.at(-1)!.json as GeminiBody;
      const called = (last.contents ?? []).flatMap((c) => (c.parts ?? []).flatMap((p) => (p.functionCall ? [p.functionCall.name] : [])));
      expect(called).toEqual(['mcp_notes_search']);
      expect(byName.get('mcp_notes_search')).toMatchObject({ server: 'notes', calls: 1 });
      expect(byName.get('mcp_notes_tag')).toMatchObject({ server: 'notes', calls: 0 });
      expect(byName.get('mcp_idle_ping')).toMatchObject({ server: 'idle', calls: 0 });
      expect(report.servers.find((s) => s.server === 'notes')).toMatchObject({ tools: 2, calls: 1, unused: false });
      expect(report.servers.find((s) => s.server === 'idle')).toMatchObject({ unused: true, remove: [{ agent: 'gemini', command: 'gemini mcp remove idle' }] });
    } finally {
      await provider.close();
    }
  }, 240_000);

  it('codex: an MCP server’s namespace recorded as mcp__<server>__<tool>, as many requests as the provider received it; codex’s remove command', async () => {
    const agent = TIER_AGENTS.codex;
    const provider = await startProvider(agent.api, { script: { turns: [{ reply: { text: 'Nothing to search.' } }] } });
    try {
      const home = tierHome(agent, provider.url);
      const script = mcpServerScript();
      // required: codex 0.171 waits for the server before its first request (else it may start without its tools).
      appendFileSync(join(home.env.CODEX_HOME!, 'config.toml'), `\n[mcp_servers.notes]\ncommand = ${JSON.stringify(process.execPath)}\nargs = [${JSON.stringify(script)}, "notes"]\nrequired = true\n`);
      const repo = makeRepo({ 'README.md': '# tools\n' });
      const ran = await runCliForTest(['run', '--repo', repo, '--agent', 'codex', '--ask', 'Say hello.'], home.env);
      expect(ran.code, ran.stderr + ran.stdout).toBe(0);
      type CodexBody = { tools?: { type?: string; name?: string; tools?: { name: string }[] }[] };
      const received = provider.requests.filter((r) => ((r.json as CodexBody | undefined)?.tools ?? []).some((t) => t.type === 'namespace' && t.name === 'mcp__notes'));
      expect(received.length).toBeGreaterThan(0);
      const sessionId = (JSON.parse((await runCliForTest(['wire', 'list', '--json'], home.env)).stdout) as { id: string }[])[0]!.id;
      const report = JSON.parse((await runCliForTest(['wire', 'tools', sessionId, '--json'], home.env)).stdout) as WireToolsReport;
      const byName = new Map(report.tools.map((t) => [t.name, t]));
      expect(byName.get('mcp__notes__search')).toMatchObject({ server: 'notes', requests: received.length, calls: 0 });
      expect(byName.get('mcp__notes__tag')).toMatchObject({ server: 'notes', requests: received.length, calls: 0 });
      expect(byName.has('search')).toBe(false);
      expect(report.servers.find((s) => s.server === 'notes')).toMatchObject({ tools: 2, unused: true, remove: [{ agent: 'codex', command: 'codex mcp remove notes' }] });
    } finally {
      await provider.close();
    }
  }, 240_000);
});
