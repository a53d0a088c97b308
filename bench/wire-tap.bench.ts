// The relay's usage tap (src/main/core/wire/usage.ts) on 10 MB of server-sent events, the work it
// adds to every relayed stream, against the floor of any line reader in the same run: a loop
// that only finds each line end with Buffer.indexOf. Three streams, each cut in 16 KiB chunks
// (a socket read's pieces, lines cut across them): the wire bench's (16 KiB content deltas),
// Anthropic's and OpenAI's real shape (small delta events). Each run checks the usage found.
// Measured in CPU time (process.cpuUsage): the tap is synchronous work, which on a loaded
// machine's wall clock is hidden behind other processes' time slices.
import { loadavg } from 'node:os';
import { usageReader } from '../src/main/core/wire/usage';

const BIG = 10 * 1024 * 1024;
const CHUNK = 16 * 1024;

/** `first`, then `delta` repeated to ~10 MB, then `last`, cut in CHUNK-byte pieces. */
function stream(first: string, delta: string, last: string): Buffer[] {
  const body = Buffer.from(first + delta.repeat(Math.ceil(BIG / delta.length)) + last);
  const chunks: Buffer[] = [];
  for (let at = 0; at < body.length; at += CHUNK) chunks.push(body.subarray(at, at + CHUNK));
  return chunks;
}

const anthropicStart = 'event: message_start\ndata: {"type":"message_start","message":{"id":"m","model":"claude-x","usage":{"input_tokens":10,"cache_read_input_tokens":5,"output_tokens":1}}}\n\n';
const anthropicEnd = 'event: message_delta\ndata: {"type":"message_delta","usage":{"output_tokens":42}}\n\nevent: message_stop\ndata: {"type":"message_stop"}\n\n';
const anthropicUsage = { usage: { input: 15, cacheRead: 5, cacheWrite: null, output: 42 }, model: 'claude-x' };
const cases: { name: string; provider: 'anthropic' | 'openai'; chunks: Buffer[]; expected: unknown }[] = [
  {
    name: "the wire bench's 16 KiB deltas",
    provider: 'anthropic',
    chunks: stream(anthropicStart, `data: {"type":"content_block_delta","delta":{"text":"${'x'.repeat(16384)}`.slice(0, 16381) + '\n\n', anthropicEnd),
    expected: anthropicUsage,
  },
  {
    name: "Anthropic's small text deltas",
    provider: 'anthropic',
    chunks: stream(anthropicStart, 'event: content_block_delta\ndata: {"type":"content_block_delta","index":0,"delta":{"type":"text_delta","text":" the quick brown fox jumps over"}}\n\n', anthropicEnd),
    expected: anthropicUsage,
  },
  {
    name: "OpenAI's small text deltas",
    provider: 'openai',
    chunks: stream(
      'event: response.created\ndata: {"type":"response.created","response":{"id":"r","model":"gpt-x","usage":null}}\n\n',
      'event: response.output_text.delta\ndata: {"type":"response.output_text.delta","item_id":"msg_1","output_index":0,"content_index":0,"delta":" the quick brown fox"}\n\n',
      'event: response.completed\ndata: {"type":"response.completed","response":{"id":"r","model":"gpt-x","usage":{"input_tokens":120,"input_tokens_details":{"cached_tokens":100},"output_tokens":7}}}\n\n',
    ),
    expected: { usage: { input: 120, cacheRead: 100, cacheWrite: null, output: 7 }, model: 'gpt-x' },
  },
];

/** The floor: every line end found, nothing else. */
function lineEnds(chunks: Buffer[]): number {
  let n = 0;
  for (const c of chunks) for (let nl = c.indexOf(10); nl >= 0; nl = c.indexOf(10, nl + 1)) n++;
  return n;
}

async function tap(provider: 'anthropic' | 'openai', chunks: Buffer[]) {
  const reader = usageReader(provider, { 'content-type': 'text/event-stream' });
  for (const c of chunks) reader.write(c);
  return reader.done();
}

/**
 * This process's CPU time since `from`, in ms: on a shared machine a few milliseconds of wall time
 * are as often a time slice given to another process as work (the bench does no I/O meanwhile).
 */
const cpuMs = (from: NodeJS.CpuUsage) => ((u) => (u.user + u.system) / 1000)(process.cpuUsage(from));
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
const ROUNDS = 21;
console.log(`usage tap on 10 MB of server-sent events in 16 KiB chunks, CPU time, median of ${ROUNDS} (ratio to finding every line end in the same bytes, same round), load average ${loadavg()[0]!.toFixed(1)}`);
for (const c of cases) {
  const found = await tap(c.provider, c.chunks);
  if (JSON.stringify(found) !== JSON.stringify(c.expected)) throw new Error(`${c.name}: found ${JSON.stringify(found)}`);
  const base: number[] = [];
  const taps: number[] = [];
  for (let i = 0; i < ROUNDS + 2; i++) {
    let t = process.cpuUsage();
    lineEnds(c.chunks);
    base.push(cpuMs(t));
    t = process.cpuUsage();
    await tap(c.provider, c.chunks);
    taps.push(cpuMs(t));
  }
  const [b, r] = [median(base.slice(2)), median(taps.slice(2))];
  console.log(`  ${c.name.padEnd(34)} tap ${r.toFixed(2)} ms, line ends alone ${b.toFixed(2)} ms: ${(r / b).toFixed(2)}x`);
}
