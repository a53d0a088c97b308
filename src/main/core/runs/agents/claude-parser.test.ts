import { describe, expect, it } from 'vitest';
import type { AgentEvent } from '../../../../shared/contract/agent-events';
import { claudeAdapter } from './claude';
import { createClaudeParser } from './claude-parser';
import { loadCapture, parsed, replay } from './test-support';

const run = (name: string) => replay(createClaudeParser(), loadCapture('claude', name));
const NOT_LOGGED_IN = 'Not logged in · Please run /login';

describe('claude stream-json parser, offline captures', () => {
  it('not logged in: session, the error, zero usage, and a failed result with the CLI message', () => {
    const events = run('print-stream-json');
    expect(events[0]).toMatchObject({ type: 'session', sessionId: '6a058080-06f7-4c9f-b427-59d8d8966fab', model: 'claude-opus-4-8[1m]', cliVersion: '2.1.197' });
    expect((events[0] as { tools: string[] }).tools).toHaveLength(26);
    expect((events[0] as { tools: string[] }).tools).toContain('Read');
    expect(events.slice(1)).toEqual([
      { type: 'error', message: NOT_LOGGED_IN },
      { type: 'usage', usage: { inputTokens: 0, outputTokens: 0, cacheReadTokens: 0, cacheCreationTokens: 0, costUsd: 0 } },
      { type: 'result', ok: false, message: NOT_LOGGED_IN },
    ]);
    // The synthetic message is not a reply: no text event.
    expect(events.some((e) => e.type === 'text')).toBe(false);
  });

  it('the same with --model, --session-id, --mcp-config and an existing resume id', () => {
    for (const name of ['print-stream-json-model', 'print-stream-json-session-id', 'print-stream-json-mcp', 'print-stream-json-resume-existing']) {
      const events = run(name);
      expect(events[0]!.type, name).toBe('session');
      expect(events.at(-1), name).toEqual({ type: 'result', ok: false, message: NOT_LOGGED_IN });
    }
    expect(run('print-stream-json-session-id')[0]).toMatchObject({ sessionId: '11111111-2222-4333-8444-555555555555' });
    expect(run('print-stream-json-model')[0]).toMatchObject({ model: 'claude-sonnet-4-5' });
  });

  it('an unknown resume id: no session, the message from errors[], recognised as a resume failure', () => {
    const events = run('print-stream-json-resume');
    const message = 'No conversation found with session ID: 3f2b8a34-6f1e-4c55-9d1a-2b7c0e9a41d2';
    expect(events.filter((e) => e.type === 'session')).toEqual([]);
    expect(events).toContainEqual({ type: 'raw', stream: 'stderr', text: message });
    expect(events.at(-1)).toEqual({ type: 'result', ok: false, message });
    expect(claudeAdapter.isResumeFailure!(message, { code: 1, signal: null })).toBe(true);
    expect(claudeAdapter.isResumeFailure!(NOT_LOGGED_IN, { code: 1, signal: null })).toBe(false);
  });

  it('no result at all (missing --verbose): a failed result with the stderr line', () => {
    expect(run('print-stream-json-noverbose')).toEqual([
      { type: 'raw', stream: 'stderr', text: 'Error: When using --print, --output-format=stream-json requires --verbose' },
      { type: 'result', ok: false, message: 'Error: When using --print, --output-format=stream-json requires --verbose' },
    ]);
  });
});

describe('claude stream-json parser, mock-model captures', () => {
  it('a tool call and its result, thinking, text once per block, usage from the file', () => {
    const events = run('mock-print-stream-json');
    expect(events[0]).toMatchObject({ type: 'session', sessionId: 'ac939d1c-76ae-4724-b7cb-8917fabdcdc7' });
    expect(events.slice(1)).toEqual([
      { type: 'usage', usage: { contextTokens: 2100 } },
      { type: 'thinking', text: 'I will list the files first.' },
      { type: 'text', text: 'Let me look at the repository.' },
      { type: 'tool-call', callId: 'toolu_mock_mx330tsg', name: 'Bash', input: { command: 'ls', description: 'List files' } },
      { type: 'tool-result', callId: 'toolu_mock_mx330tsg', output: 'README.md', isError: false },
      { type: 'usage', usage: { contextTokens: 2100 } },
      { type: 'text', text: 'hi — the repository has a README.md.' },
      {
        type: 'usage',
        usage: { inputTokens: 2400, outputTokens: 80, cacheReadTokens: 1600, cacheCreationTokens: 200, contextTokens: 2100, costUsd: 0.024075 },
      },
      { type: 'result', ok: true, text: 'hi — the repository has a README.md.' },
    ]);
  });

  it('a resumed session and the turn after a compaction parse the same way', () => {
    for (const name of ['mock-resume-stream-json', 'mock-after-compact-stream-json']) {
      const events = parsed(run(name));
      expect(events[0], name).toMatchObject({ type: 'session', sessionId: 'ac939d1c-76ae-4724-b7cb-8917fabdcdc7' });
      expect(events.filter((e) => e.type === 'tool-call'), name).toHaveLength(1);
      expect(events.at(-1), name).toEqual({ type: 'result', ok: true, text: 'hi — the repository has a README.md.' });
    }
  });

  it('/compact: the boundary and the summary are kept as raw lines, never dropped', () => {
    const cap = loadCapture('claude', 'mock-compact-stream-json');
    const events = replay(createClaudeParser(), cap);
    const raw = events.filter((e) => e.type === 'raw').map((e) => (e as { text: string }).text);
    expect(raw.some((t) => t.includes('"compact_boundary"'))).toBe(true);
    expect(raw.some((t) => t.includes('This session is being continued from a previous conversation'))).toBe(true);
    expect(raw.some((t) => t.includes('<local-command-stdout>Compacted'))).toBe(true);
    expect(events.at(-1)).toEqual({ type: 'result', ok: true, text: '' });
  });

  it('subagent work is kept, marked with its parent call, and never changes the main-chain context', () => {
    const cap = loadCapture('claude', 'mock-subagent-stream-json');
    // The mock reports the same usage everywhere; give the subagent's messages their own numbers.
    cap.stdout = cap.stdout.map((l) => (l.includes('"parent_tool_use_id":"toolu_mock_mx331p1b"') && l.includes('"type":"assistant"') ? l.replace('"input_tokens":1200', '"input_tokens":99999') : l));
    const events = parsed(replay(createClaudeParser(), cap));
    const sub = events.filter((e) => 'parentCallId' in e);
    expect(sub.map((e) => e.type)).toEqual(['tool-call', 'tool-result', 'tool-call', 'tool-result']);
    expect(sub.every((e) => (e as { parentCallId: string }).parentCallId === 'toolu_mock_mx331p1b')).toBe(true);
    const agentResult = events.find((e) => e.type === 'tool-result' && e.callId === 'toolu_mock_mx331p1b') as { output: string };
    expect(agentResult.output.split('\n')[0]).toBe('hi — the repository has a README.md.');
    const contexts = events.flatMap((e) => (e.type === 'usage' && e.usage.contextTokens !== undefined ? [e.usage.contextTokens] : []));
    expect(contexts).toEqual([2100, 2100, 2100]);
    expect(cap.stdout.some((l) => l.includes('99999'))).toBe(true);
  });
});

describe('claude stream-json parser, stream rules', () => {
  const assistant = (id: string, content: unknown[], parent: string | null = null) =>
    JSON.stringify({ type: 'assistant', message: { id, model: 'm', content, usage: { input_tokens: 10, cache_read_input_tokens: 5, cache_creation_input_tokens: 1 } }, parent_tool_use_id: parent });

  it('emits each content block once when events repeat or accumulate under one message id', () => {
    const p = createClaudeParser();
    const a = { type: 'text', text: 'first' };
    const b = { type: 'tool_use', id: 't1', name: 'Read', input: { file_path: '/x' } };
    const events: AgentEvent[] = [
      ...p.stdout(assistant('m1', [a])),
      ...p.stdout(assistant('m1', [a])),
      ...p.stdout(assistant('m1', [a, b])),
      ...p.stdout(assistant('m1', [b])),
    ];
    expect(events).toEqual([
      { type: 'usage', usage: { contextTokens: 16 } },
      { type: 'text', text: 'first' },
      { type: 'tool-call', callId: 't1', name: 'Read', input: { file_path: '/x' } },
    ]);
  });

  it('a Read result becomes a file-read only when it succeeded', () => {
    const p = createClaudeParser();
    p.stdout(assistant('m1', [{ type: 'tool_use', id: 'ok', name: 'Read', input: { file_path: '/repo/a.ts' } }, { type: 'tool_use', id: 'bad', name: 'Read', input: { file_path: '/nope' } }]));
    const result = (id: string, isError: boolean, content: unknown) => JSON.stringify({ type: 'user', message: { role: 'user', content: [{ type: 'tool_result', tool_use_id: id, is_error: isError, content }] } });
    expect(p.stdout(result('ok', false, [{ type: 'text', text: 'line 1' }, { type: 'text', text: 'line 2' }]))).toEqual([
      { type: 'tool-result', callId: 'ok', output: 'line 1\nline 2', isError: false },
      { type: 'file-read', path: '/repo/a.ts' },
    ]);
    expect(p.stdout(result('bad', true, '<tool_use_error>File does not exist.</tool_use_error>'))).toEqual([
      { type: 'tool-result', callId: 'bad', output: '<tool_use_error>File does not exist.</tool_use_error>', isError: true },
    ]);
  });

  it('unknown lines, unknown event types and unknown blocks become raw events', () => {
    const p = createClaudeParser();
    expect(p.stdout('plain text')).toEqual([{ type: 'raw', stream: 'stdout', text: 'plain text' }]);
    expect(p.stdout('{"type":"brand_new"}')).toEqual([{ type: 'raw', stream: 'stdout', text: '{"type":"brand_new"}' }]);
    expect(p.stdout('[1,2]')).toEqual([{ type: 'raw', stream: 'stdout', text: '[1,2]' }]);
    const line = assistant('m2', [{ type: 'server_tool_use', id: 's' }, { type: 'text', text: 'ok' }]);
    expect(p.stdout(line)).toEqual([{ type: 'usage', usage: { contextTokens: 16 } }, { type: 'text', text: 'ok' }, { type: 'raw', stream: 'stdout', text: line }]);
  });

  it('structured output is the result text; a non-zero exit after a result adds nothing', () => {
    const p = createClaudeParser();
    expect(p.stdout(JSON.stringify({ type: 'result', subtype: 'success', is_error: false, result: '', structured_output: { name: 'x' } }))).toEqual([
      { type: 'result', ok: true, text: '{"name":"x"}' },
    ]);
    expect(p.end({ code: 1, signal: null })).toEqual([]);
  });

  it('killed before a result: a failed result that says how it ended', () => {
    const p = createClaudeParser();
    expect(p.end({ code: null, signal: 'SIGTERM' })).toEqual([{ type: 'result', ok: false, message: 'Claude Code was ended by SIGTERM without a result.' }]);
  });
});
