/**
 * Where a restored pinned segment goes in a request (./pins.ts), per API, so
 * the request stays one the provider accepts: never between a tool call and
 * its result, never a tool result on its own (it is re-sent as plain text),
 * and at the same place in every request (the start of the history, where a
 * compaction leaves its summary), so the prefix the provider caches from one
 * request to the next stays the same.
 * - Anthropic Messages: text blocks appended to the first user message (after
 *   any tool_result blocks, which must come first; no two user messages in a row).
 * - OpenAI Responses: one user message item after the leading instructions
 *   (developer messages and the CLI's injected context), before any call.
 * - Gemini (and Code Assist's wrapped request): text parts appended to the
 *   first user content that answers no call; a new first user content when none.
 */
import type { WireApi } from '../../../../shared/contract/wire';
import { injectedSection } from '../../conversation/openai-responses';
import { obj, str } from '../../conversation/fields';

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

function placeAnthropic(root: Record<string, unknown>, texts: readonly string[]): boolean {
  const first = (Array.isArray(root.messages) ? root.messages : []).find((m) => isObject(m) && m.role === 'user') as Record<string, unknown> | undefined;
  if (!first) return false;
  const blocks = texts.map((text) => ({ type: 'text', text }));
  if (typeof first.content === 'string') first.content = [{ type: 'text', text: first.content }, ...blocks];
  else if (Array.isArray(first.content)) first.content.push(...blocks);
  else return false;
  return true;
}

/** A leading item of the input that is instructions rather than conversation. */
function isPreamble(item: unknown): boolean {
  if (!isObject(item) || (item.type !== undefined && item.type !== 'message')) return false;
  if (item.role === 'developer' || item.role === 'system') return true;
  if (item.role !== 'user') return false;
  const parts = typeof item.content === 'string' ? [item.content] : Array.isArray(item.content) ? item.content.map((p) => str(obj(p).text) ?? '') : [];
  return parts.length > 0 && parts.every((t) => injectedSection(t) !== null);
}

function placeOpenAI(root: Record<string, unknown>, texts: readonly string[]): boolean {
  const input = root.input;
  if (!Array.isArray(input)) return false;
  let at = 0;
  while (at < input.length && isPreamble(input[at])) at++;
  input.splice(at, 0, { type: 'message', role: 'user', content: texts.map((text) => ({ type: 'input_text', text })) });
  return true;
}

function placeGemini(root: Record<string, unknown>, texts: readonly string[]): boolean {
  // Code Assist wraps the Gemini request as `{ model, project, request }`.
  const holder = isObject(root.request) && Array.isArray(root.request.contents) ? root.request : root;
  const contents = holder.contents;
  if (!Array.isArray(contents)) return false;
  const parts = texts.map((text) => ({ text }));
  const first = contents.find((c) => isObject(c) && (c.role ?? 'user') === 'user' && Array.isArray(c.parts) && !c.parts.some((p) => isObject(p) && p.functionResponse !== undefined)) as
    | { parts: unknown[] }
    | undefined;
  if (first) first.parts.push(...parts);
  else contents.unshift({ role: 'user', parts });
  return true;
}

/** Puts `texts` (one block each) into the request's JSON in place; false when the request has no place for them. */
export function placeRestored(api: WireApi, root: Record<string, unknown>, texts: readonly string[]): boolean {
  if (texts.length === 0) return true;
  if (api === 'anthropic-messages') return placeAnthropic(root, texts);
  if (api === 'openai-responses') return placeOpenAI(root, texts);
  return placeGemini(root, texts);
}
