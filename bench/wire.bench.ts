// The wire relay (issue 20), against a plain node upstream on 127.0.0.1 in the same process:
// 1. overhead per request: median latency through the relay (request parsed, usage read
//    from the response copy) minus calling the upstream directly. Goal: <= 2 ms added.
// 2. throughput of a 10 MB streamed (SSE) response through the relay against direct, against
//    a bare TCP pipe process (the floor of any extra process; issue 32's goal: the relay at
//    >= 95% of the pipe's throughput) and against node's http client and server relaying and
//    doing nothing else (the floor of a relay on node's HTTP), each CPU per 10 MB; and the same
//    10 MB from an upstream that paces itself (64 KiB every 1 ms, still thousands of times
//    faster than a model streams tokens): does the relay slow a stream that is not already
//    CPU-bound. ONLY_STREAM=1 runs part 2 alone (LOUPE_BENCH_ROUNDS sets its rounds).
// 3. analysing a 1 MB Anthropic request (parse, hashes, counts, redacted previews),
//    beside JSON.parse of the same body, first seen and as the next request of its session.
//    Goal: <= 20 ms.
import { spawn } from 'node:child_process';
import { createRequire } from 'node:module';
import { loadavg } from 'node:os';
import { migrate, type Db } from '../src/main/core/store/store';
import { lazyTokenCounter } from '../src/main/core/tokens/shared-counter';
import { analyse } from '../src/main/core/wire/analyse';
import { parseRequest } from '../src/main/core/wire/parse';
import { startRelay } from '../src/main/core/wire/relay';
import { usageReader } from '../src/main/core/wire/usage';

const BIG = 10 * 1024 * 1024;

// The provider and the CLI are processes of their own, as in use: only the relay runs in this one.
const UPSTREAM = `
const http = require('node:http');
const SMALL = ${JSON.stringify(
  [
    'event: message_start\ndata: {"type":"message_start","message":{"id":"m","model":"claude-x","usage":{"input_tokens":10,"cache_read_input_tokens":5,"output_tokens":1}}}\n\n',
    'event: content_block_delta\ndata: {"type":"content_block_delta","index":0,"delta":{"type":"text_delta","text":"hi"}}\n\n',
    'event: message_delta\ndata: {"type":"message_delta","usage":{"output_tokens":2}}\n\n',
    'event: message_stop\ndata: {"type":"message_stop"}\n\n',
  ].join(''),
)};
const PIECE = Buffer.from(('data: {"type":"content_block_delta","delta":{"text":"' + 'x'.repeat(16384) ).slice(0, 16381) + '\\n\\n');
const PACED = Buffer.concat([PIECE, PIECE, PIECE, PIECE]);
const server = http.createServer((req, res) => {
  req.resume();
  req.on('end', () => {
    res.writeHead(200, { 'content-type': 'text/event-stream' });
    if (!req.url.includes('big')) return res.end(SMALL);
    let sent = 0;
    if (req.url.includes('paced')) {
      // PACE bytes every 1 ms (waiting for the reader when it is slower).
      const tick = () => {
        if (sent >= ${BIG}) return res.end();
        sent += PACED.length;
        if (res.write(PACED)) setTimeout(tick, 1); else res.once('drain', () => setTimeout(tick, 1));
      };
      return tick();
    }
    const pump = () => {
      while (sent < ${BIG}) { sent += PIECE.length; if (!res.write(PIECE)) return res.once('drain', pump); }
      res.end();
    };
    pump();
  });
});
server.listen(0, '127.0.0.1', () => console.log(server.address().port));
`;

/**
 * The floor of any relay: a process that only copies bytes between the two sockets (no HTTP, no
 * tap). On a machine whose cores the client and the provider already keep busy, the extra hop's
 * socket reads and writes alone cost this share of direct, whatever the relay does.
 */
const PIPE = `
const net = require('node:net');
// The relay's own buffer sizes (256 KiB), so the two differ only by what the relay does.
const server = net.createServer({ highWaterMark: 262144 }, (c) => {
  const u = net.connect({ port: Number(process.argv[1]), host: '127.0.0.1', highWaterMark: 262144 });
  c.pipe(u).pipe(c);
  c.on('error', () => u.destroy()); u.on('error', () => c.destroy()); c.on('close', () => u.destroy());
});
server.listen(0, '127.0.0.1', () => console.log(server.address().port));
// Any line on stdin: this process's CPU time so far (µs), so the bench can set it beside the relay's.
process.stdin.on('data', () => { const u = process.cpuUsage(); console.log(JSON.stringify(u)); });
`;

/**
 * The floor of any relay built on node's own HTTP (issue 32 chose node's client and server over a
 * hand-written parser): a process that relays with node's http client and server and does nothing
 * else (no route, no tap, no headers filtered), the relay's buffer sizes and keep-alive. What the
 * relay costs above it is Loupe's own work; what it costs above the pipe is node's HTTP.
 */
const NODE_RELAY = `
const http = require('node:http');
const agent = new http.Agent({ keepAlive: true, scheduling: 'lifo' });
const port = Number(process.argv[1]);
const server = http.createServer({ highWaterMark: 262144 }, (req, res) => {
  const up = http.request({ host: '127.0.0.1', port, path: req.url, method: req.method, headers: req.headers, agent }, (u) => {
    res.writeHead(u.statusCode, u.headers);
    u.on('data', (d) => { if (!res.write(d)) { u.pause(); res.once('drain', () => u.resume()); } });
    u.on('end', () => res.end());
  });
  up.on('error', () => res.destroy());
  req.pipe(up);
});
server.listen(0, '127.0.0.1', () => console.log(server.address().port));
process.stdin.on('data', () => { const u = process.cpuUsage(); console.log(JSON.stringify(u)); });
`;

/** The client: N interleaved requests to each URL; prints every timing as JSON. */
const CLIENT = `
const http = require('node:http');
const [urls, n, body] = JSON.parse(process.argv[1]);
const agent = new http.Agent({ keepAlive: true });
const post = (url) => new Promise((resolve, reject) => {
  const t = performance.now();
  const c = process.cpuUsage();
  const req = http.request(url, { method: 'POST', agent, headers: { 'content-type': 'application/json', 'x-api-key': 'k' } }, (res) => {
    let bytes = 0;
    res.on('data', (c) => (bytes += c.length));
    res.on('end', () => resolve({ ms: performance.now() - t, bytes, cpu: ((u) => (u.user + u.system) / 1000)(process.cpuUsage(c)) }));
  });
  req.on('error', (err) => reject(new Error(url + ': ' + err.message)));
  req.end(body);
});
(async () => {
  const out = urls.map(() => []);
  // Alternate the order every round, so neither URL always runs first (warmer, or right after the other's GC).
  for (let i = 0; i < n; i++) {
    const order = [...urls.keys()];
    if (i % 2) order.reverse();
    for (const k of order) out[k].push(await post(urls[k]));
  }
  console.log(JSON.stringify(out));
  agent.destroy();
})();
`;

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
const f = (n: number, d = 2) => n.toFixed(d);

if (!process.env.ONLY_ANALYSE) {
const upstream = spawn(process.execPath, ['-e', UPSTREAM], { stdio: ['ignore', 'pipe', 'inherit'] });
const port = await new Promise<string>((resolve) => upstream.stdout.once('data', (c: Buffer) => resolve(c.toString().trim())));
const direct = `http://127.0.0.1:${port}`;
const pipe = spawn(process.execPath, ['-e', PIPE, port], { stdio: ['pipe', 'pipe', 'inherit'] });
const pipePort = await new Promise<string>((resolve) => pipe.stdout.once('data', (c: Buffer) => resolve(c.toString().trim())));
const nodeRelay = spawn(process.execPath, ['-e', NODE_RELAY, port], { stdio: ['pipe', 'pipe', 'inherit'] });
const nodeRelayPort = await new Promise<string>((resolve) => nodeRelay.stdout.once('data', (c: Buffer) => resolve(c.toString().trim())));
/** A baseline process's own CPU time so far (user, system; µs), as it reports it. */
const cpuOf = (child: typeof pipe) => () =>
  new Promise<NodeJS.CpuUsage>((resolve) => {
    child.stdout.once('data', (c: Buffer) => resolve(JSON.parse(c.toString()) as NodeJS.CpuUsage));
    child.stdin.write('\n');
  });
const pipeCpu = cpuOf(pipe);
const nodeRelayCpu = cpuOf(nodeRelay);
const relay = await startRelay({
  upstreams: { anthropic: direct },
  observe(request, forwarded) {
    if (process.env.NOTAP) return null;
    parseRequest(request.provider, request.method, request.endpoint, forwarded);
    let reader: ReturnType<typeof usageReader> | null = null;
    return {
      head: (_s, headers) => (reader = usageReader('anthropic', headers)),
      chunk: (c) => reader?.write(c),
      end: () => void reader?.done(),
    };
  },
});
const body = JSON.stringify({ model: 'claude-x', max_tokens: 10, stream: true, messages: [{ role: 'user', content: 'hi' }] });

type Timing = { ms: number; bytes: number; cpu: number };
/**
 * Runs the client process over `urls` (interleaved, `n` rounds); the relay serves meanwhile.
 * `relayCpu`: this process's CPU from the client's start to its exit (spawning it left out),
 * which is the relay's: the bench does nothing else meanwhile.
 */
function clientRun(urls: string[], n: number): Promise<{ timings: Timing[][]; relayCpu: NodeJS.CpuUsage }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['-e', CLIENT, JSON.stringify([urls, n, body])], { stdio: ['ignore', 'pipe', 'inherit'] });
    const cpu0 = process.cpuUsage();
    let out = '';
    child.stdout.on('data', (c: Buffer) => (out += c.toString()));
    child.on('exit', (code) => {
      const relayCpu = process.cpuUsage(cpu0);
      if (code === 0) resolve({ timings: JSON.parse(out) as Timing[][], relayCpu });
      else reject(new Error(`client exited ${code}`));
    });
  });
}
const client = async (urls: string[], n: number) => (await clientRun(urls, n)).timings;

// 1. Overhead, interleaved so both see the same machine load (the first 50 rounds warm up).
const viaRelay = `${relay.baseUrl('anthropic')}/v1/messages`;
// (ONLY_STREAM=1: the streams alone, for runs of many rounds.)
const [d, r] = process.env.ONLY_STREAM ? [[0], [0]] : (await client([`${direct}/v1/messages`, viaRelay], 450)).map((xs) => xs.slice(50).map((x) => x.ms));
const added = median(r!) - median(d!);
if (!process.env.ONLY_STREAM) console.log(`overhead per request: direct median ${f(median(d!))} ms, relay ${f(median(r!))} ms, added ${f(added)} ms (goal <= 2 ms) ${added <= 2 ? 'OK' : 'OVER'}`);

// 2. 10 MB streamed: rounds of one direct, one relayed, one piped and one node-relayed stream
//    (order alternating), two warm-up rounds dropped. On a shared machine a single stream's time
//    swings 2-5x with the load, so the figures are medians of per-round ratios (same moment),
//    beside the medians; each relay's own CPU per 10 MB (the Loupe relay's is this process's
//    while the client runs; the pipe and node's relay report their own) says what it adds
//    whatever the load.
const ROUNDS = Number(process.env.LOUPE_BENCH_ROUNDS ?? 21);
const [pipe0, node0] = [await pipeCpu(), await nodeRelayCpu()];
const run = await clientRun(
  [`${direct}/big`, `${relay.baseUrl('anthropic')}/big`, `http://127.0.0.1:${pipePort}/big`, `http://127.0.0.1:${nodeRelayPort}/big`],
  ROUNDS + 2,
);
const [bd, br, bp, bn] = run.timings;
const cpu = run.relayCpu;
const [pipe1, node1] = [await pipeCpu(), await nodeRelayCpu()];
const used = (a: NodeJS.CpuUsage, b: NodeJS.CpuUsage) => ({ user: b.user - a.user, system: b.system - a.system });
const perStream = (us: number) => us / 1000 / (ROUNDS + 2);
const cpuText = (c: NodeJS.CpuUsage) => `${f(perStream(c.user + c.system), 1)} ms per 10 MB (user ${f(perStream(c.user), 1)}, system ${f(perStream(c.system), 1)})`;
if ([...bd!, ...br!, ...bp!, ...bn!].some((x) => x.bytes < BIG)) throw new Error('a 10 MB response came short');
const dms = bd!.slice(2).map((x) => x.ms);
const rms = br!.slice(2).map((x) => x.ms);
const pms = bp!.slice(2).map((x) => x.ms);
const nms = bn!.slice(2).map((x) => x.ms);
/** The median over rounds of `a`'s time over `b`'s: b's throughput as a share of a's. */
const shareOf = (a: number[], b: number[]) => median(a.map((x, i) => x / b[i]!));
const ofPipe = shareOf(pms, rms);
const mbps = (ms: number) => f(BIG / 1048576 / (ms / 1000), 0);
const pct = (x: number) => `${f(x * 100, 1)}%`;
console.log(
  `10 MB streamed, ${ROUNDS} rounds, load average ${loadavg()[0]!.toFixed(1)}: medians direct ${f(median(dms), 1)} ms (${mbps(median(dms))} MB/s), relay ${f(median(rms), 1)} ms (${mbps(median(rms))} MB/s), ` +
    `a bare TCP pipe (the floor of any relay process) ${f(median(pms), 1)} ms, node's http relaying and nothing else (the floor of a relay on node's HTTP) ${f(median(nms), 1)} ms; ` +
    `median per-round shares: the relay ${pct(shareOf(dms, rms))} of direct, the pipe ${pct(shareOf(dms, pms))} of direct, node's relay ${pct(shareOf(pms, nms))} of the pipe, ` +
    `the relay ${pct(shareOf(nms, rms))} of node's relay; ` +
    `the relay at ${pct(ofPipe)} of the bare pipe's throughput (goal >= 95%) ${ofPipe >= 0.95 ? 'OK' : 'UNDER'}; ` +
    `CPU: the relay ${cpuText(cpu)}, the bare pipe's ${cpuText(used(pipe0, pipe1))}, node's relay ${cpuText(used(node0, node1))}; ` +
    // The steadier figure on a shared machine: what the relay costs above node's own relaying, measured in the same rounds.
    `the relay's CPU above node's relay ${f(perStream(cpu.user + cpu.system - (node1.user - node0.user) - (node1.system - node0.system)), 1)} ms per 10 MB; ` +
    `the client's CPU per 10 MB: direct ${f(median(bd!.slice(2).map((x) => x.cpu)), 1)} ms, through the relay ${f(median(br!.slice(2).map((x) => x.cpu)), 1)} ms`,
);

// The same 10 MB from a paced upstream (64 KiB every 1 ms): direct and relayed, alternating.
const pacedRun = await clientRun([`${direct}/big-paced`, `${relay.baseUrl('anthropic')}/big-paced`], ROUNDS + 2);
const [pd, pr] = pacedRun.timings;
const pcpu = pacedRun.relayCpu;
if ([...pd!, ...pr!].some((x) => x.bytes < BIG)) throw new Error('a paced 10 MB response came short');
const pdms = pd!.slice(2).map((x) => x.ms);
const prms = pr!.slice(2).map((x) => x.ms);
const paced = median(pdms.map((d, i) => d / prms[i]!));
console.log(
  `10 MB from a paced upstream (64 KiB every 1 ms), ${ROUNDS} rounds, load average ${loadavg()[0]!.toFixed(1)}: direct median ${f(median(pdms), 1)} ms (${mbps(median(pdms))} MB/s), relay ${f(median(prms), 1)} ms (${mbps(median(prms))} MB/s); ` +
    `median per-round share ${f(paced * 100, 1)}% of direct (goal: unchanged, >= 95%) ${paced >= 0.95 ? 'OK' : 'UNDER'}; relay CPU ${cpuText(pcpu)}`,
);
await relay.close();
pipe.kill();
nodeRelay.kill();
upstream.kill();
}

if (process.env.ONLY_STREAM) process.exit(0);

// 3. Analysing a 1 MB request: Claude-Code-shaped (system blocks, 25 tools, a long tool loop).
//    The parser keeps the segment hashes and secret checks of content it has seen (a CLI resends
//    its whole history with every request), so each timed body carries content never seen before
//    (`salt`): "first seen" is a request none of whose content was parsed before (the worst case:
//    the first request of a resumed session); "next in its session" is the same request after its
//    previous one (all but the last turn) was parsed, as every later request of a session is.
const tools = Array.from({ length: 25 }, (_, i) => ({ name: i < 20 ? `Tool${i}` : `mcp__srv__t${i}`, description: 'Does a thing. '.repeat(200), input_schema: { type: 'object', properties: { a: { type: 'string' } } } }));
const requestBody = (salt: string, dropLastTurn = false) => {
  const messages: unknown[] = [{ role: 'user', content: [{ type: 'text', text: `Fix the bug in src/app.ts (${salt})` }] }];
  let turns = 0;
  while (JSON.stringify(messages).length < 900_000) {
    const id = `toolu_${turns++}`;
    messages.push({ role: 'assistant', content: [{ type: 'text', text: `Reading file ${turns}.` }, { type: 'tool_use', id, name: 'Read', input: { file_path: `/repo/src/f${turns}.ts` } }] });
    messages.push({ role: 'user', content: [{ type: 'tool_result', tool_use_id: id, content: `// ${salt}\n${`export const v${turns} = ${turns};\n`.repeat(300)}` }] });
  }
  const body = Buffer.from(JSON.stringify({ model: 'claude-sonnet-4-5', max_tokens: 32000, stream: true, system: [{ type: 'text', text: 'You are Claude Code.' }, { type: 'text', text: 'Rules.\n'.repeat(900) }], tools, messages: dropLastTurn ? messages.slice(0, -2) : messages }));
  return { body, messages: messages.length };
};
// Only the calibration store is read (Claude's count is the calibrated estimate): an in-memory database.
const Database = createRequire(import.meta.url)('better-sqlite3') as new (path: string) => Db;
const db = new Database(':memory:');
migrate(db);
const deps = { db, tokens: lazyTokenCounter() };
/** Wall time, and this process's CPU time (what the analysis costs whatever else the cores run). */
const timed = async (work: () => unknown) => {
  const c = process.cpuUsage();
  const t = performance.now();
  await work();
  const ms = performance.now() - t;
  const cpu = process.cpuUsage(c);
  return { ms, cpu: (cpu.user + cpu.system) / 1000 };
};
const analyseOnce = (body: Buffer) => timed(async () => analyse(deps, parseRequest('anthropic', 'POST', '/v1/messages', body)!, body.length));
let salt = 0;
const fresh = () => `salt-${process.pid}-${salt++}`;
for (let i = 0; i < 3; i++) await analyseOnce(requestBody(fresh()).body);
const cold: { ms: number; cpu: number }[] = [];
const next: { ms: number; cpu: number }[] = [];
const parses: { ms: number; cpu: number }[] = [];
let big = requestBody('size').body;
let nMessages = 0;
for (let i = 0; i < 15; i++) {
  const { body, messages } = requestBody(fresh());
  big = body;
  nMessages = messages;
  cold.push(await analyseOnce(body));
  parses.push(await timed(() => JSON.parse(body.toString('utf8'))));
  const s2 = fresh();
  await analyseOnce(requestBody(s2, true).body);
  next.push(await analyseOnce(requestBody(s2).body));
}
const figures = (xs: { ms: number; cpu: number }[]) => ({ ms: median(xs.map((x) => x.ms)), cpu: median(xs.map((x) => x.cpu)) });
const [a, b, p] = [figures(cold), figures(next), figures(parses)];
const line = (name: string, x: { ms: number; cpu: number }) =>
  `${name} median ${f(x.ms, 1)} ms, ${f(x.ms / p.ms, 1)}x a bare JSON.parse (goal <= 20 ms) ${x.ms <= 20 ? 'OK' : 'OVER'}, CPU ${f(x.cpu, 1)} ms, ${f(x.cpu / p.cpu, 1)}x`;
console.log(
  `analysing a ${f(big.length / 1048576, 2)} MB request (${nMessages} messages, 25 tools), load average ${loadavg()[0]!.toFixed(1)}; JSON.parse ${f(p.ms, 1)} ms (CPU ${f(p.cpu, 1)} ms): ` +
    `${line('first seen', a)}; ${line('next in its session', b)}`,
);
await deps.tokens.close();
db.close();
