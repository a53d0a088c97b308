// Test helpers: small transcripts in each CLI's format, made line by line (shapes as in fixtures/sessions/README.md).
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';

/** Writes JSONL lines (objects, or raw strings written as they are); `tail` is appended without a newline. */
export function writeJsonl(path: string, lines: (object | string)[], tail = ''): string {
  mkdirSync(dirname(path), { recursive: true });
  writeFileSync(path, lines.map((l) => (typeof l === 'string' ? l : JSON.stringify(l))).join('\n') + '\n' + tail);
  return path;
}

let n = 0;
const uuid = () => `00000000-0000-4000-8000-${String(++n).padStart(12, '0')}`;

/** Claude Code lines for a session recorded in `cwd`. */
export function claudeLines(cwd: string, sessionId = 'sess-1') {
  const base = { sessionId, cwd, version: '2.1.197', userType: 'external', isSidechain: false };
  return {
    user: (content: unknown, extra: object = {}) => ({ ...base, type: 'user', uuid: uuid(), timestamp: '2026-11-30T10:00:00.000Z', message: { role: 'user', content }, ...extra }),
    assistant: (id: string, block: object, usage: object = { input_tokens: 10, cache_creation_input_tokens: 100, cache_read_input_tokens: 1000, output_tokens: 5 }, extra: object = {}) => ({
      ...base,
      type: 'assistant',
      uuid: uuid(),
      requestId: `req_${id}`,
      timestamp: '2026-11-30T10:00:01.000Z',
      message: { id, role: 'assistant', model: 'claude-sonnet-4-5', content: [block], usage },
      ...extra,
    }),
    boundary: (preTokens: number) => ({ ...base, type: 'system', subtype: 'compact_boundary', uuid: uuid(), parentUuid: null, timestamp: '2026-11-30T10:05:00.000Z', compactMetadata: { trigger: 'auto', preTokens } }),
    summary: (text: string) => ({ ...base, type: 'user', uuid: uuid(), isCompactSummary: true, isVisibleInTranscriptOnly: true, message: { role: 'user', content: text } }),
  };
}

/** Codex rollout lines for a thread recorded in `cwd`. */
export function codexLines(cwd: string, id = '01a22bda-0000-7000-8000-000000000001') {
  const at = (type: string, payload: object) => ({ timestamp: '2026-11-30T10:00:00.000Z', type, payload });
  return {
    meta: () => at('session_meta', { id, cwd, cli_version: '0.171.0', originator: 'codex_exec', base_instructions: { text: 'You are Codex, a test agent.' } }),
    turn: (model: string) => at('turn_context', { cwd, model }),
    user: (text: string) => at('response_item', { type: 'message', role: 'user', content: [{ type: 'input_text', text }] }),
    assistant: (text: string) => at('response_item', { type: 'message', role: 'assistant', content: [{ type: 'output_text', text }] }),
    call: (callId: string, name: string, args: object) => at('response_item', { type: 'function_call', name, arguments: JSON.stringify(args), call_id: callId }),
    output: (callId: string, output: string) => at('response_item', { type: 'function_call_output', call_id: callId, output }),
    tokens: (input: number, output: number, window = 272000) =>
      at('event_msg', { type: 'token_count', info: { last_token_usage: { input_tokens: input, cached_input_tokens: 0, output_tokens: output, total_tokens: input + output }, model_context_window: window } }),
    compacted: (message: string) => at('compacted', { message }),
    raw: at,
  };
}
