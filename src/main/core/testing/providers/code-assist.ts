// Test support: a scripted Code Assist server on loopback (what `gemini` signed in with
// Google calls at CODE_ASSIST_ENDPOINT, version v1internal): loadCodeAssist,
// retrieveUserQuota, listExperiments and onboardUser answered with fixed bodies; the model
// calls (:generateContent, :streamGenerateContent?alt=sse, :countTokens) take the Gemini
// request wrapped as `{ model, project, user_prompt_id, request }` and answer it wrapped as
// `{ response: { candidates, usageMetadata } }`. The Gemini dialect does the rest.
import { geminiDialect, sendGeminiReply } from './gemini';
import { isRecord, sendJsonBody, startScriptedServer, type Dialect } from './scripted-server';
import type { ScriptedProvider, StartOptions } from './types';

const PATH = /^\/(v1internal|v1[a-z0-9]*):([A-Za-z]+)$/;

/** Fixed answers of the setup calls gemini makes before its first turn. */
const SETUP: Record<string, unknown> = {
  loadCodeAssist: { currentTier: { id: 'standard-tier', name: 'Scripted', userDefinedCloudaicompanionProject: true }, allowedTiers: [{ id: 'standard-tier', isDefault: true }], cloudaicompanionProject: 'scripted-project' },
  onboardUser: { done: true, response: { cloudaicompanionProject: { id: 'scripted-project' } } },
  retrieveUserQuota: { buckets: [] },
  listExperiments: { experimentIds: [], flags: [] },
  recordCodeAssistMetrics: {},
};

/** Starts a scripted Code Assist server; point gemini at it with CODE_ASSIST_ENDPOINT=url. */
export function startCodeAssistProvider(options: StartOptions): Promise<ScriptedProvider> {
  return startScriptedServer(codeAssistDialect, options.script);
}

const inner = (json: unknown): Record<string, unknown> => (isRecord(json) && isRecord(json.request) ? json.request : {});

export const codeAssistDialect: Dialect = {
  api: 'code-assist',
  callIdPrefix: 'fc_',
  route(method, path, query) {
    const match = method === 'POST' ? PATH.exec(path) : null;
    if (!match) return null;
    const verb = match[2]!;
    if (verb in SETUP) return { kind: 'static', status: 200, body: SETUP[verb] };
    if (verb === 'countTokens') return { kind: 'model', stream: false, countTokens: true };
    if (verb === 'generateContent') return { kind: 'model', stream: false };
    if (verb === 'streamGenerateContent') return { kind: 'model', stream: true, ...(query.get('alt') !== 'sse' ? { jsonArray: true } : {}) };
    return null;
  },
  authorized: (headers) => /^Bearer \S/.test(String(headers.authorization ?? '')),
  validate(json, headers) {
    if (!isRecord(json) || !isRecord(json.request)) return 'Invalid JSON payload received. Unknown name: the Code Assist request must wrap the model request in "request".';
    // countTokens wraps only { model, contents }.
    if (!Array.isArray(json.request.contents)) return '* request.contents: contents is not specified';
    return geminiDialect.validate(json.request, headers);
  },
  read(json) {
    const reading = geminiDialect.read(inner(json));
    return { ...reading, model: typeof json.model === 'string' ? json.model : typeof inner(json).model === 'string' ? (inner(json).model as string) : undefined };
  },
  sendReply(res, reply, stream, jsonArray) {
    sendGeminiReply(res, reply, stream, jsonArray, (c) => ({ response: c, traceId: `trace-${reply.id}` }));
  },
  sendCount(res, tokens) {
    sendJsonBody(res, 200, { totalTokens: tokens });
  },
  sendError: geminiDialect.sendError,
};
