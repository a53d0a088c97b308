// Session import benchmark (issue 11; issue 38's transcripts goal). The real 3 MB Claude Code
// transcript (fixtures/sessions/claude/spotter, 1,512 lines + 2 subagent files) and a 50x copy
// of it written into a temp folder (its subagent folder beside it, as in the fixture), each
// measured against the cheapest possible read of the same files in the same run: readFileSync +
// split + JSON.parse of every line.
// - in-process: parse + redact previews + manifest, against the baseline in the same process;
// - whole process: `node bin/loupe.js xray --session FILE --json` (run `npm run build` first),
//   against the baseline as a whole Node process too (`node bare.cjs FILES`), interleaved, medians,
//   wall and CPU time (CPU time is what a quiet machine's wall time would be), each with its
//   peak RSS (the kernel's maxRSS, printed by a preload on exit);
//   BEFORE=/path/to/another/checkout adds that checkout's built `loupe` (today's) beside it.
// Goal (issue 38): within 1.5x of the bare read-and-parse, as whole processes, on both sizes.
// RUNS=n sets the whole-process runs per size (default 7 for 3 MB, 3 for the copy). `node -e ''`
// runs in the same rounds: what Node's own start is of each figure.
import { spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdtempSync, openSync, readFileSync, rmSync, writeFileSync, writeSync, closeSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import { manifestFromSession } from '../src/main/core/sessions/manifest';
import { parseSessionFile } from '../src/main/core/sessions/parse';
import { redactSessionPreviews } from '../src/main/core/sessions/session-store';

const ROOT = process.cwd();
const NAME = '4d5611e5-241a-462a-8d15-5122611a9569';
const DIR = join(ROOT, 'fixtures/sessions/claude/spotter');
const filesOf = (dir: string) => [join(dir, `${NAME}.jsonl`), join(dir, NAME, 'subagents/agent-a2898e3.jsonl'), join(dir, NAME, 'subagents/agent-acompact-e1f845.jsonl')];
const CATALOG = { id: 'claude-opus-4-6', window: 200_000, reserve: 30_000, source: 'snapshot' };
const gc = (globalThis as { gc?: () => void }).gc ?? (() => {});
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
const mib = (b: number) => (b / 1048576).toFixed(1);

const tmp = mkdtempSync(join(tmpdir(), 'loupe-bench-sessions-'));
process.on('exit', () => rmSync(tmp, { recursive: true, force: true }));

// The 50x copy: the main file's lines 50 times, the subagent folder copied beside it.
const COPY = join(tmp, 'copy');
cpSync(join(DIR, NAME), join(COPY, NAME), { recursive: true });
{
  const text = readFileSync(filesOf(DIR)[0]!);
  const fd = openSync(join(COPY, `${NAME}.jsonl`), 'w');
  for (let i = 0; i < 50; i++) writeSync(fd, text);
  closeSync(fd);
}

// The whole-process baseline, and the preload that prints a process's peak RSS as it exits.
const BARE = join(tmp, 'bare.cjs');
writeFileSync(
  BARE,
  "const fs = require('fs'); let n = 0;\n" +
    "for (const f of process.argv.slice(2)) for (const line of fs.readFileSync(f, 'utf8').split('\\n')) if (line) n += Object.keys(JSON.parse(line)).length;\n" +
    'process.stdout.write(String(n));\n',
);
const RSS = join(tmp, 'rss.cjs');
writeFileSync(RSS, "process.on('exit', () => { const u = process.resourceUsage(); process.stderr.write(`\\nmaxrss ${u.maxRSS} cpu ${u.userCPUTime + u.systemCPUTime}\\n`); });\n");

/** The baseline in this process: every line of every file read whole and parsed, nothing else. */
function baseline(files: string[]): number {
  let n = 0;
  for (const f of files) {
    for (const line of readFileSync(f, 'utf8').split('\n')) if (line) n += Object.keys(JSON.parse(line) as object).length;
  }
  return n;
}

async function build(file: string) {
  const { session } = await parseSessionFile(file);
  await redactSessionPreviews(session);
  return manifestFromSession(session, CATALOG);
}

/** Wall time and this process's CPU time (ms) of one call. */
async function timed<T>(fn: () => T | Promise<T>): Promise<{ ms: number; cpu: number; value: T }> {
  gc();
  const c = process.cpuUsage();
  const t = performance.now();
  const value = await fn();
  const used = process.cpuUsage(c);
  return { ms: performance.now() - t, cpu: (used.user + used.system) / 1000, value };
}

/** One whole process: wall time, CPU time (ms, all its threads) and peak RSS (KiB). */
function whole(args: string[], userData = 'user-data'): { ms: number; cpu: number; rssKiB: number } {
  const t = performance.now();
  const r = spawnSync(process.execPath, ['-r', RSS, ...args], { cwd: ROOT, env: { ...process.env, LOUPE_USER_DATA: join(tmp, userData) }, maxBuffer: 1 << 30, encoding: 'utf8' });
  const ms = performance.now() - t;
  if (r.status !== 0) throw new Error(`${args.join(' ')} failed: ${r.stderr}`);
  const m = /maxrss (\d+) cpu (\d+)/.exec(r.stderr);
  return { ms, cpu: Number(m?.[2] ?? NaN) / 1000, rssKiB: Number(m?.[1] ?? NaN) };
}

const CLI = join(ROOT, 'bin/loupe.js');
if (!existsSync(join(ROOT, 'out/main/cli.js'))) throw new Error('Run `npm run build` first: the whole-process figures run bin/loupe.js.');
const BEFORE = process.env.BEFORE ? join(process.env.BEFORE, 'bin/loupe.js') : null;

console.log(`load average at start: ${loadavg().map((x) => x.toFixed(2)).join(' ')} (${process.version})`);
let failed = false;
for (const [label, dir, inRuns, wholeRuns] of [
  ['3 MB session', DIR, 15, Number(process.env.RUNS ?? 7)],
  ['50x copy', COPY, 3, Number(process.env.RUNS ?? 3)],
] as const) {
  const files = filesOf(dir);
  const bytes = files.reduce((n, f) => n + readFileSync(f).length, 0);
  console.log(`\n${label}: ${files.length} files, ${mib(bytes)} MiB`);

  // In-process (warm: the parser compiled, the secret rules loaded).
  baseline(files);
  await build(files[0]!);
  const base: { ms: number; cpu: number }[] = [];
  const ours: { ms: number; cpu: number }[] = [];
  let manifest = await build(files[0]!);
  for (let i = 0; i < inRuns; i++) {
    base.push(await timed(() => baseline(files)));
    const r = await timed(() => build(files[0]!));
    ours.push(r);
    manifest = r.value;
  }
  const b = median(base.map((x) => x.ms));
  const m = median(ours.map((x) => x.ms));
  const bc = median(base.map((x) => x.cpu));
  const mc = median(ours.map((x) => x.cpu));
  console.log(`  in-process: baseline ${b.toFixed(1)} ms; parse + redact + manifest ${m.toFixed(1)} ms = ${(m / b).toFixed(2)}x (medians of ${inRuns}; ${manifest.lines!.read} lines -> ${manifest.segments.length} segments)`);
  console.log(`  in-process CPU time: baseline ${bc.toFixed(1)} ms; parse + redact + manifest ${mc.toFixed(1)} ms = ${(mc / bc).toFixed(2)}x`);
  if (dir === DIR) console.log(`  issue 11's target, the 3 MB session in-process <= 300 ms: ${m <= 300 ? 'met' : 'NOT met'}`);

  // Whole processes, interleaved.
  const runs: Record<string, { ms: number; cpu: number; rssKiB: number }[]> = { bare: [], loupe: [], before: [], node: [] };
  for (let i = 0; i < wholeRuns; i++) {
    runs.node!.push(whole(['-e', '']));
    runs.bare!.push(whole([BARE, ...files]));
    runs.loupe!.push(whole([CLI, 'xray', '--session', files[0]!, '--json']));
    // Its own user data: the other build's database may have another schema.
    if (BEFORE) runs.before!.push(whole([BEFORE, 'xray', '--session', files[0]!, '--json'], 'user-data-before'));
  }
  // Peak RSS: the median run's (one run's GC timing can add several MiB either way).
  const stat = (k: string) => ({ ms: median(runs[k]!.map((r) => r.ms)), cpu: median(runs[k]!.map((r) => r.cpu)), rss: median(runs[k]!.map((r) => r.rssKiB)) / 1024 });
  const bare = stat('bare');
  const loupe = stat('loupe');
  const ratio = loupe.ms / bare.ms;
  const cpuRatio = loupe.cpu / bare.cpu;
  const line = (what: string, x: { ms: number; cpu: number; rss: number }) =>
    `  whole process: ${what} ${x.ms.toFixed(0)} ms = ${(x.ms / bare.ms).toFixed(2)}x wall; CPU ${x.cpu.toFixed(0)} ms = ${(x.cpu / bare.cpu).toFixed(2)}x; peak RSS ${x.rss.toFixed(0)} MiB`;
  console.log(`  whole process (medians of ${wholeRuns}): bare read-and-parse ${bare.ms.toFixed(0)} ms wall, CPU ${bare.cpu.toFixed(0)} ms, peak RSS ${bare.rss.toFixed(0)} MiB`);
  console.log(line('loupe xray --session --json', loupe));
  // What any one-shot Node process costs before its first line, and each side's own work beyond it.
  const node = stat('node');
  console.log(
    `  whole process: node -e '' alone ${node.ms.toFixed(0)} ms = ${(node.ms / bare.ms).toFixed(2)}x wall; CPU ${node.cpu.toFixed(0)} ms; beyond it, Loupe's work is ${((loupe.ms - node.ms) / (bare.ms - node.ms)).toFixed(2)}x the bare read-and-parse's (CPU ${((loupe.cpu - node.cpu) / (bare.cpu - node.cpu)).toFixed(2)}x)`,
  );
  if (BEFORE) console.log(line(`before (${basename(process.env.BEFORE!)})`, stat('before')));
  console.log(`  goal <= 1.5x (whole process): wall ${ratio <= 1.5 ? 'met' : 'NOT met'}, CPU ${cpuRatio <= 1.5 ? 'met' : 'NOT met'}`);
  if (ratio > 1.5) failed = true;
}
console.log(`\nload average at end: ${loadavg().map((x) => x.toFixed(2)).join(' ')}`);
if (failed) process.exitCode = 1;
