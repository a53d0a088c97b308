// Pins after the CLI's compaction (issue 37), on a 1 MB Anthropic request, beside a bare
// JSON.parse of the same body in the same process:
// 1. the pins stage on a request that still carries the pinned segment (what every request
//    pays while something is pinned: the segments remembered, nothing written);
// 2. the pins stage on each request after the compaction dropped it: a 12 KB block put back,
//    spliced into the body's text (the rest copied as it came);
// 3. the outgoing check's part for it (the outgoing body parsed, the block found once).
import { createExchange } from '../src/main/core/wire/enforce/exchange';
import { evictionStage } from '../src/main/core/wire/enforce/evictions';
import { PinMemory } from '../src/main/core/wire/enforce/pin-memory';
import { checkRestored, pinStage } from '../src/main/core/wire/enforce/pins';
import { parseRequest } from '../src/main/core/wire/parse';
import type { RelayRequest } from '../src/main/core/wire/relay';

const f = (n: number, d = 2) => n.toFixed(d);
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

function history(turns: number): unknown[] {
  const messages: unknown[] = [{ role: 'user', content: [{ type: 'text', text: 'Refactor the app.' }] }];
  for (let n = 0; n < turns; n++) {
    const id = `toolu_${n}`;
    messages.push({ role: 'assistant', content: [{ type: 'text', text: `Reading file ${n}.` }, { type: 'tool_use', id, name: 'Read', input: { file_path: `/repo/src/f${n}.ts` } }] });
    messages.push({ role: 'user', content: [{ type: 'tool_result', tool_use_id: id, content: `export const v${n} = ${n}; // file ${n}\n`.repeat(400) }] });
  }
  return messages;
}
const tools = Array.from({ length: 25 }, (_, i) => ({ name: `Tool${i}`, description: 'Does a thing. '.repeat(40), input_schema: { type: 'object' } }));
let turns = 0;
while (JSON.stringify(history(turns)).length < 1_000_000) turns++;
const asBody = (messages: unknown[]) => Buffer.from(JSON.stringify({ model: 'claude-sonnet-4-5', max_tokens: 32000, stream: true, system: [{ type: 'text', text: 'You are Claude Code.' }], tools, messages }));
const full = history(turns);
const whole = asBody(full);
// The compaction dropped turn 0 (its call and result): a summary stands first instead; the rest is kept, the size stays ~1 MB.
const compacted = asBody([{ role: 'user', content: [{ type: 'text', text: 'This session is being continued from a previous conversation. Summary: files were read.' }] }, ...full.slice(3)]);
const request = (b: Buffer, seq: number): RelayRequest => ({ seq, provider: 'anthropic', method: 'POST', endpoint: '/v1/messages', query: {}, headers: {}, body: b, startedAt: 0 });
const pinned = parseRequest('anthropic', 'POST', '/v1/messages', whole)!.segments.find((s) => s.kind === 'tool')!;
const directives = () => [{ segmentId: pinned.id, kind: 'pin' as const, author: 'user' as const, createdAt: '2026-01-01T00:00:00Z' }];

function parseTime(b: Buffer): number {
  const t = performance.now();
  JSON.parse(b.toString('utf8'));
  return performance.now() - t;
}

const memory = new PinMemory();
const pins = pinStage({ directives, owner: () => 'bench' }, memory);
const evictions = evictionStage(directives);
const present: number[] = [];
const restore: number[] = [];
const check: number[] = [];
const parses: number[] = [];
let blockBytes = 0;
// The session's request before the compaction, and the compaction itself (the drop noticed).
for (const b of [whole, compacted]) {
  const x = createExchange(request(Buffer.from(b), 1));
  await evictions(x);
  await pins(x);
}
for (let i = 0; i < 12; i++) {
  // Each exchange gets its own Buffer: parses are cached per Buffer.
  const still = createExchange(request(Buffer.from(whole), 2));
  still.sent();
  let t = performance.now();
  await pins(still);
  const a = performance.now() - t;
  // The segment is back in a later request: the memory goes on putting it back when it drops again.
  const again = createExchange(request(Buffer.from(compacted), 3));
  again.sent();
  memory.owner('bench').restoring.add(pinned.id);
  t = performance.now();
  await pins(again);
  const b = performance.now() - t;
  blockBytes = again.pins?.reinserted[0]?.bytes ?? 0;
  t = performance.now();
  const found = checkRestored(again, []);
  const c = performance.now() - t;
  if (found.length !== 1) throw new Error('the block was not found in the outgoing body');
  const p = parseTime(compacted);
  if (i >= 2) {
    present.push(a);
    restore.push(b);
    check.push(c);
    parses.push(p);
  }
}
const base = median(parses);
const mb = f(compacted.length / 1048576);
console.log(`bare JSON.parse of the ${mb} MB body: median ${f(base, 1)} ms`);
console.log(`pins stage, pinned segment still sent (remembered only): median ${f(median(present), 1)} ms, ${f(median(present) / base)}x the parse`);
console.log(`pins stage, after the compaction (a ${(blockBytes / 1024).toFixed(1)} KB block spliced in): median ${f(median(restore), 1)} ms, ${f(median(restore) / base)}x the parse`);
console.log(`outgoing check's part (outgoing body parsed, block found once): median ${f(median(check), 1)} ms, ${f(median(check) / base)}x the parse`);
