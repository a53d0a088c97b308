import { describe, expect, it } from 'vitest';
import { isProgress } from '../../../../shared/contract/agent-events';
import { codexAdapter } from './codex';
import { createCodexParser } from './codex-parser';
import { loadCapture, parsed, replay } from './test-support';

const run = (name: string) => replay(createCodexParser(), loadCapture('codex', name));
const WAITING = 'Codex cannot reach its servers: Reconnecting... waiting for network (Connection failed: error sending request)';

describe('codex exec --json parser, offline captures', () => {
  it('offline: the thread id, every retry as an error (not progress), and the last retry as the message when ended', () => {
    const events = run('exec-json-stdin-dash');
    expect(events[0]).toEqual({ type: 'session', sessionId: '01a22bcc-b2e5-7351-acf0-34fe2f105503' });
    const errors = events.filter((e) => e.type === 'error').map((e) => (e as { message: string }).message);
    expect(errors.slice(0, 4)).toEqual([2, 3, 4, 5].map((n) => `Reconnecting... ${n}/5 (stream disconnected before completion: failed to lookup address information: Name does not resolve)`));
    expect(errors[4]).toBe('Falling back from WebSockets to HTTPS transport. stream disconnected before completion: failed to lookup address information: Name does not resolve');
    expect(errors.slice(5).every((m) => m === WAITING)).toBe(true);
    expect(errors.length).toBeGreaterThan(6);
    // Waiting for the network is final (codex never gets further on its own); the retries before it are not.
    const finals = events.filter((e) => e.type === 'error' && e.final).map((e) => (e as { message: string }).message);
    expect(finals.length).toBe(errors.length - 5);
    expect(events.filter((e) => e.type === 'error' && !e.final)).toHaveLength(5);
    // Retries and codex's own log lines never restart the no-progress timeout.
    expect(events.slice(1, -1).filter(isProgress)).toEqual([]);
    expect(events.at(-1)).toEqual({ type: 'result', ok: false, message: WAITING });
  });

  it('the same with no positional, 150 s offline, MCP, --ephemeral, an existing resume id, a HOME under /tmp', () => {
    for (const name of ['exec-json-stdin-nopos', 'exec-json-offline-150s', 'exec-json-mcp', 'exec-json-ephemeral', 'exec-resume-existing', 'exec-json-home-under-tmp']) {
      const events = run(name);
      expect(parsed(events)[0]!.type, name).toBe('session');
      expect(events.at(-1), name).toEqual({ type: 'result', ok: false, message: WAITING });
    }
    expect(parsed(run('exec-resume-existing'))[0]).toEqual({ type: 'session', sessionId: '01a22bcc-b2e5-7351-acf0-34fe2f105503' });
  });

  it('an unknown model: its warning item is an error event shown as it arrives', () => {
    const events = parsed(run('exec-json-model'));
    expect(events[1]).toEqual({
      type: 'error',
      message: 'Model metadata for `gpt-5-codex` not found. Defaulting to fallback metadata; this can degrade performance and cause issues.',
    });
  });

  it('an unknown resume id: exit 1 with the stderr line, recognised as a resume failure', () => {
    const message = 'Error: thread/resume: thread/resume failed: no rollout found for thread id 3f2b8a34-6f1e-4c55-9d1a-2b7c0e9a41d2 (code -32600)';
    expect(run('exec-resume-unknown')).toEqual([
      { type: 'raw', stream: 'stderr', text: message },
      { type: 'result', ok: false, message },
    ]);
    expect(codexAdapter.isResumeFailure!(message, { code: 1, signal: null })).toBe(true);
    expect(codexAdapter.isResumeFailure!(WAITING, { code: null, signal: 'SIGTERM' })).toBe(false);
  });
});

describe('codex exec --json parser, mock-model captures', () => {
  it('reasoning, a command with its output, the reply, usage from turn.completed', () => {
    expect(run('mock-exec-json')).toEqual([
      { type: 'session', sessionId: '01a22bda-7c65-7be0-b3e8-c67e49adb8c6' },
      { type: 'thinking', text: '**Listing files**' },
      { type: 'tool-call', callId: 'item_1', name: 'command', input: { command: '/bin/bash -lc ls' } },
      { type: 'tool-result', callId: 'item_1', output: 'README.md\n', isError: false },
      { type: 'text', text: 'hi — the repository has a README.md.' },
      { type: 'usage', usage: { inputTokens: 2400, outputTokens: 80, cacheReadTokens: 1600, cacheCreationTokens: 0 } },
      { type: 'result', ok: true, text: 'hi — the repository has a README.md.' },
    ]);
  });

  it('a resumed thread that compacted', () => {
    expect(run('mock-exec-resume-json')).toEqual([
      { type: 'session', sessionId: '01a22bda-7c65-7be0-b3e8-c67e49adb8c6' },
      { type: 'text', text: 'hi' },
      { type: 'usage', usage: { inputTokens: 4800, outputTokens: 160, cacheReadTokens: 3200, cacheCreationTokens: 0 } },
      { type: 'result', ok: true, text: 'hi' },
    ]);
  });
});

describe('codex exec --json parser, stream rules', () => {
  it('a failing command is an error result; a completed item without a start still gets its call', () => {
    const p = createCodexParser();
    const line = JSON.stringify({ type: 'item.completed', item: { id: 'item_9', type: 'command_execution', command: 'false', aggregated_output: 'boom', exit_code: 2, status: 'failed' } });
    expect(p.stdout(line)).toEqual([
      { type: 'tool-call', callId: 'item_9', name: 'command', input: { command: 'false' } },
      { type: 'tool-result', callId: 'item_9', output: 'boom', isError: true },
    ]);
  });

  it('MCP tool calls, turn.failed, unknown items and lines', () => {
    const p = createCodexParser();
    const started = { type: 'item.started', item: { id: 'i1', type: 'mcp_tool_call', server: 'loupe', tool: 'xray_pin', arguments: { id: 's1' }, status: 'in_progress' } };
    expect(p.stdout(JSON.stringify(started))).toEqual([{ type: 'tool-call', callId: 'i1', name: 'loupe.xray_pin', input: { id: 's1' } }]);
    const done = { ...started, type: 'item.completed', item: { ...started.item, status: 'completed', result: { content: [{ type: 'text', text: 'pinned' }] } } };
    expect(p.stdout(JSON.stringify(done))).toEqual([{ type: 'tool-result', callId: 'i1', output: 'pinned', isError: false }]);
    const todo = JSON.stringify({ type: 'item.completed', item: { id: 'i2', type: 'todo_list', items: [] } });
    expect(p.stdout(todo)).toEqual([{ type: 'raw', stream: 'stdout', text: todo }]);
    expect(p.stdout('not json')).toEqual([{ type: 'raw', stream: 'stdout', text: 'not json' }]);
    expect(p.stdout(JSON.stringify({ type: 'turn.failed', error: { message: 'stream error: 401 Unauthorized' } }))).toEqual([
      { type: 'result', ok: false, message: 'stream error: 401 Unauthorized' },
    ]);
    expect(p.end({ code: 1, signal: null })).toEqual([]);
  });
});
