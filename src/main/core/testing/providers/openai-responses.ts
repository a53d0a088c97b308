// Test support: a scripted OpenAI Responses API on loopback (what `codex` calls through a
// config.toml provider with wire_api = "responses"). Streamed events from
// response.created through response.completed (with usage), plain JSON responses,
// function calls, and errors in OpenAI's shape ({ error: { message, type, param, code } }).
// Also what codex signed in with ChatGPT sends (openai_base_url at it): zstd-encoded bodies
// (decoded by the shared server), GET /v1/models, and GET /v1/responses WebSocket attempts
// (answered 404: codex falls back to HTTP).
// https://platform.openai.com/docs/api-reference/responses-streaming
import type { ServerResponse } from 'node:http';
import { isRecord, promptTokens, sendJsonBody, startScriptedServer, startSse, writeSse, type Dialect, type ResolvedReply } from './scripted-server';
import type { ScriptedProvider, StartOptions } from './types';

const ERRORS: Record<number, { type: string; code: string | null }> = {
  400: { type: 'invalid_request_error', code: null },
  401: { type: 'invalid_request_error', code: 'invalid_api_key' },
  404: { type: 'invalid_request_error', code: 'not_found' },
  429: { type: 'rate_limit_error', code: 'rate_limit_exceeded' },
  500: { type: 'server_error', code: null },
};

/** Item types the model produces; everything after the last of them is the new input. */
const MODEL_ITEMS = new Set(['function_call', 'custom_tool_call', 'local_shell_call', 'reasoning', 'web_search_call']);
const CALL_ITEMS = new Set(['function_call', 'custom_tool_call', 'local_shell_call']);
const OUTPUT_ITEMS = new Set(['function_call_output', 'custom_tool_call_output', 'local_shell_call_output']);

/** Starts a scripted Responses provider; codex reaches it through `base_url = "<url>/v1"`. */
export function startOpenAiResponsesProvider(options: StartOptions): Promise<ScriptedProvider> {
  return startScriptedServer(openAiResponsesDialect, options.script);
}

export const openAiResponsesDialect: Dialect = {
  api: 'openai-responses',
  callIdPrefix: 'call_',
  route(method, path) {
    if (method === 'POST' && path === '/v1/responses') return { kind: 'model', stream: false };
    if (method === 'POST' && path === '/v1/responses/input_tokens') return { kind: 'model', stream: false, countTokens: true };
    // codex signed in with ChatGPT asks its backend for the model list first (an empty one: it keeps its own).
    if (method === 'GET' && path === '/v1/models') return { kind: 'static', status: 200, body: { models: [] } };
    return null;
  },
  authorized(headers) {
    return /^Bearer \S/.test(String(headers.authorization ?? ''));
  },
  validate(json) {
    if (!isRecord(json)) return 'The request body must be a JSON object.';
    if (typeof json.model !== 'string' || !json.model) return "Missing required parameter: 'model'.";
    if (json.stream !== undefined && typeof json.stream !== 'boolean') return "Invalid type for 'stream': expected a boolean.";
    if (typeof json.input === 'string') return null;
    if (!Array.isArray(json.input)) return "Invalid type for 'input': expected a string or an array of input items.";
    const calls = new Set<string>();
    for (const [i, item] of json.input.entries()) {
      if (!isRecord(item)) return `Invalid type for 'input[${i}]': expected an object.`;
      const type = String(item.type ?? 'message');
      if (type === 'message' && !['user', 'assistant', 'system', 'developer'].includes(String(item.role)))
        return `Invalid value: '${String(item.role)}'. Supported values are: 'user', 'assistant', 'system', and 'developer'.`;
      if (CALL_ITEMS.has(type)) calls.add(String(item.call_id));
      if (OUTPUT_ITEMS.has(type) && !calls.has(String(item.call_id))) return `No tool call found for function call output with call_id ${String(item.call_id)}.`;
    }
    return null;
  },
  read(json) {
    const model = json.model as string;
    const stream = json.stream === true;
    if (typeof json.input === 'string') return { model, stream, lastInput: json.input, toolResults: [] };
    const items = json.input as Record<string, unknown>[];
    const fromModel = (item: Record<string, unknown>): boolean => MODEL_ITEMS.has(String(item.type)) || (item.type === 'message' && item.role === 'assistant');
    let start = items.length;
    while (start > 0 && !fromModel(items[start - 1] ?? {})) start--;
    const trailing = items.slice(start);
    const texts: string[] = [];
    const toolResults: string[] = [];
    for (const item of trailing) {
      if (OUTPUT_ITEMS.has(String(item.type))) {
        const text = partsText(item.output);
        toolResults.push(text);
        texts.push(text);
      } else if (item.role === 'user') texts.push(partsText(item.content));
    }
    const format = isRecord(json.text) && isRecord(json.text.format) ? json.text.format : undefined;
    return { model, stream, lastInput: texts.join('\n'), toolResults, jsonSchema: format?.type === 'json_schema' && (json.tools === undefined || (Array.isArray(json.tools) && json.tools.length === 0)) ? format.schema : undefined };
  },
  sendReply(res, reply, stream) {
    if (stream) streamResponse(res, reply);
    else sendJsonBody(res, 200, response(reply, 'completed'));
  },
  sendCount(res, tokens) {
    sendJsonBody(res, 200, { object: 'response.input_tokens', input_tokens: tokens });
  },
  sendError(res, status, message) {
    const kind = ERRORS[status] ?? { type: 'server_error', code: null };
    sendJsonBody(res, status, { error: { message, type: kind.type, param: null, code: kind.code } });
  },
};

function partsText(content: unknown): string {
  if (typeof content === 'string') return content;
  if (!Array.isArray(content)) return '';
  return content.map((part) => (isRecord(part) && typeof part.text === 'string' ? part.text : '')).join('\n');
}

function outputItems(reply: ResolvedReply): Record<string, unknown>[] {
  const items: Record<string, unknown>[] = [];
  if (reply.text) {
    items.push({ type: 'message', id: `msg_${reply.id}`, status: 'completed', role: 'assistant', content: [{ type: 'output_text', text: reply.text, annotations: [] }] });
  }
  for (const call of reply.toolCalls) {
    items.push({ type: 'function_call', id: `fc_${call.id}`, status: 'completed', call_id: call.id, name: call.name, arguments: JSON.stringify(call.input) });
  }
  return items;
}

function response(reply: ResolvedReply, status: string): Record<string, unknown> {
  const done = status === 'completed';
  return {
    id: reply.id,
    object: 'response',
    created_at: Math.floor(Date.now() / 1000),
    status,
    model: reply.model,
    output: done ? outputItems(reply) : [],
    usage: done
      ? {
          input_tokens: promptTokens(reply),
          input_tokens_details: { cached_tokens: reply.usage.cacheRead },
          output_tokens: reply.usage.output,
          output_tokens_details: { reasoning_tokens: 0 },
          total_tokens: promptTokens(reply) + reply.usage.output,
        }
      : null,
  };
}

/** response.created, in_progress, each output item (added, deltas, done), response.completed carrying usage. */
function streamResponse(res: ServerResponse, reply: ResolvedReply): void {
  startSse(res);
  let sequence = 0;
  const send = (type: string, fields: Record<string, unknown>): void => writeSse(res, { type, sequence_number: sequence++, ...fields }, type);
  send('response.created', { response: response(reply, 'in_progress') });
  send('response.in_progress', { response: response(reply, 'in_progress') });
  outputItems(reply).forEach((item, output_index) => {
    if (item.type === 'message') {
      const text = reply.text;
      const item_id = item.id;
      send('response.output_item.added', { output_index, item: { ...item, status: 'in_progress', content: [] } });
      send('response.content_part.added', { item_id, output_index, content_index: 0, part: { type: 'output_text', text: '', annotations: [] } });
      send('response.output_text.delta', { item_id, output_index, content_index: 0, delta: text });
      send('response.output_text.done', { item_id, output_index, content_index: 0, text });
      send('response.content_part.done', { item_id, output_index, content_index: 0, part: { type: 'output_text', text, annotations: [] } });
    } else {
      send('response.output_item.added', { output_index, item: { ...item, status: 'in_progress', arguments: '' } });
      send('response.function_call_arguments.delta', { item_id: item.id, output_index, delta: item.arguments });
      send('response.function_call_arguments.done', { item_id: item.id, output_index, arguments: item.arguments });
    }
    send('response.output_item.done', { output_index, item });
  });
  send('response.completed', { response: response(reply, 'completed') });
  res.end();
}
