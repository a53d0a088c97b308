// `codex exec --json` → AgentEvents. Shapes: fixtures/agents/README.md and codex/*.stdout.txt.
import type { AgentEvent } from '../../../../shared/contract/agent-events';
import type { AgentStreamParser } from './adapter';
import { num, obj, parseJsonObject, rawStderr, rawStdout, resultFromExit, StderrTail, str, usageEvents } from './parse-util';

type Json = Record<string, unknown>;

/** Codex's word once its reconnects and the fallback transport have failed (fixtures/agents/codex/exec-json-offline-150s). */
const WAITING_FOR_NETWORK = /^Reconnecting\.\.\. waiting for network\b/;

/** Codex's stderr log lines ("2026-…Z ERROR codex_api::…") are diagnostics, not the reason a run failed. */
const isCodexLogLine = (line: string): boolean => /^\d{4}-\d\d-\d\dT[\d:.]+Z\s+(ERROR|WARN|INFO|DEBUG|TRACE)\s/.test(line);

/**
 * A parser for one `codex exec` step. Tool items (commands, MCP calls, file
 * changes, web searches) become a tool call when they start and its result
 * when they complete. Top-level `error` events are retries shown as they
 * arrive ("Reconnecting... 2/5"); offline, once it says "Reconnecting...
 * waiting for network" it never exits on its own, so that one is final: the
 * runner ends the step and it is the message.
 */
export function createCodexParser(): AgentStreamParser {
  const started = new Set<string>();
  const stderr = new StderrTail(3, isCodexLogLine);
  let lastError: string | null = null;
  let lastMessage = '';
  let resultSeen = false;

  function toolCall(item: Json): { name: string; input: unknown } | null {
    switch (item.type) {
      case 'command_execution':
        return { name: 'command', input: { command: item.command } };
      case 'mcp_tool_call':
        return { name: `${str(item.server) ?? 'mcp'}.${str(item.tool) ?? 'tool'}`, input: item.arguments ?? null };
      case 'file_change':
        return { name: 'file_change', input: { changes: item.changes ?? [] } };
      case 'web_search':
        return { name: 'web_search', input: { query: item.query } };
      default:
        return null;
    }
  }

  function toolResult(item: Json): { output: string; isError: boolean } {
    switch (item.type) {
      case 'command_execution': {
        const code = num(item.exit_code);
        return { output: str(item.aggregated_output) ?? '', isError: (code !== undefined && code !== 0) || item.status === 'failed' };
      }
      case 'mcp_tool_call': {
        const error = str(obj(item.error)?.message);
        if (error) return { output: error, isError: true };
        const content = obj(item.result)?.content;
        const text = Array.isArray(content) ? content.map((c) => str(obj(c)?.text) ?? '').join('\n') : JSON.stringify(item.result ?? null);
        return { output: text, isError: item.status === 'failed' };
      }
      default:
        return { output: str(item.status) ?? '', isError: item.status === 'failed' };
    }
  }

  function item(line: string, phase: 'started' | 'updated' | 'completed', it: Json): AgentEvent[] {
    const id = str(it.id) ?? '';
    const call = toolCall(it);
    if (call) {
      const out: AgentEvent[] = [];
      if (!started.has(id)) {
        started.add(id);
        out.push({ type: 'tool-call', callId: id, ...call });
      }
      if (phase === 'completed') out.push({ type: 'tool-result', callId: id, ...toolResult(it) });
      return out;
    }
    if (phase !== 'completed') return [];
    switch (it.type) {
      case 'agent_message':
        lastMessage = str(it.text) ?? '';
        return [{ type: 'text', text: lastMessage }];
      case 'reasoning':
        return [{ type: 'thinking', text: str(it.text) ?? '' }];
      case 'error':
        return [{ type: 'error', message: str(it.message) ?? 'error' }];
      default:
        return [rawStdout(line)];
    }
  }

  function usage(u: Json | undefined): AgentEvent[] {
    if (!u) return [];
    // OpenAI counts: input_tokens includes the cached ones; summed over the turn's requests.
    return usageEvents({
      inputTokens: num(u.input_tokens),
      outputTokens: num(u.output_tokens),
      cacheReadTokens: num(u.cached_input_tokens),
      cacheCreationTokens: num(u.cache_write_input_tokens),
    });
  }

  return {
    stdout(line) {
      const ev = parseJsonObject(line);
      if (!ev) return line.trim() ? [rawStdout(line)] : [];
      switch (ev.type) {
        case 'thread.started':
          return typeof ev.thread_id === 'string' ? [{ type: 'session', sessionId: ev.thread_id }] : [rawStdout(line)];
        case 'turn.started':
          return [];
        case 'item.started':
        case 'item.updated':
        case 'item.completed': {
          const it = obj(ev.item);
          return it ? item(line, ev.type.slice(5) as 'started' | 'updated' | 'completed', it) : [rawStdout(line)];
        }
        case 'turn.completed':
          resultSeen = true;
          return [...usage(obj(ev.usage)), { type: 'result', ok: true, text: lastMessage }];
        case 'turn.failed': {
          resultSeen = true;
          const message = str(obj(ev.error)?.message) ?? lastError ?? 'Codex reported a failed turn.';
          return [...usage(obj(ev.usage)), { type: 'result', ok: false, message }];
        }
        case 'error': {
          lastError = str(ev.message) ?? 'error';
          // After its reconnects and the HTTPS fallback failed, codex waits for the network without end:
          // nothing more will come, so the step ends now with codex's own words (not after the idle timeout).
          if (WAITING_FOR_NETWORK.test(lastError)) {
            lastError = `Codex cannot reach its servers: ${lastError}`;
            return [{ type: 'error', message: lastError, final: true }];
          }
          return [{ type: 'error', message: lastError }];
        }
        default:
          return [rawStdout(line)];
      }
    },
    stderr(line) {
      stderr.push(line);
      return [rawStderr(line)];
    },
    end(exit) {
      if (resultSeen) return [];
      // Ended by the runner (no-progress timeout, cancel): the retry it was stuck in says why.
      const lastWords = exit.signal ? (lastError ?? stderr.text()) : (stderr.text() ?? lastError);
      return [resultFromExit('Codex', exit, lastWords)];
    },
  };
}
