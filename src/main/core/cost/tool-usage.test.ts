// toolUsage (issue 37) over records as the wire store returns them: across sessions and CLIs,
// requests the relay answered left out, Gemini's MCP names in records made before Loupe knew
// them, the system blocks before the tools for OpenAI, and requests nobody priced.
import { describe, expect, it } from 'vitest';
import type { WireRequestRecord, WireSessionSummary, WireToolDef } from '../../../shared/contract/wire';
import { toolUsage } from './tool-usage';

const price = { input: 2, output: 10, cacheRead: 0.2, cacheWrite: 2.5 };
const count = (tokens: number) => ({ tokens, kind: 'estimate' as const });
const def = (name: string, tokens: number, origin = 'built-in'): WireToolDef => ({ name, origin, bytes: tokens * 4, sha256: name, tokens: count(tokens) });
const session = (id: string, agent: string): WireSessionSummary => ({ id, kind: 'wrap', agent, repo: null, runId: null, createdAt: '2026-12-01T00:00:00Z', notes: [], requests: 0, modelRequests: 0, largestBytes: 0, reportedInput: 0, cacheRead: 0, lastAt: null });
function rec(over: Partial<WireRequestRecord> & Pick<WireRequestRecord, 'seq' | 'tools'>): WireRequestRecord {
  return {
    sessionId: 's', runId: null, stepId: null, at: '2026-12-01T00:00:00Z', provider: 'gemini', method: 'POST', endpoint: '/x', api: 'gemini-generate', model: 'm', stream: false, status: 200,
    answeredBy: 'upstream', reason: null, durationMs: 1, requestBytes: 1, responseBytes: 1, split: null, count: null, countBasis: null,
    usage: { input: 10_000, cacheRead: 0, cacheWrite: 0, output: 0 }, system: [], segments: [], images: 0, diff: null, ...over,
  };
}
const call = (id: string, name: string) => ({ id, kind: 'tool' as const, bytes: 1, tokens: count(1), preview: '', toolName: name });

describe('toolUsage', () => {
  it('sums across sessions and CLIs; leaves out what the relay answered; gives each CLI’s remove command', () => {
    const gemini = [
      // An old record: Gemini's mcp_notes_search recorded as built-in; the origin comes from its name.
      rec({ seq: 1, tools: [def('read_file', 100), def('mcp_notes_search', 50)] }),
      rec({ seq: 2, tools: [def('read_file', 100), def('mcp_notes_search', 50)], segments: [call('c1', 'read_file')] }),
      // Blocked by the relay: nothing sent; its call (the same c1) is not counted twice.
      rec({ seq: 3, answeredBy: 'relay', usage: null, tools: [def('read_file', 100), def('mcp_notes_search', 50)], segments: [call('c1', 'read_file')] }),
    ];
    const claude = [rec({ seq: 1, provider: 'anthropic', api: 'anthropic-messages', tools: [def('mcp__notes__search', 70, 'mcp:notes')], segments: [call('c9', 'read_file')] })];
    const r = toolUsage([{ session: session('a', 'gemini'), records: gemini }, { session: session('b', 'claude'), records: claude }], () => price, { sessionId: null, repo: null, since: null });
    expect(r).toMatchObject({ sessions: 2, requests: 3, priced: 3 });
    expect(r.tools.find((t) => t.name === 'read_file')).toMatchObject({ server: null, requests: 2, tokensSent: 200, calls: 2 });
    expect(r.tools.find((t) => t.name === 'mcp_notes_search')).toMatchObject({ server: 'notes', requests: 2, tokensSent: 100, calls: 0 });
    const notes = r.servers.find((s) => s.server === 'notes')!;
    expect(notes).toMatchObject({ tools: 2, requests: 3, calls: 0, unused: true });
    expect(notes.remove.map((c) => c.command)).toEqual(['claude mcp remove notes', 'gemini mcp remove notes']);
    expect(r.notes.join(' ')).toContain('1 request answered by Loupe’s relay (blocked) sent no tool definition');
  });

  it('prices definitions after the system blocks for OpenAI and Gemini, first for Anthropic; counts an unpriced request apart', () => {
    const system = [{ title: 's', provenance: 'cli' as const, bytes: 1, sha256: 's', preview: '', tokens: count(1000) }];
    // 1,000 cache read then fresh: the 500-token definition after 1,000 system tokens is all fresh input.
    const usage = { input: 3000, cacheRead: 1000, cacheWrite: 0, output: 0 };
    const openai = toolUsage([{ session: session('a', 'codex'), records: [rec({ seq: 1, provider: 'openai', api: 'openai-responses', system, usage, tools: [def('shell', 500)] })] }], () => price, { sessionId: 'a', repo: null, since: null });
    expect(openai.tools[0]!.usd).toBeCloseTo((500 * 2) / 1e6, 12);
    const anthropic = toolUsage([{ session: session('b', 'claude'), records: [rec({ seq: 1, provider: 'anthropic', api: 'anthropic-messages', system, usage, tools: [def('Bash', 500)] })] }], () => price, { sessionId: 'b', repo: null, since: null });
    expect(anthropic.tools[0]!.usd).toBeCloseTo((500 * 0.2) / 1e6, 12);
    const unpriced = toolUsage([{ session: session('c', 'claude'), records: [rec({ seq: 1, tools: [def('Bash', 500)] })] }], () => null, { sessionId: 'c', repo: null, since: null });
    expect(unpriced.tools[0]).toMatchObject({ requests: 1, tokensSent: 500, usd: null, share: null });
    expect(unpriced.notes.join(' ')).toContain('no reported usage or no catalog price');
  });
});
