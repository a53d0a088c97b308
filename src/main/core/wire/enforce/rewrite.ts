/**
 * Writes a placeholder in place of a segment's content, in the request's own
 * JSON, the way each API accepts it: the block, part or item stays where it
 * was and keeps its type, ids and role, so every tool call stays paired with
 * its result and the message order is what the CLI sent (Anthropic
 * tool_use/tool_result, OpenAI function_call/function_call_output, Gemini
 * functionCall/functionResponse). Only what the parser recorded as the
 * segment's place is changed; system blocks and tool definitions never are.
 */
import type { WireApi } from '../../../../shared/contract/wire';
import { injectedSection } from '../../conversation/openai-responses';
import { obj, str } from '../../conversation/fields';
import type { SegmentNode } from '../parse/parsed';

/** A tool call's arguments up to this size stay (the model still sees what it called); larger ones are withheld too. */
export const CALL_INPUT_KEEP = 1024;

/** Replaces an object's keys with `next`'s, in place (its place in the parent array is what keeps the order). */
function replaceWith(at: Record<string, unknown>, next: Record<string, unknown>): void {
  for (const key of Object.keys(at)) delete at[key];
  Object.assign(at, next);
}

/** What stands for large tool arguments: an object any schema-less reader accepts. */
export const withheldArgs = (bytes: number) => ({ withheld_by_loupe: `${bytes} bytes of arguments, evicted in Loupe X-Ray` });

function rewriteCall(api: WireApi, at: Record<string, unknown>): void {
  if (api === 'anthropic-messages') {
    const bytes = Buffer.byteLength(JSON.stringify(at.input ?? null));
    if (bytes > CALL_INPUT_KEEP) at.input = withheldArgs(bytes);
    return;
  }
  if (api === 'openai-responses') {
    // function_call carries JSON text in `arguments`, custom_tool_call free text in `input`; other calls stay as sent.
    for (const key of at.type === 'function_call' ? ['arguments'] : at.type === 'custom_tool_call' ? ['input'] : []) {
      const text = str(at[key]);
      if (text !== null && Buffer.byteLength(text) > CALL_INPUT_KEEP) at[key] = key === 'arguments' ? JSON.stringify(withheldArgs(Buffer.byteLength(text))) : '[withheld by Loupe]';
    }
    return;
  }
  const call = obj(at.functionCall);
  const bytes = Buffer.byteLength(JSON.stringify(call.args ?? null));
  if (bytes > CALL_INPUT_KEEP) at.functionCall = { ...call, args: withheldArgs(bytes) };
}

function rewriteResult(api: WireApi, at: Record<string, unknown>, text: string): void {
  if (api === 'anthropic-messages') at.content = text;
  else if (api === 'openai-responses') at.output = text;
  else {
    const response = obj(at.functionResponse);
    at.functionResponse = { ...response, response: { output: text } };
  }
}

/** An OpenAI message item: the CLI's injected context parts stay (they are system context), the rest becomes one part. */
function rewriteMessage(at: Record<string, unknown>, text: string): void {
  if (typeof at.content === 'string' || !Array.isArray(at.content)) {
    at.content = text;
    return;
  }
  const assistant = at.role === 'assistant';
  const kept = assistant ? [] : at.content.filter((p) => injectedSection(str(obj(p).text) ?? '') !== null);
  at.content = [...kept, { type: assistant ? 'output_text' : 'input_text', text }];
}

/** Puts `text` where the segment's content was, at each of its places in the body. */
export function writePlaceholder(api: WireApi, nodes: readonly SegmentNode[], text: string): void {
  for (const { at, part } of nodes) {
    switch (part) {
      case 'text':
        at.text = text;
        break;
      case 'content':
        at.content = text;
        break;
      case 'block':
        replaceWith(at, api === 'anthropic-messages' ? { type: 'text', text } : { text });
        break;
      case 'message':
        rewriteMessage(at, text);
        break;
      case 'call':
        rewriteCall(api, at);
        break;
      case 'result':
        rewriteResult(api, at, text);
        break;
    }
  }
}
