// The scripted providers answered with plain fetch: each API's reply shapes (streamed and
// not), tool calls keyed by the request, usage, the request log without credentials,
// and protocol mistakes in each provider's own error shape.
import { afterEach, describe, expect, it } from 'vitest';
import { startProvider, type ProviderApi, type Script, type ScriptedProvider } from './index';

const open: ScriptedProvider[] = [];
afterEach(async () => {
  await Promise.all(open.splice(0).map((p) => p.close()));
});

async function start(api: ProviderApi, script: Script): Promise<ScriptedProvider> {
  const provider = await startProvider(api, { script });
  open.push(provider);
  return provider;
}

const readThenQuote: Script = {
  turns: [
    { when: (r) => r.toolResults.length > 0, reply: (r) => ({ text: `The file says: ${r.toolResults[0]}`, usage: { input: 50, output: 7, cacheRead: 30, cacheWrite: 4 } }) },
    { when: 'read notes.md', reply: { toolCalls: [{ name: 'Read', input: { file_path: '/ctx/notes.md' } }], usage: { input: 40, output: 5 } } },
  ],
};

/** A response's JSON, untyped (the shapes are what the tests check). */
const body = (res: Response): Promise<any> => res.json();

/** Parses an SSE body into its data payloads. */
function sseData(text: string): Record<string, any>[] {
  return text
    .split('\n\n')
    .map((block) => block.split('\n').find((line) => line.startsWith('data: ')))
    .filter((line): line is string => Boolean(line))
    .map((line) => JSON.parse(line.slice(6)));
}

describe('anthropic', () => {
  const headers = { 'content-type': 'application/json', 'x-api-key': 'sk-secret-1', 'anthropic-version': '2023-06-01' };
  const post = (p: ScriptedProvider, body: unknown, h: Record<string, string> = headers) =>
    fetch(`${p.url}/v1/messages?beta=true`, { method: 'POST', headers: h, body: JSON.stringify(body) });

  it('streams a tool_use, then quotes the tool_result, with usage and cache fields', async () => {
    const p = await start('anthropic', readThenQuote);
    expect((await fetch(p.url, { method: 'HEAD' })).status).toBe(200);
    const first = await post(p, { model: 'claude-x', max_tokens: 100, stream: true, messages: [{ role: 'user', content: 'Please read notes.md' }] });
    expect(first.headers.get('content-type')).toBe('text/event-stream');
    const events = sseData(await first.text());
    expect(events.map((e) => e.type)).toEqual(['message_start', 'ping', 'content_block_start', 'content_block_delta', 'content_block_stop', 'message_delta', 'message_stop']);
    const toolUse = events[2]!.content_block;
    expect(toolUse).toMatchObject({ type: 'tool_use', name: 'Read' });
    expect(JSON.parse(events[3]!.delta.partial_json)).toEqual({ file_path: '/ctx/notes.md' });
    expect(events[5]).toMatchObject({ delta: { stop_reason: 'tool_use' }, usage: { input_tokens: 40, output_tokens: 5 } });

    const second = await post(p, {
      model: 'claude-x',
      max_tokens: 100,
      messages: [
        { role: 'user', content: 'Please read notes.md' },
        { role: 'assistant', content: [toolUse] },
        { role: 'user', content: [{ type: 'tool_result', tool_use_id: toolUse.id, content: [{ type: 'text', text: 'MARKER-42' }] }] },
      ],
    });
    expect(await body(second)).toMatchObject({
      type: 'message',
      role: 'assistant',
      content: [{ type: 'text', text: 'The file says: MARKER-42' }],
      stop_reason: 'end_turn',
      usage: { input_tokens: 50, output_tokens: 7, cache_read_input_tokens: 30, cache_creation_input_tokens: 4 },
    });
    expect(p.turns().map((r) => [r.turn, r.stream, r.toolResults])).toEqual([[1, true, []], [0, false, ['MARKER-42']]]);
    expect(p.requests[1]!.headers['x-api-key']).toBeUndefined();
    expect(p.requests[1]!.headers['anthropic-version']).toBe('2023-06-01');
    expect(JSON.stringify(p.requests)).not.toContain('sk-secret-1');
    expect(p.requests[2]!.reply?.usage).toEqual({ input: 50, output: 7, cacheRead: 30, cacheWrite: 4 });
  });

  it('answers protocol mistakes in Anthropic error shape', async () => {
    const p = await start('anthropic', readThenQuote);
    const unpaired = await post(p, { model: 'm', max_tokens: 5, messages: [{ role: 'user', content: [{ type: 'tool_result', tool_use_id: 'toolu_x', content: 'x' }] }] });
    expect(unpaired.status).toBe(400);
    expect(await body(unpaired)).toMatchObject({ type: 'error', error: { type: 'invalid_request_error', message: expect.stringContaining('toolu_x') } });
    const noTokens = await post(p, { model: 'm', stream: true, messages: [{ role: 'user', content: 'hi' }] });
    expect((await body(noTokens)).error.message).toContain('max_tokens');
    const noKey = await post(p, { model: 'm', max_tokens: 5, messages: [{ role: 'user', content: 'hi' }] }, { 'content-type': 'application/json', 'anthropic-version': '2023-06-01' });
    expect(noKey.status).toBe(401);
    expect((await body(noKey)).error.type).toBe('authentication_error');
    const wrongPath = await fetch(`${p.url}/v1/complete`, { method: 'POST', headers, body: '{}' });
    expect(wrongPath.status).toBe(404);
    expect((await body(wrongPath)).error.type).toBe('not_found_error');
    expect(p.turns()).toHaveLength(0);
  });

  it('answers a scripted error with its status', async () => {
    const p = await start('anthropic', { turns: [{ reply: { error: { status: 529, message: 'Overloaded' } } }] });
    const res = await post(p, { model: 'm', max_tokens: 5, messages: [{ role: 'user', content: 'hi' }] });
    expect(res.status).toBe(529);
    expect(await body(res)).toEqual({ type: 'error', error: { type: 'overloaded_error', message: 'Overloaded' } });
  });
});

describe('openai-responses', () => {
  const headers = { 'content-type': 'application/json', authorization: 'Bearer sk-secret-2' };
  const post = (p: ScriptedProvider, body: unknown) => fetch(`${p.url}/v1/responses`, { method: 'POST', headers, body: JSON.stringify(body) });
  const user = (text: string) => ({ type: 'message', role: 'user', content: [{ type: 'input_text', text }] });

  it('streams a function call through response.completed, then quotes its output', async () => {
    const p = await start('openai-responses', readThenQuote);
    const first = await post(p, { model: 'gpt-x', stream: true, input: [user('Please read notes.md')] });
    const events = sseData(await first.text());
    expect(events[0]!.type).toBe('response.created');
    expect(events.at(-1)!.type).toBe('response.completed');
    expect(events.map((e) => e.sequence_number)).toEqual(events.map((_, i) => i));
    const call = events.find((e) => e.type === 'response.output_item.done')!.item;
    expect(call).toMatchObject({ type: 'function_call', name: 'Read' });
    expect(JSON.parse(call.arguments)).toEqual({ file_path: '/ctx/notes.md' });
    expect(events.at(-1)!.response.usage).toMatchObject({ input_tokens: 40, output_tokens: 5, input_tokens_details: { cached_tokens: 0 } });

    const second = await post(p, {
      model: 'gpt-x',
      stream: true,
      input: [user('Please read notes.md'), call, { type: 'function_call_output', call_id: call.call_id, output: 'MARKER-42' }],
    });
    const done = sseData(await second.text());
    expect(done.filter((e) => e.type === 'response.output_text.delta').map((e) => e.delta).join('')).toBe('The file says: MARKER-42');
    // input_tokens is the whole prompt there, cached part included.
    expect(done.at(-1)!.response.usage).toMatchObject({ input_tokens: 84, input_tokens_details: { cached_tokens: 30 }, output_tokens: 7, total_tokens: 91 });
    expect(JSON.stringify(p.requests)).not.toContain('sk-secret-2');
  });

  it('answers protocol mistakes in OpenAI error shape', async () => {
    const p = await start('openai-responses', readThenQuote);
    const orphan = await post(p, { model: 'gpt-x', input: [user('hi'), { type: 'function_call_output', call_id: 'call_9', output: 'x' }] });
    expect(orphan.status).toBe(400);
    expect(await body(orphan)).toEqual({ error: { message: 'No tool call found for function call output with call_id call_9.', type: 'invalid_request_error', param: null, code: null } });
    const noModel = await post(p, { input: 'hi' });
    expect((await body(noModel)).error.message).toContain("'model'");
    const noKey = await fetch(`${p.url}/v1/responses`, { method: 'POST', body: '{}' });
    expect(await body(noKey)).toMatchObject({ error: { code: 'invalid_api_key' } });
  });
});

describe('gemini', () => {
  const headers = { 'content-type': 'application/json', 'x-goog-api-key': 'sk-secret-3' };
  const post = (p: ScriptedProvider, verb: string, body: unknown) =>
    fetch(`${p.url}/v1beta/models/gemini-x:${verb}`, { method: 'POST', headers, body: JSON.stringify(body) });
  const user = (text: string) => ({ role: 'user', parts: [{ text }] });

  it('streams a functionCall with SSE, then quotes the functionResponse with usageMetadata', async () => {
    const p = await start('gemini', readThenQuote);
    const first = sseData(await (await post(p, 'streamGenerateContent?alt=sse', { contents: [user('Please read notes.md')] })).text());
    const last = first.at(-1)!;
    expect(last.candidates[0].finishReason).toBe('STOP');
    const call = last.candidates[0].content.parts.find((part: any) => part.functionCall);
    expect(call.functionCall).toEqual({ name: 'Read', args: { file_path: '/ctx/notes.md' } });
    expect(last.usageMetadata).toEqual({ promptTokenCount: 40, candidatesTokenCount: 5, totalTokenCount: 45 });

    const history = [user('Please read notes.md'), { role: 'model', parts: [call] }, { role: 'user', parts: [{ functionResponse: { name: 'Read', response: { output: 'MARKER-42' } } }] }];
    const chunks = sseData(await (await post(p, 'streamGenerateContent?alt=sse', { contents: history })).text());
    expect(chunks).toHaveLength(2);
    expect(chunks.map((c) => c.candidates[0].content.parts[0].text).join('')).toBe('The file says: MARKER-42');
    expect(chunks[1]!.usageMetadata).toEqual({ promptTokenCount: 84, candidatesTokenCount: 7, totalTokenCount: 91, cachedContentTokenCount: 30 });
    const plain = await body(await post(p, 'generateContent', { contents: history }));
    expect(plain.candidates[0].content.parts[0].text).toBe('The file says: MARKER-42');
    expect(p.turns().map((r) => r.stream)).toEqual([true, true, false]);
    expect(JSON.stringify(p.requests)).not.toContain('sk-secret-3');
  });

  it('answers a structured side call (the router) from its schema, apart from the script', async () => {
    const p = await start('gemini', readThenQuote);
    const schema = { type: 'OBJECT', properties: { complexity_reasoning: { type: 'STRING' }, complexity_score: { type: 'INTEGER' } } };
    const res = await post(p, 'generateContent', { contents: [user('Please read notes.md')], generationConfig: { responseMimeType: 'application/json', responseJsonSchema: schema } });
    const text = (await body(res)).candidates[0].content.parts[0].text;
    expect(JSON.parse(text)).toEqual({ complexity_reasoning: 'scripted', complexity_score: 1 });
    expect(p.requests[0]!.purpose).toBe('utility');
    expect(p.turns()).toHaveLength(0);
  });

  it('answers protocol mistakes in Google error shape', async () => {
    const p = await start('gemini', readThenQuote);
    const orphan = await post(p, 'generateContent', { contents: [user('hi'), { role: 'user', parts: [{ functionResponse: { name: 'Read', response: {} } }] }] });
    expect(orphan.status).toBe(400);
    expect(await body(orphan)).toEqual({
      error: { code: 400, message: 'Please ensure that function response turn comes immediately after a function call turn.', status: 'INVALID_ARGUMENT' },
    });
    const empty = await post(p, 'generateContent', { contents: [] });
    expect((await body(empty)).error.status).toBe('INVALID_ARGUMENT');
    const unknown = await post(p, 'embedContent', { contents: [user('hi')] });
    expect(await body(unknown)).toMatchObject({ error: { code: 404, status: 'NOT_FOUND' } });
  });
});

it('a turn with `times` answers only that often, then the next match or `otherwise` does', async () => {
  const p = await start('anthropic', { turns: [{ times: 1, reply: { text: 'first' } }], otherwise: { text: 'later' } });
  const headers = { 'content-type': 'application/json', 'x-api-key': 'k', 'anthropic-version': '2023-06-01' };
  const ask = async () => {
    const res = await fetch(`${p.url}/v1/messages`, { method: 'POST', headers, body: JSON.stringify({ model: 'm', max_tokens: 5, messages: [{ role: 'user', content: 'hi' }] }) });
    return (await body(res)).content[0].text;
  };
  expect([await ask(), await ask()]).toEqual(['first', 'later']);
  expect(p.turns().map((r) => r.turn)).toEqual([0, -1]);
});
