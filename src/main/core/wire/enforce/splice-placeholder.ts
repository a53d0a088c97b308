/**
 * The placeholder of rewrite.ts as edits to the body's text: the same values
 * change, in the same places, but only their spans are written, so the rest
 * of the body goes on byte for byte and is never serialized again (the
 * benchmark's 50 evictions on 1 MB). rewrite.ts's in-place rewrite stays the
 * reference: the stage falls back to it for a body the splice cannot address,
 * and splice-placeholder.spec.ts checks both give the same JSON.
 */
import type { WireApi } from '../../../../shared/contract/wire';
import { injectedSection } from '../../conversation/openai-responses';
import { obj, str } from '../../conversation/fields';
import type { SegmentNode } from '../parse/parsed';
import { setMember, splice, targetSpans, type Span, type TextEdit } from './json-spans';
import { CALL_INPUT_KEEP, withheldArgs, writePlaceholder } from './rewrite';

const json = (v: unknown) => JSON.stringify(v);
const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/** Edits for a tool call: its arguments only when they are large (as rewriteCall). */
function callEdits(api: WireApi, at: Record<string, unknown>, span: Span, spanOf: (o: object) => Span | undefined): TextEdit[] | null {
  if (api === 'anthropic-messages') {
    const bytes = Buffer.byteLength(json(at.input ?? null));
    return bytes > CALL_INPUT_KEEP ? [setMember(span, 'input', json(withheldArgs(bytes)))] : [];
  }
  if (api === 'openai-responses') {
    const edits: TextEdit[] = [];
    for (const key of at.type === 'function_call' ? ['arguments'] : at.type === 'custom_tool_call' ? ['input'] : []) {
      const text = str(at[key]);
      if (text !== null && Buffer.byteLength(text) > CALL_INPUT_KEEP) edits.push(setMember(span, key, json(key === 'arguments' ? json(withheldArgs(Buffer.byteLength(text))) : '[withheld by Loupe]')));
    }
    return edits;
  }
  const call = obj(at.functionCall);
  const bytes = Buffer.byteLength(json(call.args ?? null));
  if (bytes <= CALL_INPUT_KEEP) return [];
  // Large args mean functionCall is an object holding them: only `args` changes.
  const callSpan = spanOf(call);
  return callSpan ? [setMember(callSpan, 'args', json(withheldArgs(bytes)))] : null;
}

function resultEdits(api: WireApi, at: Record<string, unknown>, span: Span, text: string, spanOf: (o: object) => Span | undefined): TextEdit[] | null {
  if (api === 'anthropic-messages') return [setMember(span, 'content', json(text))];
  if (api === 'openai-responses') return [setMember(span, 'output', json(text))];
  const output = json({ output: text });
  if (!isObject(at.functionResponse)) return [setMember(span, 'functionResponse', json({ response: { output: text } }))];
  const responseSpan = spanOf(at.functionResponse);
  return responseSpan ? [setMember(responseSpan, 'response', output)] : null;
}

/** An OpenAI message item: injected context parts kept as sent, the rest one part (as rewriteMessage). */
function messageEdits(at: Record<string, unknown>, span: Span, text: string): TextEdit[] {
  if (typeof at.content === 'string' || !Array.isArray(at.content)) return [setMember(span, 'content', json(text))];
  const assistant = at.role === 'assistant';
  const kept = assistant ? [] : at.content.filter((p) => injectedSection(str(obj(p).text) ?? '') !== null);
  return [setMember(span, 'content', json([...kept, { type: assistant ? 'output_text' : 'input_text', text }]))];
}

/** The objects placeholderEdits may ask the span of for one place: the place, and a Gemini part's call or response. */
function placesOf({ at }: SegmentNode): object[] {
  const out: object[] = [at];
  for (const inner of [at.functionCall, at.functionResponse]) if (isObject(inner)) out.push(inner);
  return out;
}

/**
 * The edits that put `text` where the segment's content is, at each of its
 * places (`nodes`, as the parser recorded them); `spanOf` finds a parsed
 * object's span in the text. Null when a place has no span (the caller then
 * rewrites the parsed body instead).
 */
export function placeholderEdits(api: WireApi, nodes: readonly SegmentNode[], text: string, spanOf: (o: object) => Span | undefined): TextEdit[] | null {
  const edits: TextEdit[] = [];
  for (const { at, part } of nodes) {
    const span = spanOf(at);
    if (!span) return null;
    let more: TextEdit[] | null;
    switch (part) {
      case 'text':
        more = [setMember(span, 'text', json(text))];
        break;
      case 'content':
        more = [setMember(span, 'content', json(text))];
        break;
      case 'block':
        more = [{ start: span.start, end: span.end, text: json(api === 'anthropic-messages' ? { type: 'text', text } : { text }) }];
        break;
      case 'message':
        more = messageEdits(at, span, text);
        break;
      case 'call':
        more = callEdits(api, at, span, spanOf);
        break;
      case 'result':
        more = resultEdits(api, at, span, text, spanOf);
        break;
    }
    if (!more) return null;
    edits.push(...more);
  }
  return edits;
}

/** One withheld segment: its places in the parsed body and what stands there instead. */
export interface Placeholder {
  nodes: readonly SegmentNode[];
  text: string;
}

/**
 * The body with every placeholder written. Spliced: the spans of the changed
 * values are found by one scan of the text and replaced, the rest copied as
 * sent. A body the splice cannot address (an object repeating a key, two
 * changes at one place) is rewritten in its parse and serialized whole, as
 * the splice's equivalence test does for reference.
 */
export function rewriteBody(api: WireApi, body: Buffer, text: string, json: Record<string, unknown>, placeholders: readonly Placeholder[]): Buffer {
  const out = splicedBody(api, body, text, json, placeholders);
  if (out) return out;
  for (const p of placeholders) writePlaceholder(api, p.nodes, p.text);
  return Buffer.from(JSON.stringify(json), 'utf8');
}

/** Where the parsers' places are: the conversation of each API (never its system or tools). */
const CONVERSATION_KEYS = ['messages', 'input', 'contents'];
/**
 * How deep under it: a message or item (1), a block or part in its content (3), a Gemini part's
 * functionCall or functionResponse (4). A place not found deeper makes the stage rewrite the whole body.
 */
const PLACE_DEPTH = 4;

/** The spliced body, or null when the splice cannot address it (nothing is changed then). */
export function splicedBody(api: WireApi, body: Buffer, text: string, json: Record<string, unknown>, placeholders: readonly Placeholder[]): Buffer | null {
  // Text JSON.parse accepted always scans; were it not to, the whole rewrite still withholds.
  const spans = targetSpans(text, json, CONVERSATION_KEYS, new Set(placeholders.flatMap((p) => p.nodes.flatMap(placesOf))), PLACE_DEPTH);
  if (!spans) return null;
  const edits: TextEdit[] = [];
  for (const p of placeholders) {
    const more = placeholderEdits(api, p.nodes, p.text, (o) => spans.get(o));
    if (!more) return null;
    edits.push(...more);
  }
  return edits.length ? splice(body, text, edits) : null;
}
