// The parsers on the real transcripts in fixtures/sessions (public ones with their
// licences, and ones the real CLIs wrote here; see fixtures/sessions/README.md).
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { ImportedSession } from '../../../shared/contract/sessions';
import { parseSessionFile } from './parse';

const FX = join(__dirname, '../../../../fixtures/sessions');
const parse = async (rel: string) => (await parseSessionFile(join(FX, rel))).session;
const count = (s: ImportedSession, pred: (e: ImportedSession['entries'][number]) => boolean) => s.entries.filter(pred).length;

describe('Claude Code transcripts (real)', () => {
  it("2.1.332's own records (written by the real CLI in the agents tier): system sections and bookkeeping, never conversation (issue 34, item 1)", async () => {
    const s = await parse('claude/loupe-agents-tier/0d9dd47c-369f-49f0-9b55-10292da779d2.jsonl');
    expect(s.cliVersion).toBe('2.1.332');
    expect(s.lines).toMatchObject({ read: 30, malformed: 0, unknown: 0 });
    // Conversation: Loupe's prompt, the Read call with its result, the reply; no record of the CLI's as a turn.
    expect(s.entries.map((e) => e.kind)).toEqual(['user', 'tool', 'assistant']);
    const titles = s.system.map((p) => p.title);
    // The system prompt and tools once, from the request shape (the two prompt snapshots do not add copies).
    expect(titles.filter((t) => t === 'Claude Code system prompt')).toHaveLength(1);
    expect(titles).toContain('Claude Code tool definitions (12)');
    for (const t of ['environment', 'model', 'session context', 'date', 'remote session change', 'skill listing']) expect(titles).toContain(`Claude Code ${t}`);
    // What the model reads of a rendered attachment is its reminder, not the record.
    expect(s.system.find((p) => p.title === 'Claude Code date')!.preview).toContain("Today's date is");
    expect(s.system.find((p) => p.title === 'Claude Code tool definitions (12)')!.provenance).toBe('tools');
  });

  it('the 3 MB spotter session: one entry per block, 139 replies counted once, 150 tool pairs, 14 thinking blocks, auto compaction, subagent', async () => {
    const s = await parse('claude/spotter/4d5611e5-241a-462a-8d15-5122611a9569.jsonl');
    expect(s).toMatchObject({ format: 'claude-code-jsonl', cli: 'claude-code', cliVersion: '2.1.39', sessionId: '4d5611e5-241a-462a-8d15-5122611a9569' });
    expect(s.cwd).toBe('/home/USER/projects/spotter-worktrees/spotter-dov');
    expect(s.model).toBe('claude-opus-4-6');
    expect(s.models).toEqual(['claude-opus-4-6', 'claude-sonnet-4-5-20250929']);
    // 254 assistant lines for 139 distinct message ids (README): one reported point per reply, the last line's usage.
    expect(s.contextPoints).toHaveLength(139);
    const main = s.entries.filter((e) => !e.sidechain);
    expect(count(s, (e) => !e.sidechain && e.kind === 'tool')).toBe(150);
    expect(main.filter((e) => e.kind === 'tool').every((e) => e.paired)).toBe(true);
    expect(count(s, (e) => !e.sidechain && e.kind === 'thinking')).toBe(14);
    // 1,083 progress lines and the other bookkeeping are counted, not turned into entries.
    expect(s.lines).toMatchObject({ read: 1512 + 144, malformed: 0, unknown: 0, partialTail: false });
    expect(s.lines.bookkeeping).toBeGreaterThanOrEqual(1083);
    // Compaction: boundary at line 754, the summary right after it, everything before out of context.
    expect(s.compactions).toEqual([expect.objectContaining({ trigger: 'auto', preTokens: 170251, source: { file: 0, lines: [754] } })]);
    const at = s.compactions[0]!.entryIndex;
    expect(s.entries[at]).toMatchObject({ kind: 'summary', beforeCompaction: false, source: { file: 0, lines: [755] } });
    expect(main.slice(0, at).every((e) => e.beforeCompaction)).toBe(true);
    expect(main.slice(at).some((e) => e.beforeCompaction)).toBe(false);
    // Subagent a2898e3 (33 tool pairs), linked to the Task call through agent_progress; the compaction call is a file, not a subagent.
    expect(s.files.map((f) => [f.role, f.agentId])).toEqual([
      ['main', undefined],
      ['subagent', 'a2898e3'],
      ['compaction', 'acompact-e1f845'],
    ]);
    const side = s.entries.filter((e) => e.sidechain);
    expect(side.filter((e) => e.kind === 'tool')).toHaveLength(33);
    expect(side.every((e) => e.agentId === 'a2898e3' && e.parentCallId === 'toolu_017pLRuPHYTX5t99EnLyV53m' && e.source.file === 1)).toBe(true);
    expect(main.find((e) => e.callId === 'toolu_017pLRuPHYTX5t99EnLyV53m')).toMatchObject({ kind: 'tool', label: 'Task' });
    // The last reply's own count: input + cache creation + cache read of its last line.
    expect(s.contextPoints.at(-1)).toMatchObject({ reported: 1 + 7330 + 98729, basis: 'request-input', source: { lines: [1507] } });
    // Ids are content-derived and unique; previews are bounded.
    expect(new Set(s.entries.map((e) => e.id)).size).toBe(s.entries.length);
    expect(Math.max(...s.entries.map((e) => e.preview.length))).toBeLessThanOrEqual(200);
  });

  it('short session: one message.id split over 5 lines becomes thinking + text + 2 tools, usage counted once', async () => {
    const s = await parse('claude/spotter/short.jsonl');
    expect(s.entries.map((e) => e.kind)).toEqual(['user', 'thinking', 'assistant', 'tool', 'tool', 'user']);
    expect(s.entries.filter((e) => e.kind === 'tool').map((e) => [e.label, e.isError])).toEqual([
      ['Bash', true],
      ['Glob', true],
    ]);
    expect(s.contextPoints).toHaveLength(1);
    expect(s.contextPoints[0]).toMatchObject({ reported: 3 + 13835 + 11515, entryIndex: 1 });
    expect(s.title).toBe('mix phx.server doesnt seem to start');
  });

  it('2.1.197 manual compaction keeps the preserved message in context, attachments become system sections', async () => {
    const s = await parse('claude/loupe-mock-model/projects/-tmp-loupe-agent-repo-ItpI/ac939d1c-76ae-4724-b7cb-8917fabdcdc7.jsonl');
    expect(s.compactions).toEqual([expect.objectContaining({ trigger: 'manual', preTokens: 2140, postTokens: 587 })]);
    const preserved = s.entries.find((e) => e.source.lines[0] === 19)!;
    expect(preserved).toMatchObject({ kind: 'assistant', beforeCompaction: false });
    expect(s.entries.find((e) => e.source.lines[0] === 10)).toMatchObject({ kind: 'assistant', beforeCompaction: true });
    expect(s.system.map((p) => p.title).sort()).toEqual(['Claude Code agent listing delta', 'Claude Code skill listing']);
    expect(s.entries.filter((e) => e.label === 'command')).toHaveLength(2);
  });

  it('2.1.197 subagent via Agent: linked by meta.json toolUseId', async () => {
    const s = await parse('claude/loupe-mock-model/projects/-tmp-loupe-agent-repo-ItpI/5294acf9-7fc7-444d-a379-390613b29e66.jsonl');
    const side = s.entries.filter((e) => e.sidechain);
    expect(side.length).toBeGreaterThan(0);
    expect(side.every((e) => e.parentCallId === 'toolu_mock_mx331p1b' && e.agentId === 'a3fc32861cdd5e707')).toBe(true);
    expect(s.contextPoints.every((p) => p.source.file === 0)).toBe(true);
  });

  it('2.0 layout: sibling agent-<8 hex> files with the same sessionId; no requestId (proxy) still dedupes by message.id', async () => {
    const s = await parse('claude/codemie-code/-tmp-private/4c2ddfdc-b619-4525-8d03-1950fb1b0257.jsonl');
    expect(s.files.filter((f) => f.role === 'subagent').map((f) => f.agentId)).toEqual(['36541525', '50243ee8']);
    expect(s.models).toContain('converse/jp.anthropic.claude-haiku-4-5-20251001-v1:0');
    expect(s.model).toBe('claude-sonnet-4-5-20250929');
    expect(s.entries.filter((e) => !e.sidechain && e.kind === 'tool')).toHaveLength(6);
  });

  it('summary title lines and the offline synthetic reply: bookkeeping, no reported point', async () => {
    const a = await parse('claude/codemie-code/session-9eda1058.jsonl');
    expect(a.lines.unknown).toBe(0);
    expect(a.entries.filter((e) => e.kind === 'tool').every((e) => e.paired)).toBe(true);
    const b = await parse('claude/loupe-offline/projects/-tmp-loupe-agent-repo-Y3Ph/6a058080-06f7-4c9f-b427-59d8d8966fab.jsonl');
    expect(b.contextPoints).toHaveLength(0);
    expect(b.models).toEqual([]);
    expect(b.entries.some((e) => e.kind === 'assistant' && e.label === 'error')).toBe(true);
  });
});

describe('Codex rollouts (real)', () => {
  it('0.125: 99 + 3 tool pairs, encrypted reasoning, 66 token counts with the window, developer and injected context as system sections', async () => {
    const s = await parse('codex/codemie-code/rollout-2026-05-11T11-26-55-019e1625-789d-76c0-80ab-3724b5ddb799.jsonl');
    expect(s).toMatchObject({ format: 'codex-rollout-jsonl', cliVersion: '0.125.0', cwd: '/Users/Sample_User/repos/codemie-ai/codemie-code', model: 'gpt-5.5', reportedWindow: 258400 });
    const tools = s.entries.filter((e) => e.kind === 'tool');
    expect(tools.filter((e) => e.label !== 'web_search')).toHaveLength(99 + 3);
    expect(tools.every((e) => e.paired)).toBe(true);
    expect(s.entries.filter((e) => e.kind === 'thinking')).toHaveLength(25);
    expect(s.contextPoints).toHaveLength(66);
    expect(s.contextPoints.at(-1)).toMatchObject({ basis: 'request-input+output', window: 258400, reported: 131573 + 433 });
    // The two prompts are response items; their user_message echoes are not counted again.
    expect(s.entries.filter((e) => e.kind === 'user').map((e) => e.preview)).toEqual(['show tools', "let's update the defailt context compart to 90 in env var"]);
    expect(s.system.map((p) => p.title)).toEqual(expect.arrayContaining(['Base instructions', 'permissions instructions', 'AGENTS.md instructions', 'Environment context']));
  });

  it('Desktop rollout without turn_context or token_count: prompts from user_message events, no reported point', async () => {
    const s = await parse('codex/codemie-code/rollout-2026-05-11T13-28-45-019e1695-0522-7c83-8b39-0dd379793f80.jsonl');
    expect(s.entries.filter((e) => e.kind === 'user')).toHaveLength(3);
    expect(s.contextPoints).toHaveLength(0);
    expect(s.tools).toContain('codex_app.automation_update');
  });

  it('0.171: code-mode exec pairs, compaction with replacement_history (the summary is in context, older items are not)', async () => {
    const s = await parse('codex/loupe-mock-model/sessions/2026/11/30/rollout-2026-11-30T09-47-48-01a22bda-7c65-7be0-b3e8-c67e49adb8c6.jsonl');
    expect(s.cliVersion).toBe('0.171.0');
    expect(s.entries.find((e) => e.kind === 'tool')).toMatchObject({ label: 'exec', paired: true, beforeCompaction: true });
    expect(s.compactions).toHaveLength(1);
    const after = s.entries.slice(s.compactions[0]!.entryIndex);
    expect(after[0]).toMatchObject({ kind: 'user', preview: 'list the files then say hi', beforeCompaction: false });
    expect(after.find((e) => e.kind === 'summary')?.preview).toMatch(/^Another language model/);
    expect(s.tools).toContain('exec');
    expect(s.reportedWindow).toBe(475000);
  });

  it('the composite drift fixture: every line type is known or counted as unknown, nothing fatal', async () => {
    const s = await parse('codex/agent-sessions/small.jsonl');
    expect(s.lines.read).toBe(118);
    expect(s.lines.malformed).toBe(0);
    expect(s.compactions.length).toBe(6);
  });
});

describe('Gemini CLI sessions (real)', () => {
  it('JSON document era: messages with thoughts, tool calls with results, per-message tokens', async () => {
    const s = await parse('gemini/codemie-code/session-2025-12-01T21-45-5b959dae.json');
    expect(s).toMatchObject({ format: 'gemini-json', cli: 'gemini', model: 'gemini-3-pro-image-preview' });
    expect(s.files[0]!.addressing).toBe('message');
    expect(s.entries.filter((e) => e.kind === 'tool').every((e) => e.paired)).toBe(true);
    expect(s.contextPoints).toHaveLength(11);
    expect(s.projectHash).toMatch(/^[0-9a-f]{64}$/);
  });

  it('0.61 JSONL: upserts counted once, results written twice counted once, compression is a boundary, cwd from the session context', async () => {
    const s = await parse('gemini/loupe-mock-model/tmp/loupe-agent-repo-itpi/chats/session-2026-11-30T09-48-e3459164.jsonl');
    expect(s).toMatchObject({ format: 'gemini-jsonl', cwd: '/tmp/loupe-agent-repo.ItpI', sessionId: 'e3459164-6abe-4dc9-a68a-cd87281b86f7' });
    // Three list_directory calls in three turns: each once, each paired.
    const tools = s.entries.filter((e) => e.kind === 'tool');
    expect(tools).toHaveLength(3);
    expect(tools.every((e) => e.paired)).toBe(true);
    expect(s.compactions).toHaveLength(1);
    expect(s.compactions[0]!.source.lines).toEqual([34]);
    expect(s.entries.filter((e) => e.beforeCompaction).map((e) => e.kind)).toContain('tool');
    expect(s.entries.filter((e) => !e.beforeCompaction && e.kind === 'user').map((e) => e.preview)).toEqual(['hi', 'say hi once more Answer the request on stdin.']);
    expect(s.system.map((p) => p.title)).toEqual(['Session context']);
  });

  it('a failed turn taken back by $set.messages is dropped, not compacted', async () => {
    const s = await parse('gemini/loupe-offline/tmp/loupe-agent-repo-y3ph/chats/session-2026-11-30T09-34-b1184202.jsonl');
    expect(s.entries).toEqual([expect.objectContaining({ kind: 'user', dropped: true, beforeCompaction: false })]);
    expect(s.compactions).toEqual([]);
  });

  it('the hand-trimmed 0.40 JSONL', async () => {
    const s = await parse('gemini/agent-sessions/jsonl_v040.jsonl');
    expect(s.entries.map((e) => e.kind)).toEqual(['user', 'tool', 'assistant']);
    expect(s.contextPoints.map((p) => p.reported)).toEqual([11855, 12069]);
  });
});
