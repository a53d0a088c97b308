import { describe, expect, it } from 'vitest';
import { usageReader } from './usage';

const SSE = { 'content-type': 'text/event-stream' };

/** Feeds `stream` to a fresh reader in pieces cut at `cuts` (byte offsets). */
async function readCut(stream: Buffer, cuts: number[], provider: 'anthropic' | 'openai' | 'gemini' = 'anthropic') {
  const reader = usageReader(provider, SSE);
  let at = 0;
  for (const cut of [...cuts, stream.length]) {
    reader.write(stream.subarray(at, cut));
    at = cut;
  }
  return reader.done();
}

describe('usageReader on a server-sent event stream', () => {
  const delta = `event: content_block_delta\ndata: {"type":"content_block_delta","index":0,"delta":{"type":"text_delta","text":"${'y'.repeat(3000)}"}}\n\n`;
  const stream = Buffer.from(
    [
      'event: message_start\ndata: {"type":"message_start","message":{"id":"m","model":"claude-x","usage":{"input_tokens":10,"cache_read_input_tokens":5,"cache_creation_input_tokens":2,"output_tokens":1}}}\n\n',
      delta,
      delta,
      'event: message_delta\ndata: {"type":"message_delta","usage":{"output_tokens":42}}\n\n',
      'event: message_stop\ndata: {"type":"message_stop"}',
    ].join(''),
  );
  const expected = { usage: { input: 17, cacheRead: 5, cacheWrite: 2, output: 42 }, model: 'claude-x' };

  it('finds the same usage wherever the chunks cut the lines', async () => {
    expect(await readCut(stream, [])).toEqual(expected);
    // Every single cut in the first and last events (a cut inside each usage line), then a cut every 97 bytes.
    for (let cut = 1; cut < stream.length; cut += cut < 400 || cut > stream.length - 200 ? 1 : 97) {
      expect(await readCut(stream, [cut]), `cut at ${cut}`).toEqual(expected);
    }
    const every = Array.from({ length: Math.floor(stream.length / 7) }, (_, i) => (i + 1) * 7);
    expect(await readCut(stream, every)).toEqual(expected);
  });

  it('drops a line longer than any usage line without losing the usage after it', async () => {
    const huge = `data: {"type":"content_block_delta","delta":{"text":"${'z'.repeat(1024 * 1024 + 10)}"}}\n`;
    const big = Buffer.concat([Buffer.from(huge), stream]);
    const cuts = Array.from({ length: Math.floor(big.length / 65536) }, (_, i) => (i + 1) * 65536);
    expect(await readCut(big, cuts)).toEqual(expected);
  });
});

/** Every cut near the start and the end of `stream`, then one every `step` bytes. */
function cutsOf(stream: Buffer, step: number): number[][] {
  const out: number[][] = [[]];
  for (let cut = 1; cut < stream.length; cut += cut < 300 || cut > stream.length - 600 ? 1 : step) out.push([cut]);
  return out;
}

describe('usageReader skips content events by their first bytes and still finds usage anywhere', () => {
  it('OpenAI Responses: usage on response.completed after long item-level deltas and a done item naming usage', async () => {
    const stream = Buffer.from(
      [
        'event: response.created\ndata: {"type":"response.created","response":{"id":"r","model":"gpt-x","usage":null}}\n\n',
        `event: response.output_text.delta\ndata: {"type":"response.output_text.delta","delta":"${'d'.repeat(5000)}"}\n\n`,
        // An item-level event whose text says "usage": never read for usage (and none is taken from it).
        `event: response.output_item.done\ndata: {"type":"response.output_item.done","item":{"usage":{"input_tokens":999},"text":"${'e'.repeat(300)}"}}\n\n`,
        'event: response.completed\ndata: {"type":"response.completed","response":{"id":"r","model":"gpt-x","usage":{"input_tokens":120,"input_tokens_details":{"cached_tokens":100},"output_tokens":7}}}\n\n',
        'data: [DONE]\n',
      ].join(''),
    );
    const expected = { usage: { input: 120, cacheRead: 100, cacheWrite: null, output: 7 }, model: 'gpt-x' };
    for (const cuts of cutsOf(stream, 89)) expect(await readCut(stream, cuts, 'openai'), `cuts ${cuts}`).toEqual(expected);
  });

  it('Gemini: usageMetadata on every chunk line (no event type), CRLF line ends, the last one wins', async () => {
    const line = (text: string, prompt: number, out: number) =>
      `data: {"candidates":[{"content":{"parts":[{"text":"${text}"}],"role":"model"}}],"usageMetadata":{"promptTokenCount":${prompt},"candidatesTokenCount":${out}},"modelVersion":"gemini-x"}\r\n\r\n`;
    const stream = Buffer.from(line('a'.repeat(2000), 50, 1) + line('b'.repeat(2000), 50, 9));
    const expected = { usage: { input: 50, cacheRead: null, cacheWrite: null, output: 9 }, model: 'gemini-x' };
    for (const cuts of cutsOf(stream, 61)) expect(await readCut(stream, cuts, 'gemini'), `cuts ${cuts}`).toEqual(expected);
  });

  it('Anthropic: a short delta line and a message_delta whose type is not the first key are still right', async () => {
    const stream = Buffer.from(
      [
        'data: {"type":"message_start","message":{"model":"claude-x","usage":{"input_tokens":3,"output_tokens":1}}}\n',
        'data: {"type":"content_block_delta","delta":{"text":"usage"}}\n',
        'data: {"usage":{"output_tokens":5},"type":"message_delta","pad":"' + 'p'.repeat(200) + '"}\n',
      ].join(''),
    );
    const expected = { usage: { input: 3, cacheRead: null, cacheWrite: null, output: 5 }, model: 'claude-x' };
    for (const cuts of cutsOf(stream, 1)) expect(await readCut(stream, cuts), `cuts ${cuts}`).toEqual(expected);
  });

  it('never reads usage from a content event, even one whose top level names usage (the skip is by event type, in place)', async () => {
    const pad = 'q'.repeat(120);
    const anthropic = Buffer.from(
      [
        'data: {"type":"message_start","message":{"model":"claude-x","usage":{"input_tokens":3,"output_tokens":1}}}\n',
        `data: {"type":"content_block_delta","usage":{"output_tokens":999},"model":"fake","pad":"${pad}"}\n`,
        'data: {"type":"message_delta","usage":{"output_tokens":5}}\n',
      ].join(''),
    );
    const want = { usage: { input: 3, cacheRead: null, cacheWrite: null, output: 5 }, model: 'claude-x' };
    for (const cuts of cutsOf(anthropic, 13)) expect(await readCut(anthropic, cuts), `cuts ${cuts}`).toEqual(want);
    const openai = Buffer.from(
      [
        `data: {"type":"response.output_text.delta","response":{"model":"fake","usage":{"input_tokens":999,"input_tokens_details":{"cached_tokens":999}}},"pad":"${pad}"}\n`,
        'data: {"type":"response.completed","response":{"model":"gpt-x","usage":{"input_tokens":8,"output_tokens":2}}}\n',
      ].join(''),
    );
    const expected = { usage: { input: 8, cacheRead: null, cacheWrite: null, output: 2 }, model: 'gpt-x' };
    for (const cuts of cutsOf(openai, 13)) expect(await readCut(openai, cuts, 'openai'), `cuts ${cuts}`).toEqual(expected);
  });
});
