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

/**
 * What placeRestored changed in the tree, for the splice (./pin-splice.ts): `count` items put into
 * `array` at `at`, or member `key` of `object` written anew (a message whose content was a string).
 */
export type Insertion = { kind: 'items'; array: unknown[]; at: number; count: number } | { kind: 'member'; object: Record<string, unknown>; key: string };

function placeAnthropic(root: Record<string, unknown>, texts: readonly string[]): Insertion | null {
  const first = (Array.isArray(root.messages) ? root.messages : []).find((m) => isObject(m) && m.role === 'user') as Record<string, unknown> | undefined;
  if (!first) return null;
  const blocks = texts.map((text) => ({ type: 'text', text }));
  if (typeof first.content === 'string') {
    first.content = [{ type: 'text', text: first.content }, ...blocks];
    return { kind: 'member', object: first, key: 'content' };
  }
  if (!Array.isArray(first.content)) return null;
  first.content.push(...blocks);
  return { kind: 'items', array: first.content, at: first.content.length - blocks.length, count: blocks.length };
}

/** A leading item of the input that is instructions rather than conversation. */
function isPreamble(item: unknown): boolean {
  if (!isObject(item) || (item.type !== undefined && item.type !== 'message')) return false;
  if (item.role === 'developer' || item.role === 'system') return true;
  if (item.role !== 'user') return false;
  const parts = typeof item.content === 'string' ? [item.content] : Array.isArray(item.content) ? item.content.map((p) => str(obj(p).text) ?? '') : [];
  return parts.length > 0 && parts.every((t) => injectedSection(t) !== null);
}

function placeOpenAI(root: Record<string, unknown>, texts: readonly string[]): Insertion | null {
  const input = root.input;
  if (!Array.isArray(input)) return null;
  let at = 0;
  while (at < input.length && isPreamble(input[at])) at++;
  input.splice(at, 0, { type: 'message', role: 'user', content: texts.map((text) => ({ type: 'input_text', text })) });
  return { kind: 'items', array: input, at, count: 1 };
}

function placeGemini(root: Record<string, unknown>, texts: readonly string[]): Insertion | null {
  // Code Assist wraps the Gemini request as `{ model, project, request }`.
  const holder = isObject(root.request) && Array.isArray(root.request.contents) ? root.request : root;
  const contents = holder.contents;
  if (!Array.isArray(contents)) return null;
  const parts = texts.map((text) => ({ text }));
  const first = contents.find((c) => isObject(c) && (c.role ?? 'user') === 'user' && Array.isArray(c.parts) && !c.parts.some((p) => isObject(p) && p.functionResponse !== undefined)) as
    | { parts: unknown[] }
    | undefined;
  if (!first) {
    contents.unshift({ role: 'user', parts });
    return { kind: 'items', array: contents, at: 0, count: 1 };
  }
  first.parts.push(...parts);
  return { kind: 'items', array: first.parts, at: first.parts.length - parts.length, count: parts.length };
}

/** Puts `texts` (one block each, at least one) into the request's JSON in place; null when the request has no place for them. */
export function placeRestored(api: WireApi, root: Record<string, unknown>, texts: readonly string[]): Insertion | null {
  if (api === 'anthropic-messages') return placeAnthropic(root, texts);
  if (api === 'openai-responses') return placeOpenAI(root, texts);
  return placeGemini(root, texts);
}
