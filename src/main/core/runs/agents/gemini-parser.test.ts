import { describe, expect, it } from 'vitest';
import { geminiAdapter } from './gemini';
import { createGeminiParser } from './gemini-parser';
import { loadCapture, parsed, replay } from './test-support';

const run = (name: string) => replay(createGeminiParser(), loadCapture('gemini', name));

describe('gemini stream-json parser, offline captures', () => {
  it('no auth (exit 41): the CLI message as an error and a failed result', () => {
    const message =
      'Please set an Auth method in your /var/tmp/agenthome.ryk3/.gemini/settings.json or specify one of the following environment variables before running: GEMINI_API_KEY, GOOGLE_GENAI_USE_VERTEXAI, GOOGLE_GENAI_USE_GCA';
    expect(run('prompt-stream-json')).toEqual([
      { type: 'raw', stream: 'stderr', text: message },
      { type: 'error', message },
      { type: 'result', ok: false, message },
    ]);
  });

  it('a bad resume (exit 42): the message, recognised as a resume failure', () => {
    const message = 'Error resuming session: No previous sessions found for this project.';
    for (const name of ['resume-unknown-noauth', 'resume-uuid-noauth', 'resume-index-noauth']) {
      expect(parsed(run(name)), name).toEqual([
        { type: 'error', message },
        { type: 'result', ok: false, message },
      ]);
    }
    expect(geminiAdapter.isResumeFailure!(message, { code: 42, signal: null })).toBe(true);
    expect(geminiAdapter.isResumeFailure!('Please set an Auth method', { code: 41, signal: null })).toBe(false);
    // A resumed session that used a tool, rebuilt with each tool result twice and refused (the agents tier's gemini case).
    const refused = '[API Error: {"error":{"code":400,"message":"Please ensure that the number of function response parts is equal to the number of function call parts of the function call turn.","status":"INVALID_ARGUMENT"}}]';
    expect(geminiAdapter.isResumeFailure!(refused, { code: 1, signal: null })).toBe(true);
    expect(geminiAdapter.isResumeFailure!('[API Error: {"error":{"code":429,"message":"Quota exceeded"}}]', { code: 1, signal: null })).toBe(false);
  });

  it('an untrusted folder (exit 55): the red text without its colour codes', () => {
    const result = run('dummykey-prompt-stream-json').at(-1) as { ok: boolean; message: string };
    expect(result.ok).toBe(false);
    expect(result.message).toMatch(/^Gemini CLI is not running in a trusted directory\. To proceed, either use `--skip-trust`/);
    expect(result.message).not.toContain('\u001b');
  });

  it('a key but no network: retries shown as errors, terminal warnings and stack frames left out, the stream result', () => {
    const events = run('dummykey-prompt-stream-json-skip-trust');
    expect(parsed(events)).toEqual([
      { type: 'session', sessionId: 'b1184202-ccfb-436d-ba2f-e90a8a791eca', model: 'auto' },
      { type: 'error', message: 'Attempt 1 failed. Retrying with backoff... Error: exception TypeError: fetch failed sending request' },
      ...parsed(events).slice(2, -2),
      { type: 'usage', usage: { inputTokens: 0, outputTokens: 0, cacheReadTokens: 0 } },
      { type: 'result', ok: false, message: '[API Error: exception TypeError: fetch failed sending request]' },
    ]);
    const retries = parsed(events).filter((e) => e.type === 'error');
    expect(retries).toHaveLength(13);
    expect(retries.every((e) => /^Attempt \d+ failed/.test(e.message))).toBe(true);
  });
});

describe('gemini stream-json parser, mock-model captures', () => {
  it('a tool call and result, the reply, usage from result.stats', () => {
    expect(run('mock-prompt-stream-json').filter((e) => e.type !== 'raw')).toEqual([
      { type: 'session', sessionId: 'e3459164-6abe-4dc9-a68a-cd87281b86f7', model: 'auto' },
      { type: 'tool-call', callId: 'list_directory__list_directory_1796032104144_0', name: 'list_directory', input: { dir_path: '.' } },
      { type: 'tool-result', callId: 'list_directory__list_directory_1796032104144_0', output: '', isError: false },
      { type: 'text', text: 'hi — the repository has a README.md.', messageId: 'gemini-1' },
      { type: 'usage', usage: { inputTokens: 3600, outputTokens: 120, cacheReadTokens: 2400 } },
      { type: 'result', ok: true, text: 'hi — the repository has a README.md.' },
    ]);
  });

  it('resumed sessions (latest, uuid)', () => {
    expect(parsed(run('mock-resume-compress-threshold')).at(-1)).toEqual({ type: 'result', ok: true, text: 'hi' });
    expect(parsed(run('mock-resume-uuid-compress'))[0]).toEqual({ type: 'session', sessionId: 'e3459164-6abe-4dc9-a68a-cd87281b86f7', model: 'auto' });
  });
});

describe('gemini stream-json parser, stream rules', () => {
  const line = (o: object) => JSON.stringify(o);

  it('deltas build one message (same messageId); a tool call starts the next', () => {
    const p = createGeminiParser();
    const say = (content: string) => p.stdout(line({ type: 'message', role: 'assistant', content, delta: true }));
    expect([...say('Hel'), ...say('lo')]).toEqual([
      { type: 'text', text: 'Hel', messageId: 'gemini-1' },
      { type: 'text', text: 'Hello', messageId: 'gemini-1' },
    ]);
    p.stdout(line({ type: 'tool_use', tool_name: 'read_file', tool_id: 'r1', parameters: { file_path: '/ctx/a.ts' } }));
    expect(p.stdout(line({ type: 'tool_result', tool_id: 'r1', status: 'success', output: 'export {}' }))).toEqual([
      { type: 'tool-result', callId: 'r1', output: 'export {}', isError: false },
      { type: 'file-read', path: '/ctx/a.ts' },
    ]);
    expect(say('Done')).toEqual([{ type: 'text', text: 'Done', messageId: 'gemini-2' }]);
    expect(p.stdout(line({ type: 'result', status: 'success' })).at(-1)).toEqual({ type: 'result', ok: true, text: 'Done' });
  });

  it('a failed tool carries its error message; error events and unknown lines are kept', () => {
    const p = createGeminiParser();
    p.stdout(line({ type: 'tool_use', tool_name: 'read_file', tool_id: 'r2', parameters: { file_path: '/nope' } }));
    expect(p.stdout(line({ type: 'tool_result', tool_id: 'r2', status: 'error', error: { type: 'FILE_NOT_FOUND', message: 'File not found: /nope' } }))).toEqual([
      { type: 'tool-result', callId: 'r2', output: 'File not found: /nope', isError: true },
    ]);
    expect(p.stdout(line({ type: 'error', severity: 'warning', message: 'Loop detected' }))).toEqual([{ type: 'error', message: 'Loop detected' }]);
    expect(p.stdout(line({ type: 'future_event' }))).toEqual([{ type: 'raw', stream: 'stdout', text: '{"type":"future_event"}' }]);
  });
});
