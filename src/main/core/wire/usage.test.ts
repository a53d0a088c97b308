import { describe, expect, it } from 'vitest';
import { usageReader } from './usage';

const SSE = { 'content-type': 'text/event-stream' };

/** Feeds `stream` to a fresh reader in pieces cut at `cuts` (byte offsets). */
async function readCut(stream: Buffer, cuts: number[]) {
  const reader = usageReader('anthropic', SSE);
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
