// Tool definitions against their use (issue 37), two costs:
// 1. On the relay's path, each Anthropic request is scanned for Claude Code's ToolSearch reminder
//    (the tools it lists by name only): the scan of a 1 MB request (100 turns, ~10 KB tool results,
//    the reminder in its first message) against JSON.parse of the same body, and against the whole
//    parse the relay does (parseRequest), measured in the same run.
// 2. `wire.tools` across sessions: 50 wire sessions of 40 requests (30 tool definitions and up to
//    200 segments each) in a SQLite file, the report built from them against reading the same
//    records alone (what any report over them pays), measured in the same run.
import { createRequire } from 'node:module';
import { mkdtempSync, rmSync } from 'node:fs';
import { availableParallelism, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import type { WireRequestRecord, WireSegment, WireToolDef } from '../src/shared/contract/wire';
import { toolUsage } from '../src/main/core/cost/tool-usage';
import { migrate, type Db } from '../src/main/core/store/store';
import { deferredToolNames } from '../src/main/core/wire/parse/anthropic';
import { parseRequest } from '../src/main/core/wire/parse';
import { insertWireRequest, insertWireSession, listWireSessions, wireRequests } from '../src/main/core/wire/store';
import { ENDPOINTS, wireBody } from '../src/main/core/testing/wire-requests';

const ROUNDS = 41;
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
function timed(fn: () => unknown): number {
  const t = performance.now();
  fn();
  return performance.now() - t;
}
const load = () => loadavg()[0]!.toFixed(1);

// 1. The scan on the relay's path.
const plain = JSON.parse(wireBody('anthropic', { turns: 100, resultChars: 10_000 }).toString()) as { messages: { content: unknown }[] };
const names = Array.from({ length: 40 }, (_, i) => `mcp__server${i % 4}__tool_${i}`);
plain.messages[0]!.content = [{ type: 'text', text: `<system-reminder>\nThe following deferred tools are now available via ToolSearch. Their schemas are NOT loaded:\n${names.join('\n')}\n</system-reminder>` }, { type: 'text', text: 'Start.' }];
const body = Buffer.from(JSON.stringify(plain));
const parsed = JSON.parse(body.toString()) as { messages: unknown };
if (deferredToolNames(parsed.messages).length !== names.length) throw new Error('the scan did not find the listed tools');
for (let i = 0; i < 10; i++) deferredToolNames(parsed.messages), JSON.parse(body.toString()), parseRequest('anthropic', 'POST', ENDPOINTS.anthropic, Buffer.from(body));
const scan: number[] = [];
const json: number[] = [];
const parse: number[] = [];
for (let i = 0; i < ROUNDS; i++) {
  json.push(timed(() => JSON.parse(body.toString())));
  scan.push(timed(() => deferredToolNames(parsed.messages)));
  // A new Buffer each round: parseRequest remembers the last body it parsed.
  parse.push(timed(() => parseRequest('anthropic', 'POST', ENDPOINTS.anthropic, Buffer.from(body))));
}
console.log(`ToolSearch reminder scan of a ${(body.length / 1e6).toFixed(2)} MB Anthropic request (median of ${ROUNDS}; load average ${load()} on ${availableParallelism()} cores)`);
console.log(`  scan ${median(scan).toFixed(3)} ms; JSON.parse ${median(json).toFixed(2)} ms (scan/JSON.parse ${(median(scan) / median(json)).toFixed(3)}x); parseRequest ${median(parse).toFixed(2)} ms (scan/parse ${(median(scan) / median(parse)).toFixed(3)}x)`);

// 2. wire.tools across sessions.
const dir = mkdtempSync(join(tmpdir(), 'loupe-bench-tools-'));
const Database = createRequire(import.meta.url)('better-sqlite3') as new (path: string) => Db;
const db = new Database(join(dir, 'loupe.db'));
migrate(db);
const SESSIONS = 50;
const REQUESTS = 40;
const count = (tokens: number) => ({ tokens, kind: 'estimate' as const });
const tools: WireToolDef[] = Array.from({ length: 30 }, (_, i) => ({ name: i < 20 ? `Tool${i}` : `mcp__srv${i % 3}__t${i}`, origin: i < 20 ? 'built-in' : `mcp:srv${i % 3}`, bytes: 2400, sha256: `h${i}`, tokens: count(600) }));
db.transaction(() => {
  for (let s = 0; s < SESSIONS; s++) {
    const id = `00000000-0000-0000-0000-${String(s).padStart(12, '0')}`;
    insertWireSession(db, { id, kind: 'wrap', agent: 'claude', repo: '/repo', runId: null, createdAt: new Date(Date.UTC(2026, 11, 1, 0, s)).toISOString() });
    for (let q = 1; q <= REQUESTS; q++) {
      const segments: WireSegment[] = Array.from({ length: Math.min(200, q * 5) }, (_, g) => ({ id: `s${s}-g${g}`, kind: g % 2 ? 'tool' : 'assistant', bytes: 400, tokens: count(100), preview: 'x'.repeat(120), ...(g % 2 ? { toolName: `Tool${g % 20}` } : {}) }));
      const record: WireRequestRecord = {
        sessionId: id, seq: q, runId: null, stepId: null, at: new Date(Date.UTC(2026, 11, 1, 0, s, q)).toISOString(), provider: 'anthropic', method: 'POST', endpoint: '/v1/messages', api: 'anthropic-messages',
        model: 'claude-sonnet-4-5', stream: true, status: 200, answeredBy: 'upstream', reason: null, durationMs: 1, requestBytes: 200_000, responseBytes: 100, split: null, count: count(50_000), countBasis: null,
        usage: { input: 50_000, cacheRead: 40_000, cacheWrite: 5_000, output: 100 }, system: [], tools, segments, images: 0, diff: null,
      };
      insertWireRequest(db, record, 50_000);
    }
  }
})();
const price = () => ({ input: 3, output: 15, cacheRead: 0.3, cacheWrite: 3.75 });
// The report as wire.tools builds it (every record of the sessions read whole, then aggregated), against the read alone.
const read = () => listWireSessions(db, undefined, 1000).map((session) => ({ session, records: wireRequests(db, session.id, true) }));
const report = () => toolUsage(read(), price, { sessionId: null, repo: null, since: null });
const once = report();
if (once.requests !== SESSIONS * REQUESTS || once.tools.find((t) => t.name === 'Tool1')!.calls !== SESSIONS * 10) throw new Error('the report did not count every request and call');
for (let i = 0; i < 3; i++) read(), report();
const R2 = 11;
const reads: number[] = [];
const reports: number[] = [];
for (let i = 0; i < R2; i++) {
  reads.push(timed(read));
  reports.push(timed(report));
}
console.log(`wire.tools over ${SESSIONS} sessions × ${REQUESTS} requests (median of ${R2}; load average ${load()})`);
console.log(`  records read ${median(reads).toFixed(1)} ms; the report (read + aggregate) ${median(reports).toFixed(1)} ms (${(median(reports) / median(reads)).toFixed(2)}x the read alone; ${((median(reports) / (SESSIONS * REQUESTS)) * 1000).toFixed(1)} µs a request)`);
db.close();
rmSync(dir, { recursive: true, force: true });
