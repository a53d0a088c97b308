/**
 * Code Assist (what gemini signed in with Google sends to CODE_ASSIST_ENDPOINT,
 * `POST /v1internal:streamGenerateContent?alt=sse` and `:generateContent`):
 * the Gemini request wrapped as `{ model, project, user_prompt_id, request }`.
 * The wrapped request is parsed by the Gemini parser, so its segments carry
 * the same content-derived ids and its nodes point into this very body (the
 * eviction and redaction stages rewrite them in place).
 */
import { obj, str } from '../../conversation/fields';
import type { IdOptions } from '../../conversation/builder';
import { parseGemini } from './gemini';
import type { ParsedRequest } from './parsed';

/** `/v1internal:generateContent`, `/v1internal:streamGenerateContent`: a method on the version, no `models/…` path. */
const ENDPOINT = /^\/[A-Za-z0-9]+:(stream)?[gG]enerateContent$/;

/** Whether a gemini-route request is Code Assist's wrapped shape rather than the Gemini API's. */
export function isCodeAssist(endpoint: string, body: Record<string, unknown>): boolean {
  return ENDPOINT.test(endpoint) && Object.keys(obj(body.request)).length > 0;
}

/** Parses a Code Assist model request (already JSON-parsed): the inner request as Gemini, the model from the wrapper. */
export function parseCodeAssist(body: Record<string, unknown>, endpoint: string, ids: IdOptions = {}): ParsedRequest {
  const parsed = parseGemini(obj(body.request), endpoint, ids);
  parsed.model = str(body.model) ?? parsed.model;
  return parsed;
}
