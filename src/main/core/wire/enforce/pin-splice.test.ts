// The restored blocks spliced into the body's text give the same JSON as the tree written whole
// (the reference), for every API and place: items appended, an item inserted before others, a
// string content turned into blocks, Code Assist's wrapped request, non-ASCII text around.
import { describe, expect, it } from 'vitest';
import type { WireApi } from '../../../../shared/contract/wire';
import { placeRestored } from './pin-place';
import { splicedInsertion } from './pin-splice';

const cases: { name: string; api: WireApi; body: unknown }[] = [
  { name: 'anthropic, blocks appended to the first user message', api: 'anthropic-messages', body: { model: 'm', messages: [{ role: 'user', content: [{ type: 'text', text: 'Résumé ✓ summary' }] }, { role: 'assistant', content: 'ok' }] } },
  { name: 'anthropic, a string content turned into blocks', api: 'anthropic-messages', body: { messages: [{ role: 'user', content: 'Summary — “quoted”' }] } },
  {
    name: 'openai, a message item before the conversation',
    api: 'openai-responses',
    body: { input: [{ type: 'message', role: 'developer', content: [{ type: 'input_text', text: 'rules' }] }, { type: 'message', role: 'user', content: [{ type: 'input_text', text: 'ask ü' }] }] },
  },
  { name: 'openai, an empty input', api: 'openai-responses', body: { input: [] } },
  { name: 'gemini, parts appended', api: 'gemini-generate', body: { contents: [{ role: 'user', parts: [{ text: 'snapshot ✓' }] }, { role: 'model', parts: [{ text: 'Got it.' }] }] } },
  { name: 'gemini, a first user content made', api: 'gemini-generate', body: { contents: [{ role: 'model', parts: [{ text: 'hi' }] }] } },
  { name: 'code assist, the wrapped request', api: 'gemini-generate', body: { model: 'g', project: 'p', request: { contents: [{ role: 'user', parts: [{ text: 'snapshot' }] }] } } },
];

describe('the restored blocks spliced into the body', () => {
  for (const c of cases) {
    it(c.name, () => {
      // Spaced as a CLI might send it: the splice keeps the rest byte for byte.
      const text = JSON.stringify(c.body, null, 1);
      const body = Buffer.from(text, 'utf8');
      const json = JSON.parse(text) as Record<string, unknown>;
      const insertion = placeRestored(c.api, json, ['[Loupe restored pinned context: segment tool-1, …]\nline “one”\n[End]', 'second block'])!;
      expect(insertion).not.toBeNull();
      const spliced = splicedInsertion(body, text, json, insertion);
      expect(spliced).not.toBeNull();
      expect(JSON.parse(spliced!.toString('utf8'))).toEqual(json);
      // Only the inserted JSON was added.
      expect(spliced!.length - body.length).toBeLessThan(Buffer.byteLength(JSON.stringify(json)) - Buffer.byteLength(JSON.stringify(c.body)) + 8);
    });
  }
});
