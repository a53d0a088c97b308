// Claude Code `-p --output-format stream-json --verbose` → AgentEvents.
// Shapes: fixtures/agents/README.md ("Event shapes") and the claude/*.stdout.txt captures.
import type { AgentEvent } from '../../../../shared/contract/agent-events';
import type { AgentStreamParser } from './adapter';
import { toolOutputText } from '../../../../shared/tool-output';
import { num, obj, parseJsonObject, rawStderr, rawStdout, resultFromExit, StderrTail, str, usageEvents } from './parse-util';

/** System events that only report progress Loupe does not show (the stream's own bookkeeping). */
const QUIET_SYSTEM = new Set(['thinking_tokens', 'status', 'task_started', 'task_progress', 'task_updated', 'task_notification']);

/** Tools whose input names a file the agent reads. */
const READ_TOOLS: Record<string, string> = { Read: 'file_path', NotebookRead: 'notebook_path' };

type Json = Record<string, unknown>;

/**
 * A parser for one Claude Code step (also the demo agent, which speaks the
 * same stream). Assistant messages arrive as one event per content block, and
 * several events share `message.id`: each block is emitted once. Usage: a
 * `usage` event with `contextTokens` when a new main-chain message starts
 * (subagent messages never change it), and the full report at `result`.
 */
export function createClaudeParser(cli = 'Claude Code'): AgentStreamParser {
  const seenBlocks = new Map<string, Set<string>>();
  const pendingReads = new Map<string, string>();
  const stderr = new StderrTail();
  let contextTokens: number | undefined;
  let resultSeen = false;

  function assistant(line: string, ev: Json): AgentEvent[] {
    const msg = obj(ev.message);
    const content = msg?.content;
    if (!msg || !Array.isArray(content)) return [rawStdout(line)];
    const parent = str(ev.parent_tool_use_id);
    const out: AgentEvent[] = [];
    // A synthetic message carrying an error ("Not logged in · Please run /login") is not a reply.
    if (ev.error !== undefined && ev.error !== null) {
      const text = content.map((b) => str(obj(b)?.text) ?? '').join('\n').trim();
      return [{ type: 'error', message: text || String(str(ev.error) ?? 'error') }];
    }
    const id = str(msg.id) ?? '';
    let seen = seenBlocks.get(id);
    if (!seen) {
      seen = new Set();
      seenBlocks.set(id, seen);
      if (!parent && msg.model !== '<synthetic>') {
        const u = obj(msg.usage);
        if (u) {
          contextTokens = (num(u.input_tokens) ?? 0) + (num(u.cache_creation_input_tokens) ?? 0) + (num(u.cache_read_input_tokens) ?? 0);
          out.push({ type: 'usage', usage: { contextTokens } });
        }
      }
    }
    let unknown = false;
    for (const b of content) {
      const block = obj(b);
      if (!block) continue;
      const key = block.type === 'tool_use' ? `tool_use:${str(block.id)}` : JSON.stringify(block);
      if (seen.has(key)) continue;
      seen.add(key);
      const event = blockEvent(block);
      if (!event) {
        unknown = true;
        continue;
      }
      if (parent) (event as { parentCallId?: string }).parentCallId = parent;
      out.push(event);
    }
    if (unknown) out.push(rawStdout(line));
    return out;
  }

  function blockEvent(block: Json): AgentEvent | null {
    switch (block.type) {
      case 'text':
        return { type: 'text', text: str(block.text) ?? '' };
      case 'thinking':
        return { type: 'thinking', text: str(block.thinking) ?? '' };
      case 'redacted_thinking':
        return { type: 'thinking', text: '[redacted thinking]' };
      case 'tool_use': {
        const callId = str(block.id) ?? '';
        const name = str(block.name) ?? 'tool';
        const field = READ_TOOLS[name];
        const path = field ? str(obj(block.input)?.[field]) : undefined;
        if (path) pendingReads.set(callId, path);
        return { type: 'tool-call', callId, name, input: block.input ?? null };
      }
      default:
        return null;
    }
  }

  function user(line: string, ev: Json): AgentEvent[] {
    const content = obj(ev.message)?.content;
    // A string body: the compaction summary or a local command's echo; kept as raw output.
    if (!Array.isArray(content)) return [rawStdout(line)];
    const parent = str(ev.parent_tool_use_id);
    const out: AgentEvent[] = [];
    for (const b of content) {
      const block = obj(b);
      if (block?.type !== 'tool_result') continue; // a subagent's prompt: already in its tool call
      const callId = str(block.tool_use_id) ?? '';
      const isError = block.is_error === true;
      out.push({ type: 'tool-result', callId, output: toolOutputText(block.content), isError, ...(parent ? { parentCallId: parent } : {}) });
      const path = pendingReads.get(callId);
      if (path !== undefined) {
        pendingReads.delete(callId);
        if (!isError) out.push({ type: 'file-read', path });
      }
    }
    return out;
  }

  function result(ev: Json): AgentEvent[] {
    resultSeen = true;
    const out: AgentEvent[] = [];
    const u = obj(ev.usage) ?? {};
    out.push(
      ...usageEvents({
        inputTokens: num(u.input_tokens),
        outputTokens: num(u.output_tokens),
        cacheReadTokens: num(u.cache_read_input_tokens),
        cacheCreationTokens: num(u.cache_creation_input_tokens),
        // Only when some were written (the report carries the split, mostly zeros).
        cacheCreation1hTokens: num(obj(u.cache_creation)?.ephemeral_1h_input_tokens) || undefined,
        contextTokens,
        costUsd: num(ev.total_cost_usd),
      }),
    );
    const failed = ev.is_error === true || String(ev.subtype ?? '').startsWith('error');
    const text = str(ev.result);
    if (failed) {
      const errors = Array.isArray(ev.errors) ? ev.errors.filter((e): e is string => typeof e === 'string') : [];
      const message = text?.trim() || errors.join('\n') || `${cli} reported ${str(ev.subtype) ?? 'an error'}.`;
      out.push({ type: 'result', ok: false, message });
    } else {
      const structured = ev.structured_output;
      out.push({ type: 'result', ok: true, text: structured !== undefined ? JSON.stringify(structured) : (text ?? '') });
    }
    return out;
  }

  return {
    stdout(line) {
      const ev = parseJsonObject(line);
      if (!ev) return line.trim() ? [rawStdout(line)] : [];
      switch (ev.type) {
        case 'system':
          if (ev.subtype === 'init' && typeof ev.session_id === 'string') {
            const tools = Array.isArray(ev.tools) ? ev.tools.filter((t): t is string => typeof t === 'string') : undefined;
            return [{ type: 'session', sessionId: ev.session_id, model: str(ev.model), tools, cliVersion: str(ev.claude_code_version) }];
          }
          return QUIET_SYSTEM.has(String(ev.subtype)) ? [] : [rawStdout(line)];
        case 'assistant':
          return assistant(line, ev);
        case 'user':
          return user(line, ev);
        case 'result':
          return result(ev);
        default:
          return [rawStdout(line)];
      }
    },
    stderr(line) {
      stderr.push(line);
      return [rawStderr(line)];
    },
    end(exit) {
      return resultSeen ? [] : [resultFromExit(cli, exit, stderr.text())];
    },
  };
}
