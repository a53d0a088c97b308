// Test support: a scripted Anthropic Messages API on loopback (what `claude` calls with
// ANTHROPIC_BASE_URL). Streamed (SSE) and plain replies, text and tool_use blocks,
// stop_reason, usage with the cache fields, and errors in Anthropic's shape
// ({ type: 'error', error: { type, message } }). https://docs.anthropic.com/en/api/messages
import type { ServerResponse } from 'node:http';
import { isRecord, sendJsonBody, startScriptedServer, startSse, writeSse, type Dialect, type ResolvedReply } from './scripted-server';
import type { ScriptedProvider, StartOptions } from './types';

const ERROR_TYPES: Record<number, string> = {
  400: 'invalid_request_error',
  401: 'authentication_error',
  403: 'permission_error',
  404: 'not_found_error',
  413: 'request_too_large',
  429: 'rate_limit_error',
  500: 'api_error',
  529: 'overloaded_error',
};

/** Starts a scripted Anthropic Messages provider; point claude at it with ANTHROPIC_BASE_URL=url. */
export function startAnthropicProvider(options: StartOptions): Promise<ScriptedProvider> {
  return startScriptedServer(anthropicDialect, options.script);
}

export const anthropicDialect: Dialect = {
  api: 'anthropic',
  callIdPrefix: 'toolu_',
  route(method, path) {
    // claude checks reachability with HEAD before its first call.
    if (method === 'HEAD') return { kind: 'static', status: 200 };
    if (method !== 'POST') return null;
    if (path === '/v1/messages') return { kind: 'model', stream: false };
    // claude on Vertex AI (ANTHROPIC_VERTEX_BASE_URL=<url>/v1): the model in the path, the Messages body.
    const vertex = /^\/v1\/projects\/[^/]+\/locations\/[^/]+\/publishers\/anthropic\/models\/([^/:]+):(streamRawPredict|rawPredict)$/.exec(path);
    if (vertex?.[1] === 'count-tokens') return { kind: 'model', stream: false, countTokens: true };
    if (vertex) return { kind: 'model', stream: vertex[2] === 'streamRawPredict', model: vertex[1] };
    if (path === '/v1/messages/count_tokens') return { kind: 'model', stream: false, countTokens: true };
    return null;
  },
  authorized(headers) {
    return Boolean(headers['x-api-key'] || /^Bearer \S/.test(String(headers.authorization ?? '')));
  },
  validate(json, headers) {
    if (!headers['anthropic-version']) return 'anthropic-version: header is required';
    if (!isRecord(json)) return 'The request body must be a JSON object.';
    // Vertex AI takes the model from the path and the version in the body.
    if ((typeof json.model !== 'string' || !json.model) && typeof json.anthropic_version !== 'string') return 'model: Field required';
    const counting = json.max_tokens === undefined && !('stream' in json);
    if (!counting && (!Number.isInteger(json.max_tokens) || (json.max_tokens as number) < 1)) return 'max_tokens: Field required (a positive integer)';
    if (json.stream !== undefined && typeof json.stream !== 'boolean') return 'stream: Input should be a valid boolean';
    if (!Array.isArray(json.messages) || json.messages.length === 0) return 'messages: at least one message is required';
    return checkMessages(json.messages);
  },
  read(json) {
    const messages = json.messages as Message[];
    let start = messages.length;
    while (start > 0 && messages[start - 1]?.role !== 'assistant') start--;
    const trailing = messages.slice(start);
    const toolResults: string[] = [];
    const texts: string[] = [];
    for (const message of trailing) {
      for (const block of blocks(message)) {
        if (block.type === 'text') texts.push(String(block.text ?? ''));
        if (block.type === 'tool_result') {
          const text = contentText(block.content);
          toolResults.push(text);
          texts.push(text);
        }
      }
    }
    return { model: typeof json.model === 'string' ? json.model : undefined, stream: json.stream === true, lastInput: texts.join('\n'), toolResults };
  },
  sendReply(res, reply, stream) {
    if (stream) streamMessage(res, reply);
    else sendJsonBody(res, 200, message(reply));
  },
  sendCount(res, tokens) {
    sendJsonBody(res, 200, { input_tokens: tokens });
  },
  sendError(res, status, text) {
    sendJsonBody(res, status, { type: 'error', error: { type: ERROR_TYPES[status] ?? 'api_error', message: text } }, { 'request-id': 'req_scripted' });
  },
};

interface Message {
  role: string;
  content: unknown;
}
type Block = Record<string, unknown> & { type?: string };

function blocks(message: Message): Block[] {
  if (typeof message.content === 'string') return [{ type: 'text', text: message.content }];
  return Array.isArray(message.content) ? (message.content as Block[]) : [];
}

function contentText(content: unknown): string {
  if (typeof content === 'string') return content;
  if (!Array.isArray(content)) return '';
  return content.map((b: Block) => (b.type === 'text' ? String(b.text ?? '') : '')).join('\n');
}

/** The API's pairing rules: every tool_use answered by a tool_result in the next user turn, and no tool_result without its tool_use. */
function checkMessages(messages: unknown[]): string | null {
  let pending: string[] = [];
  for (let i = 0; i < messages.length; i++) {
    const m = messages[i];
    if (!isRecord(m)) return `messages.${i}: must be an object`;
    // claude 2.x sends role "system" messages under its per-turn-control beta; they sit between turns.
    if (m.role !== 'user' && m.role !== 'assistant' && m.role !== 'system') return `messages.${i}.role: Input should be 'user' or 'assistant'`;
    if (typeof m.content !== 'string' && !Array.isArray(m.content)) return `messages.${i}.content: Input should be a valid list or string`;
    if (m.role === 'system') continue;
    const list = blocks(m as unknown as Message);
    for (const [j, block] of list.entries()) if (!isRecord(block) || typeof block.type !== 'string') return `messages.${i}.content.${j}.type: Field required`;
    if (m.role === 'assistant') {
      if (pending.length > 0) return `messages.${i}: \`tool_use\` ids were found without \`tool_result\` blocks immediately after: ${pending.join(', ')}. Each \`tool_use\` block must have a corresponding \`tool_result\` block in the next message.`;
      pending = list.filter((b) => b.type === 'tool_use').map((b) => String(b.id));
      continue;
    }
    for (const [j, block] of list.entries()) {
      if (block.type !== 'tool_result') continue;
      const id = String(block.tool_use_id);
      if (!pending.includes(id)) return `messages.${i}.content.${j}: unexpected \`tool_use_id\` found in \`tool_result\` blocks: ${id}. Each \`tool_result\` block must have a corresponding \`tool_use\` block in the previous message.`;
      pending = pending.filter((p) => p !== id);
    }
    if (pending.length > 0) return `messages.${i}: \`tool_use\` ids were found without \`tool_result\` blocks immediately after: ${pending.join(', ')}. Each \`tool_use\` block must have a corresponding \`tool_result\` block in the next message.`;
  }
  return null;
}

function contentBlocks(reply: ResolvedReply): Block[] {
  const out: Block[] = [];
  if (reply.text) out.push({ type: 'text', text: reply.text });
  for (const call of reply.toolCalls) out.push({ type: 'tool_use', id: call.id, name: call.name, input: call.input });
  return out;
}

function usage(reply: ResolvedReply, output: number): Record<string, number> {
  return {
    input_tokens: reply.usage.input,
    cache_creation_input_tokens: reply.usage.cacheWrite,
    cache_read_input_tokens: reply.usage.cacheRead,
    output_tokens: output,
  };
}

function stopReason(reply: ResolvedReply): string {
  return reply.toolCalls.length > 0 ? 'tool_use' : 'end_turn';
}

function message(reply: ResolvedReply): Record<string, unknown> {
  return {
    id: reply.id,
    type: 'message',
    role: 'assistant',
    model: reply.model,
    content: contentBlocks(reply),
    stop_reason: stopReason(reply),
    stop_sequence: null,
    usage: usage(reply, reply.usage.output),
  };
}

/** message_start, one start/delta/stop per content block, message_delta (stop_reason, the cumulative usage as the API sends it today), message_stop. */
function streamMessage(res: ServerResponse, reply: ResolvedReply): void {
  startSse(res);
  writeSse(res, { type: 'message_start', message: { ...message(reply), content: [], stop_reason: null, usage: usage(reply, 1) } }, 'message_start');
  writeSse(res, { type: 'ping' }, 'ping');
  contentBlocks(reply).forEach((block, index) => {
    const start = block.type === 'text' ? { type: 'text', text: '' } : { ...block, input: {} };
    writeSse(res, { type: 'content_block_start', index, content_block: start }, 'content_block_start');
    const delta =
      block.type === 'text'
        ? { type: 'text_delta', text: block.text }
        : { type: 'input_json_delta', partial_json: JSON.stringify(block.input) };
    writeSse(res, { type: 'content_block_delta', index, delta }, 'content_block_delta');
    writeSse(res, { type: 'content_block_stop', index }, 'content_block_stop');
  });
  writeSse(res, { type: 'message_delta', delta: { stop_reason: stopReason(reply), stop_sequence: null }, usage: usage(reply, reply.usage.output) }, 'message_delta');
  writeSse(res, { type: 'message_stop' }, 'message_stop');
  res.end();
}
