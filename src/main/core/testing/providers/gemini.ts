// Test support: a scripted Gemini API on loopback (what `gemini` calls with
// GOOGLE_GEMINI_BASE_URL): models/M:generateContent, :streamGenerateContent (SSE with
// alt=sse, a JSON array without), :countTokens; usageMetadata, functionCall parts, and
// errors in Google's shape ({ error: { code, message, status } }).
// https://ai.google.dev/api/generate-content
import type { ServerResponse } from 'node:http';
import { isRecord, promptTokens, sendJsonBody, startScriptedServer, startSse, writeSse, type Dialect, type ResolvedReply } from './scripted-server';
import type { ScriptedProvider, StartOptions } from './types';

export const STATUS: Record<number, string> = {
  400: 'INVALID_ARGUMENT',
  401: 'UNAUTHENTICATED',
  403: 'PERMISSION_DENIED',
  404: 'NOT_FOUND',
  429: 'RESOURCE_EXHAUSTED',
  500: 'INTERNAL',
  503: 'UNAVAILABLE',
};

// The Gemini API's paths, and Vertex AI's (`/v1beta1/[projects/P/locations/L/]publishers/google/models/M:…`).
const MODEL_PATH = /^\/(v1|v1beta|v1alpha|v1beta1)\/(?:projects\/[^/]+\/locations\/[^/]+\/)?(?:publishers\/google\/)?models\/([^/:]+):(generateContent|streamGenerateContent|countTokens)$/;

/** Starts a scripted Gemini provider; point gemini at it with GOOGLE_GEMINI_BASE_URL=url (or, on Vertex AI, GOOGLE_VERTEX_BASE_URL=url). */
export function startGeminiProvider(options: StartOptions): Promise<ScriptedProvider> {
  return startScriptedServer(geminiDialect, options.script);
}

export const geminiDialect: Dialect = {
  api: 'gemini',
  callIdPrefix: 'fc_',
  route(method, path, query) {
    const match = method === 'POST' ? MODEL_PATH.exec(path) : null;
    if (!match) return null;
    const [, , model, verb] = match;
    if (verb === 'countTokens') return { kind: 'model', stream: false, model, countTokens: true };
    // Without alt=sse the stream is one JSON array written piece by piece; with it, SSE.
    return { kind: 'model', stream: verb === 'streamGenerateContent', model, ...(verb === 'streamGenerateContent' && query.get('alt') !== 'sse' ? { jsonArray: true } : {}) };
  },
  authorized(headers, query) {
    return Boolean(headers['x-goog-api-key'] || query.get('key') || /^Bearer \S/.test(String(headers.authorization ?? '')));
  },
  validate(json) {
    if (!isRecord(json)) return 'Invalid JSON payload received. The request body must be a JSON object.';
    if (!Array.isArray(json.contents) || json.contents.length === 0) return '* GenerateContentRequest.contents: contents is not specified';
    let lastCalls = -1; // function calls in the previous model turn; -1 when the previous turn was not one
    for (const [i, content] of json.contents.entries()) {
      if (!isRecord(content)) return `* GenerateContentRequest.contents[${i}]: must be an object`;
      if (content.role !== undefined && content.role !== 'user' && content.role !== 'model' && content.role !== 'function')
        return `* GenerateContentRequest.contents[${i}].role: Please use a valid role: user, model.`;
      if (!Array.isArray(content.parts) || content.parts.length === 0) return `* GenerateContentRequest.contents[${i}].parts: contents.parts must not be empty.`;
      const parts = content.parts as unknown[];
      if (!parts.every(isRecord)) return `* GenerateContentRequest.contents[${i}].parts: each part must be an object`;
      const responses = parts.filter((p) => isRecord(p) && p.functionResponse).length;
      if (responses > 0) {
        if (lastCalls < 1) return 'Please ensure that function response turn comes immediately after a function call turn.';
        if (responses !== lastCalls)
          return 'Please ensure that the number of function response parts is equal to the number of function call parts of the function call turn.';
      }
      lastCalls = content.role === 'model' ? parts.filter((p) => isRecord(p) && p.functionCall).length : -1;
    }
    return null;
  },
  read(json) {
    const contents = json.contents as { role?: string; parts: Record<string, unknown>[] }[];
    const texts: string[] = [];
    const toolResults: string[] = [];
    let start = contents.length;
    while (start > 0 && contents[start - 1]?.role !== 'model') start--;
    for (const content of contents.slice(start)) {
      for (const part of content.parts) {
        if (typeof part.text === 'string') texts.push(part.text);
        if (isRecord(part.functionResponse)) {
          const response = part.functionResponse.response;
          const text = isRecord(response) && typeof response.output === 'string' ? response.output : JSON.stringify(response ?? null);
          toolResults.push(text);
          texts.push(text);
        }
      }
    }
    const config = isRecord(json.generationConfig) ? json.generationConfig : {};
    const jsonSchema = config.responseMimeType === 'application/json' ? (config.responseJsonSchema ?? config.responseSchema ?? {}) : undefined;
    return { lastInput: texts.join('\n'), toolResults, jsonSchema };
  },
  sendReply(res, reply, stream, jsonArray) {
    sendGeminiReply(res, reply, stream, jsonArray);
  },
  sendCount(res, tokens) {
    sendJsonBody(res, 200, { totalTokens: tokens });
  },
  sendError(res, status, message) {
    sendJsonBody(res, status, { error: { code: status, message, status: STATUS[status] ?? 'INTERNAL' } });
  },
};

/** Writes a Gemini reply (one body, SSE or a JSON array), each chunk passed through `wrap` (Code Assist wraps it in `response`). */
export function sendGeminiReply(res: ServerResponse, reply: ResolvedReply, stream: boolean, jsonArray: boolean, wrap: (c: Record<string, unknown>) => unknown = (c) => c): void {
  if (!stream) return sendJsonBody(res, 200, wrap(chunk(reply, parts(reply), true)));
  const all = parts(reply);
  // Two chunks when there is text to split, as the API streams deltas; the last carries finishReason and the full usage.
  const half = Math.floor(reply.text.length / 2);
  const chunks = (half > 0 ? [chunk(reply, [{ text: reply.text.slice(0, half) }], false), chunk(reply, [{ text: reply.text.slice(half) }, ...all.slice(1)], true)] : [chunk(reply, all, true)]).map(wrap);
  if (jsonArray) {
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end(JSON.stringify(chunks));
    return;
  }
  startSse(res);
  for (const c of chunks) writeSse(res, c);
  res.end();
}

function parts(reply: ResolvedReply): Record<string, unknown>[] {
  const out: Record<string, unknown>[] = [];
  if (reply.text) out.push({ text: reply.text });
  // Gemini 3 models return a thought signature with each function call and expect it back.
  for (const call of reply.toolCalls) out.push({ functionCall: { name: call.name, args: call.input }, thoughtSignature: `sig-${call.id}` });
  return out;
}

function chunk(reply: ResolvedReply, parts: Record<string, unknown>[], last: boolean): Record<string, unknown> {
  const usageMetadata: Record<string, number> = { promptTokenCount: promptTokens(reply) };
  if (last) {
    usageMetadata.candidatesTokenCount = reply.usage.output;
    usageMetadata.totalTokenCount = promptTokens(reply) + reply.usage.output;
    if (reply.usage.cacheRead > 0) usageMetadata.cachedContentTokenCount = reply.usage.cacheRead;
  }
  return {
    candidates: [{ content: { role: 'model', parts }, index: 0, ...(last ? { finishReason: 'STOP' } : {}) }],
    usageMetadata,
    modelVersion: reply.model,
    responseId: reply.id,
  };
}
