// `gemini --output-format stream-json` → AgentEvents. Shapes: fixtures/agents/README.md
// and gemini/*.stdout.txt; tool_result's `output`/`error` from the 0.61 bundle's formatter.
import type { AgentEvent } from '../../../../shared/contract/agent-events';
import type { AgentStreamParser } from './adapter';
import { num, obj, parseJsonObject, rawStderr, rawStdout, resultFromExit, StderrTail, str, usageEvents } from './parse-util';

const READ_TOOLS = new Set(['read_file']);

/**
 * A parser for one Gemini CLI step. Assistant text arrives as deltas: each
 * one is emitted as the message so far, with a `messageId` so it replaces the
 * previous one. Auth and resume failures (exit 41, 42) print plain text on
 * stderr and no result: they become an error and a failed result in the
 * CLI's words. "Attempt N failed. Retrying…" lines on stderr are shown as errors.
 */
export function createGeminiParser(): AgentStreamParser {
  const stderr = new StderrTail();
  const pendingReads = new Map<string, string>();
  let messageCount = 0;
  let current: { id: string; text: string } | null = null;
  let lastText = '';
  let resultSeen = false;

  function assistant(content: string, delta: boolean): AgentEvent[] {
    if (!current || !delta) current = { id: `gemini-${++messageCount}`, text: '' };
    current.text += content;
    lastText = current.text;
    return [{ type: 'text', text: current.text, messageId: current.id }];
  }

  function stats(s: Record<string, unknown> | undefined): AgentEvent[] {
    if (!s) return [];
    // input_tokens includes the cached ones (`input` is input − cached); summed over the turn's requests and models.
    return usageEvents({ inputTokens: num(s.input_tokens), outputTokens: num(s.output_tokens), cacheReadTokens: num(s.cached) });
  }

  return {
    stdout(line) {
      const ev = parseJsonObject(line);
      if (!ev) return line.trim() ? [rawStdout(line)] : [];
      switch (ev.type) {
        case 'init':
          return typeof ev.session_id === 'string' ? [{ type: 'session', sessionId: ev.session_id, model: str(ev.model) }] : [rawStdout(line)];
        case 'message':
          // The user message echoes the prompt Loupe sent: nothing new to show.
          if (ev.role === 'user') return [];
          if (ev.role === 'assistant') return assistant(str(ev.content) ?? '', ev.delta === true);
          return [rawStdout(line)];
        case 'tool_use': {
          current = null;
          const callId = str(ev.tool_id) ?? '';
          const name = str(ev.tool_name) ?? 'tool';
          const path = READ_TOOLS.has(name) ? str(obj(ev.parameters)?.file_path) : undefined;
          if (path) pendingReads.set(callId, path);
          return [{ type: 'tool-call', callId, name, input: ev.parameters ?? null }];
        }
        case 'tool_result': {
          current = null;
          const callId = str(ev.tool_id) ?? '';
          const isError = ev.status === 'error';
          const output = str(ev.output) ?? str(obj(ev.error)?.message) ?? '';
          const out: AgentEvent[] = [{ type: 'tool-result', callId, output, isError }];
          const path = pendingReads.get(callId);
          if (path !== undefined) {
            pendingReads.delete(callId);
            if (!isError) out.push({ type: 'file-read', path });
          }
          return out;
        }
        case 'error':
          return [{ type: 'error', message: str(ev.message) ?? 'error' }];
        case 'result': {
          resultSeen = true;
          const ok = ev.status === 'success';
          const message = str(obj(ev.error)?.message) ?? 'Gemini CLI reported an error.';
          return [...stats(obj(ev.stats)), ok ? { type: 'result', ok, text: lastText } : { type: 'result', ok, message }];
        }
        default:
          return [rawStdout(line)];
      }
    },
    stderr(line) {
      stderr.push(line);
      const retry = /^Attempt \d+ failed\b.*/.exec(line.trim());
      return retry ? [rawStderr(line), { type: 'error', message: retry[0] }] : [rawStderr(line)];
    },
    end(exit) {
      if (resultSeen) return [];
      const result = resultFromExit('Gemini CLI', exit, stderr.text());
      return result.type === 'result' && !result.ok && result.message ? [{ type: 'error', message: result.message }, result] : [result];
    },
  };
}
