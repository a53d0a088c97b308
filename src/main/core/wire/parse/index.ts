/** Picks the parser for a request by provider and endpoint; null for anything that is not a model request. */
import { isAscii } from 'node:buffer';
import type { IdOptions, TextMemo } from '../../conversation/builder';
import type { WireProvider } from '../providers';
import { parseAnthropic } from './anthropic';
import { isCodeAssist, parseCodeAssist } from './code-assist';
import { parseGemini } from './gemini';
import { parseOpenAI } from './openai';
import type { ParsedRequest } from './parsed';

export type { ParsedRequest } from './parsed';

/** Keys that hold the system, the tools and the conversation, in any of the three APIs. */
const PART_KEYS = new Set(['system', 'tools', 'messages', 'instructions', 'input', 'systemInstruction', 'system_instruction', 'contents']);

/** claude on Vertex AI: `…/publishers/anthropic/models/<model>:streamRawPredict` (or `:rawPredict`), the model in the path. */
const VERTEX_ANTHROPIC = /\/publishers\/anthropic\/models\/([^/:]+):(stream)?[rR]awPredict$/;

/** Whether a request is a model call of its provider's API (the only requests parsed and enforced). */
export function isModelCall(provider: WireProvider, method: string, endpoint: string): boolean {
  if (method !== 'POST') return false;
  if (provider === 'anthropic') return /\/messages$/.test(endpoint) || (VERTEX_ANTHROPIC.test(endpoint) && VERTEX_ANTHROPIC.exec(endpoint)![1] !== 'count-tokens');
  return provider === 'openai' ? /\/responses$/.test(endpoint) : /:(stream)?[gG]enerateContent$/.test(endpoint);
}

/**
 * The last parse of each body (by the Buffer itself): the request budget parses a body
 * before it is forwarded, and its record parses the same body again after the response;
 * a body no stage rewrote is the same Buffer both times, parsed once. Parsed requests are
 * read, never changed, by their users.
 */
const parsedBodies = new WeakMap<Buffer, { key: string; parsed: ParsedRequest | null }>();

/** The model request a body carries, parsed; null when it is none (a HEAD probe, count_tokens, bad JSON). */
export function parseRequest(provider: WireProvider, method: string, endpoint: string, body: Buffer): ParsedRequest | null {
  const key = `${provider} ${method} ${endpoint}`;
  const seen = parsedBodies.get(body);
  if (seen?.key === key) return seen.parsed;
  const parsed = parseUncached(provider, method, endpoint, body);
  parsedBodies.set(body, { key, parsed });
  return parsed;
}

/**
 * A Map by text that forgets everything once its keys pass `maxChars`
 * characters: it holds a session's history (texts already in memory as the
 * requests are parsed), never an unbounded log.
 */
class BoundedTextMap<V> implements TextMemo<V> {
  private readonly map = new Map<string, V>();
  private chars = 0;
  constructor(private readonly maxChars: number) {}
  get(text: string): V | undefined {
    return this.map.get(text);
  }
  set(text: string, value: V): this {
    if (!this.map.has(text)) {
      this.chars += text.length;
      if (this.chars > this.maxChars) {
        this.map.clear();
        this.chars = text.length;
      }
    }
    this.map.set(text, value);
    return this;
  }
}

/**
 * Segment hashes and secret checks of content parsed before, by content: a CLI
 * sends its whole history with every request, so without these each request
 * re-hashed and re-scanned all the earlier ones (a session of N requests did
 * N² work). Both are pure functions of the content they are found by.
 */
const MEMO_CHARS = 16 * 1024 * 1024;
const seenContent: Required<Pick<IdOptions, 'memo' | 'hidden'>> = { memo: new BoundedTextMap(MEMO_CHARS), hidden: new BoundedTextMap(MEMO_CHARS) };

function parseUncached(provider: WireProvider, method: string, endpoint: string, body: Buffer): ParsedRequest | null {
  if (body.length === 0 || !isModelCall(provider, method, endpoint)) return null;
  const json = jsonObjectOf(body);
  return json ? parseJsonBody(provider, endpoint, json, body.length) : null;
}

/**
 * A model request's body already read as JSON (the exchange's one parse): its whole shape, with
 * `nodes` pointing into `json`, and the session-wide memo of content hashes (parseRequest's own).
 */
export function parseJsonBody(provider: WireProvider, endpoint: string, json: Record<string, unknown>, bodyLength: number): ParsedRequest {
  return parseBody(provider, endpoint, json, bodyLength, seenContent);
}

/** A body as the JSON object it holds; null when it is not JSON or not an object (it goes on as sent). */
export function jsonObjectOf(body: Buffer): Record<string, unknown> | null {
  return jsonObjectOfText(bodyText(body));
}

/**
 * A body's text. An ASCII body (most are: JSON escapes what it must) is read
 * as Latin-1, the same text without the UTF-8 decoder's work (a quarter of a
 * 1 MB request's parse).
 */
export function bodyText(body: Buffer): string {
  return isAscii(body) ? body.toString('latin1') : body.toString('utf8');
}

/** jsonObjectOf for a body already decoded (the eviction stage splices that text). */
export function jsonObjectOfText(text: string): Record<string, unknown> | null {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    return null;
  }
  return json && typeof json === 'object' && !Array.isArray(json) ? (json as Record<string, unknown>) : null;
}

/**
 * A model request's body already parsed as JSON: `parsed.nodes` point into `b`
 * (the eviction stage rewrites them in place). `idsOnly`: segments without
 * previews, only the sizes it wants hashed (the stage matches ids only).
 */
export function parseBody(provider: WireProvider, endpoint: string, b: Record<string, unknown>, bodyLength: number, ids: IdOptions = {}): ParsedRequest {
  const wrapped = provider === 'gemini' && isCodeAssist(endpoint, b);
  const vertex = provider === 'anthropic' ? VERTEX_ANTHROPIC.exec(endpoint) : null;
  const parsed =
    provider === 'anthropic' ? parseAnthropic(b, ids) : provider === 'openai' ? parseOpenAI(b, ids) : wrapped ? parseCodeAssist(b, endpoint, ids) : parseGemini(b, endpoint, ids);
  // Vertex AI names the model in the path and streams by the method (the body may say neither).
  if (vertex) {
    parsed.model ??= vertex[1]!;
    parsed.stream ||= vertex[2] === 'stream';
  }
  // The envelope (model, settings) is measured on its own; the messages are the rest of the body.
  const outside = (o: Record<string, unknown>) => Object.fromEntries(Object.entries(o).filter(([k]) => !PART_KEYS.has(k)));
  // Code Assist: the wrapper's own fields and the wrapped request's settings.
  const envelope = wrapped ? { ...b, request: outside(b.request as Record<string, unknown>) } : outside(b);
  const envelopeBytes = Buffer.byteLength(JSON.stringify(envelope));
  parsed.messageBytes = Math.max(0, bodyLength - envelopeBytes - parsed.systemBytes - parsed.toolBytes);
  return parsed;
}
