// Test support: the HTTP core every scripted provider shares. A dialect (one per API)
// says which routes exist, how a request is checked and read, and how a reply and an
// error are written in that API's own shapes; this file owns the server, the request
// log (credentials removed) and the script matching. Used by tests only.
import { approxTokens } from '../../../../shared/contract/run-limits';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import zlib from 'node:zlib';
import { decompress as zstdDecompress } from 'fzstd';
import type { AddressInfo } from 'node:net';
import type {
  ProviderApi,
  RecordedRequest,
  ReplyToolCall,
  Script,
  ScriptedProvider,
  ScriptedReply,
  ScriptedTurn,
  ScriptedUsage,
} from './types';

/** What a dialect makes of a route: a model call, a canned answer, or unknown (404). */
export type Route =
  | { kind: 'model'; stream: boolean; model?: string; countTokens?: boolean; jsonArray?: boolean }
  | { kind: 'static'; status: number; body?: unknown }
  | null;

/** What a dialect reads from a valid model-call body. */
export interface RequestReading {
  model?: string;
  stream?: boolean;
  lastInput: string;
  toolResults: string[];
  /** Set when the request asks for structured JSON (a CLI's side call, e.g. gemini's router): it is answered apart from the script. */
  jsonSchema?: unknown;
}

/** A reply resolved from the script, with ids and usage filled in. */
export interface ResolvedReply {
  id: string;
  model: string;
  text: string;
  toolCalls: ReplyToolCall[];
  usage: ScriptedUsage;
}

export interface Dialect {
  api: ProviderApi;
  route(method: string, path: string, query: URLSearchParams): Route;
  /** True when the request carries a credential the way this API takes it. */
  authorized(headers: IncomingMessage['headers'], query: URLSearchParams): boolean;
  /** A message means a 400 in this API's error shape. */
  validate(json: unknown, headers: IncomingMessage['headers']): string | null;
  read(json: Record<string, unknown>): RequestReading;
  /** `jsonArray`: the route asked for a stream written as one JSON array (Gemini without alt=sse). */
  sendReply(res: ServerResponse, reply: ResolvedReply, stream: boolean, jsonArray: boolean): void;
  sendCount(res: ServerResponse, tokens: number): void;
  sendError(res: ServerResponse, status: number, message: string): void;
  /** Prefix for tool-call ids in this API (toolu_, call_, …). */
  callIdPrefix: string;
}

const CREDENTIAL_HEADERS = new Set(['authorization', 'x-api-key', 'x-goog-api-key', 'api-key', 'cookie', 'proxy-authorization', 'chatgpt-account-id']);

/** The kind of an `authorization: Bearer` token by its well-known prefix (never the token): a sign-in's, a JWT, an API key. */
function bearerKind(header: string): string | null {
  const token = /^Bearer (\S+)/.exec(header)?.[1];
  if (!token) return null;
  return /^(sk-ant-oat01-|sk-ant-api03-|ya29\.|eyJ|sk-)/.exec(token)?.[1] ?? 'other';
}

/**
 * A request body as the provider reads it: codex signed in with ChatGPT sends its bodies
 * zstd-encoded (`content-encoding: zstd`), as chatgpt.com accepts them; gzip, deflate and
 * br decoded too. Throws on a body that does not decode (answered 400).
 */
export function decodedBody(raw: Buffer, encoding: string | undefined): Buffer {
  switch ((encoding ?? '').trim().toLowerCase()) {
    case '':
    case 'identity':
      return raw;
    case 'zstd':
      return Buffer.from(zstdDecompress(raw));
    case 'gzip':
      return zlib.gunzipSync(raw);
    case 'deflate':
      return zlib.inflateSync(raw);
    case 'br':
      return zlib.brotliDecompressSync(raw);
    default:
      throw new Error(`unsupported content-encoding ${encoding}`);
  }
}
const CREDENTIAL_QUERY = ['key', 'api_key', 'access_token'];

/** The scripted token estimate: the same ceil(utf8 bytes / 4) Loupe labels approximate. */
const approxTextTokens = (text: string): number => approxTokens(Buffer.byteLength(text, 'utf8'));

/** The whole prompt as APIs without a cache-write figure report it (OpenAI input_tokens, Gemini promptTokenCount): cached tokens included. */
export function promptTokens(reply: ResolvedReply): number {
  return reply.usage.input + reply.usage.cacheRead + reply.usage.cacheWrite;
}

/** Starts `dialect` on 127.0.0.1 (a free port) answering from `script`. */
export async function startScriptedServer(dialect: Dialect, script: Script): Promise<ScriptedProvider> {
  const requests: RecordedRequest[] = [];
  const used = new Map<ScriptedTurn, number>();
  let counter = 0;
  const nextId = (prefix: string): string => `${prefix}${String(++counter).padStart(4, '0')}scripted`;

  const handle = async (req: IncomingMessage, res: ServerResponse, raw: Buffer): Promise<void> => {
    let bodyText = '';
    let undecodable: string | null = null;
    try {
      bodyText = decodedBody(raw, req.headers['content-encoding'] as string | undefined).toString('utf8');
    } catch (err) {
      undecodable = (err as Error).message;
    }
    const url = new URL(req.url ?? '/', 'http://127.0.0.1');
    for (const name of CREDENTIAL_QUERY) if (url.searchParams.has(name)) url.searchParams.set(name, '[removed]');
    const query = new URL(req.url ?? '/', 'http://127.0.0.1').searchParams;
    const record: RecordedRequest = {
      api: dialect.api,
      method: req.method ?? 'GET',
      path: url.pathname + url.search,
      headers: withoutCredentials(req.headers),
      bodyText,
      bodyBytes: raw.length,
      credentialHeaders: Object.keys(req.headers).filter((h) => CREDENTIAL_HEADERS.has(h.toLowerCase())).sort(),
      bearer: bearerKind(String(req.headers.authorization ?? '')),
      json: undefined,
      purpose: 'other',
      stream: false,
      lastInput: '',
      toolResults: [],
      turn: -1,
    };
    requests.push(record);
    const fail = (status: number, message: string): void => {
      record.reply = { status };
      dialect.sendError(res, status, message);
    };
    if (undecodable) return fail(400, `The request body could not be decoded: ${undecodable}.`);
    const route = dialect.route(record.method, url.pathname, query);
    if (!route) return fail(404, `No route for ${record.method} ${url.pathname} on the scripted ${dialect.api} provider.`);
    if (route.kind === 'static') {
      record.purpose = 'probe';
      record.reply = { status: route.status };
      res.writeHead(route.status, route.body === undefined ? {} : { 'content-type': 'application/json' });
      res.end(route.body === undefined ? undefined : JSON.stringify(route.body));
      return;
    }
    if (!dialect.authorized(req.headers, query)) return fail(401, 'No API key was sent with the request.');
    try {
      record.json = bodyText ? JSON.parse(bodyText) : undefined;
    } catch (err) {
      return fail(400, `The request body is not valid JSON: ${(err as Error).message}`);
    }
    const invalid = dialect.validate(record.json, req.headers);
    if (invalid) return fail(400, invalid);
    const reading = dialect.read(record.json as Record<string, unknown>);
    record.model = reading.model ?? route.model;
    record.stream = reading.stream ?? route.stream;
    record.lastInput = reading.lastInput;
    record.toolResults = reading.toolResults;
    if (route.countTokens) {
      record.purpose = 'utility';
      record.reply = { status: 200 };
      return dialect.sendCount(res, approxTextTokens(bodyText));
    }
    let scripted: ScriptedReply;
    if (reading.jsonSchema !== undefined) {
      record.purpose = 'utility';
      scripted = script.utility?.(record) ?? { text: JSON.stringify(sampleForSchema(reading.jsonSchema)) };
    } else {
      record.purpose = 'turn';
      const index = script.turns.findIndex((turn) => (used.get(turn) ?? 0) < (turn.times ?? Infinity) && matches(turn, record));
      record.turn = index;
      const turn = script.turns[index];
      if (turn) {
        used.set(turn, (used.get(turn) ?? 0) + 1);
        scripted = typeof turn.reply === 'function' ? turn.reply(record) : turn.reply;
        // The test acts while the CLI waits for this answer (an eviction mid-session).
        if (turn.hold) await turn.hold(record);
      } else {
        scripted = script.otherwise ?? { text: 'Scripted provider: no turn matched this request.' };
      }
    }
    if (scripted.error) return fail(scripted.error.status, scripted.error.message);
    const text = scripted.text ?? '';
    const toolCalls = (scripted.toolCalls ?? []).map((call) => ({ id: call.id ?? nextId(dialect.callIdPrefix), name: call.name, input: call.input }));
    const usage: ScriptedUsage = {
      input: scripted.usage?.input ?? approxTextTokens(bodyText),
      output: scripted.usage?.output ?? Math.max(1, approxTextTokens(text + JSON.stringify(toolCalls.map((c) => c.input)))),
      cacheRead: scripted.usage?.cacheRead ?? 0,
      cacheWrite: scripted.usage?.cacheWrite ?? 0,
    };
    record.reply = { status: 200, text, toolCalls, usage };
    dialect.sendReply(res, { id: nextId('resp_'), model: record.model ?? 'scripted-model', text, toolCalls, usage }, record.stream, route.jsonArray === true);
  };

  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      handle(req, res, Buffer.concat(chunks)).catch((err: Error) => {
        if (!res.headersSent) dialect.sendError(res, 500, `Scripted provider failed: ${err.message}`);
        else res.end();
      });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    api: dialect.api,
    url: `http://127.0.0.1:${port}`,
    port,
    requests,
    turns: () => requests.filter((r) => r.purpose === 'turn'),
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

function matches(turn: ScriptedTurn, req: RecordedRequest): boolean {
  const when = turn.when;
  if (when === undefined) return true;
  if (typeof when === 'string') return req.lastInput.includes(when);
  if (when instanceof RegExp) return when.test(req.lastInput);
  return when(req);
}

function withoutCredentials(headers: IncomingMessage['headers']): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [name, value] of Object.entries(headers)) {
    if (value === undefined || CREDENTIAL_HEADERS.has(name.toLowerCase())) continue;
    out[name] = Array.isArray(value) ? value.join(', ') : value;
  }
  return out;
}

/** The smallest value a JSON schema (OpenAPI-style upper-case types too) accepts, for side calls asking for structured output. */
export function sampleForSchema(schema: unknown): unknown {
  if (!schema || typeof schema !== 'object') return null;
  const s = schema as { type?: string | string[]; properties?: Record<string, unknown>; items?: unknown; enum?: unknown[] };
  if (Array.isArray(s.enum) && s.enum.length > 0) return s.enum[0];
  const type = String(Array.isArray(s.type) ? s.type[0] : (s.type ?? 'object')).toLowerCase();
  if (type === 'object') {
    const out: Record<string, unknown> = {};
    for (const [key, value] of Object.entries(s.properties ?? {})) out[key] = sampleForSchema(value);
    return out;
  }
  if (type === 'array') return [];
  if (type === 'integer' || type === 'number') return 1;
  if (type === 'boolean') return false;
  if (type === 'string') return 'scripted';
  return null;
}

/** Writes one SSE event (`event:` line only when named). */
export function writeSse(res: ServerResponse, data: unknown, event?: string): void {
  res.write(`${event ? `event: ${event}\n` : ''}data: ${JSON.stringify(data)}\n\n`);
}

export function startSse(res: ServerResponse): void {
  res.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache', connection: 'keep-alive' });
}

export function sendJsonBody(res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}): void {
  const text = JSON.stringify(body);
  res.writeHead(status, { 'content-type': 'application/json', 'content-length': String(Buffer.byteLength(text)), ...headers });
  res.end(text);
}

/** Narrowing helpers for validators. */
export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
