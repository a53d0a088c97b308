// Enforcement on the wire (issue 21), on a 1 MB Anthropic request, beside a bare JSON.parse
// of the same body in the same process:
// 1. the secrets stage (on by default, warn) on a session's first request: every text scanned;
// 2. the same stage on the next request, which carries the same history plus one new tool
//    result (what a CLI sends turn after turn): texts seen before are only hashed;
// 3. the same in redact mode with a secret in the history: replaced again, body rewritten;
// 4. the request budget (a token ceiling: parse and count, the calibrated estimate for Claude),
//    with the record's own parse after it, beside that parse alone (what a record cost before):
//    the body is parsed once for both.
import { createRequire } from 'node:module';
import { migrate, type Db } from '../src/main/core/store/store';
import { lazyTokenCounter } from '../src/main/core/tokens/shared-counter';
import { budgetStage } from '../src/main/core/wire/enforce/budget';
import { createExchange } from '../src/main/core/wire/enforce/exchange';
import type { WireStage } from '../src/main/core/wire/enforce/chain';
import { secretsStage } from '../src/main/core/wire/enforce/secrets';
import { parseRequest } from '../src/main/core/wire/parse';
import type { RelayRequest } from '../src/main/core/wire/relay';

const f = (n: number, d = 2) => n.toFixed(d);
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

function history(turns: number, secretAt: number | null): unknown[] {
  const messages: unknown[] = [{ role: 'user', content: [{ type: 'text', text: 'Refactor the app.' }] }];
  for (let n = 0; n < turns; n++) {
    const id = `toolu_${n}`;
    const text = `export const v${n} = ${n};\n`.repeat(300) + (n === secretAt ? `const token = "ghp_${'Wq7Zx2Lm9Pk4'.repeat(3)}";\n` : '');
    messages.push({ role: 'assistant', content: [{ type: 'text', text: `Reading file ${n}.` }, { type: 'tool_use', id, name: 'Read', input: { file_path: `/repo/src/f${n}.ts` } }] });
    messages.push({ role: 'user', content: [{ type: 'tool_result', tool_use_id: id, content: text }] });
  }
  return messages;
}
const tools = Array.from({ length: 25 }, (_, i) => ({ name: `Tool${i}`, description: 'Does a thing. '.repeat(40), input_schema: { type: 'object' } }));
let turns = 0;
while (JSON.stringify(history(turns, null)).length < 900_000) turns++;
const body = (t: number, secretAt: number | null) =>
  Buffer.from(JSON.stringify({ model: 'claude-sonnet-4-5', max_tokens: 32000, stream: true, system: [{ type: 'text', text: 'You are Claude Code.' }], tools, messages: history(t, secretAt) }));
const request = (b: Buffer, seq: number): RelayRequest => ({ seq, provider: 'anthropic', method: 'POST', endpoint: '/v1/messages', query: {}, headers: {}, body: b, startedAt: 0 });
const first = body(turns, 3);
const next = body(turns + 1, 3);

const Database = createRequire(import.meta.url)('better-sqlite3') as new (path: string) => Db;
const db = new Database(':memory:');
migrate(db);
const deps = { db, tokens: lazyTokenCounter() };

async function time(label: string, make: () => WireStage, runs: { body: Buffer; warm?: Buffer }): Promise<void> {
  const times: number[] = [];
  const parses: number[] = [];
  for (let i = 0; i < 12; i++) {
    const stage = make();
    if (runs.warm) await stage(createExchange(request(runs.warm, 1)));
    const t = performance.now();
    await stage(createExchange(request(runs.body, 2)));
    if (i >= 2) times.push(performance.now() - t);
    const p = performance.now();
    JSON.parse(runs.body.toString('utf8'));
    if (i >= 2) parses.push(performance.now() - p);
  }
  console.log(`${label}: median ${f(median(times), 1)} ms, ${f(median(times) / median(parses), 1)}x a bare JSON.parse (${f(median(parses), 1)} ms) of the ${f(runs.body.length / 1048576)} MB body`);
}

await time('secrets, warn, first request (every text scanned)', () => secretsStage('warn'), { body: first });
await time('secrets, warn, next request (same history + 1 tool result)', () => secretsStage('warn'), { body: next, warm: first });
await time('secrets, redact, next request (the history’s secret replaced again)', () => secretsStage('redact'), { body: next, warm: first });
{
  const stage = budgetStage(deps, { maxRequestTokens: 150_000, policy: 'warn' });
  const alone: number[] = [];
  const withBudget: number[] = [];
  for (let i = 0; i < 8; i++) {
    const a = Buffer.from(next);
    let t = performance.now();
    parseRequest('anthropic', 'POST', '/v1/messages', a);
    if (i >= 2) alone.push(performance.now() - t);
    const b = Buffer.from(next);
    t = performance.now();
    await stage(createExchange(request(b, 2)));
    parseRequest('anthropic', 'POST', '/v1/messages', b);
    if (i >= 2) withBudget.push(performance.now() - t);
  }
  console.log(
    `request budget (150,000-token ceiling) then the record's parse: median ${f(median(withBudget), 1)} ms, ${f(median(withBudget) / median(alone), 2)}x the record's parse alone (${f(median(alone), 1)} ms)`,
  );
}
await deps.tokens.close();
db.close();
