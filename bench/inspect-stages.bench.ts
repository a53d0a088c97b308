// Where a whole `loupe inspect --json` process spends its time, stage by stage (issue 24),
// on the cli benchmark's two repositories (source: 9,347 files; wide: 30,200 files,
// folder target/), with git and with no git binary (LOUPE_GIT=none, the embedded reader).
// Two views of the same runs, medians of LOUPE_BENCH_ROUNDS (default 3):
// - a timeline from a --require'd hook: when Node handed over to JavaScript, every child
//   process (the fork blocks the event loop: its synchronous part is shown), the first
//   byte of output and the exit, with the process's own CPU;
// - that CPU by stage, from a V8 CPU profile (--cpu-prof) of another run: each sample goes
//   to the innermost frame that names a stage, and each stage's share of the samples is
//   applied to the CPU (so a busy machine's waits do not inflate it).
// The floor (git ls-tree + one git cat-file --batch of the same 200 blobs) is measured in
// the same run, and every stage is also shown as a multiple of it.
// Needs the app built (`npm run build`).
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { benchRepo, TARGET_DIR } from './inspect-repo';
import { SOURCE_DIR, sourceRepo } from './source-repo';

const root = process.cwd();
const loupe = join(root, 'bin', 'loupe.js');
if (!existsSync(join(root, 'out', 'main', 'cli.js'))) {
  console.error('inspect-stages bench: build first (npm run build).');
  process.exit(1);
}
const rounds = Number(process.env.LOUPE_BENCH_ROUNDS ?? 3);
const scratch = mkdtempSync(join(tmpdir(), 'loupe-bench-stages-'));
const timelineFile = join(scratch, 'timeline.json');
const hook = join(scratch, 'timeline.cjs');
// performance.now() counts from the process's start: the hook's first line is when Node handed over.
writeFileSync(
  hook,
  `const started = performance.now();
const children = [];
const cp = require('node:child_process');
const spawn = cp.spawn;
cp.spawn = function (cmd, args) {
  const at = performance.now();
  const child = spawn.apply(this, arguments);
  const entry = { what: (args || []).find((a) => !a.startsWith('-') || a === '--version') || cmd, at, sync: performance.now() - at, end: null };
  children.push(entry);
  child.on('exit', () => (entry.end = performance.now()));
  return child;
};
let firstWrite = null;
const write = process.stdout.write;
process.stdout.write = function () { firstWrite ??= performance.now(); return write.apply(this, arguments); };
process.on('exit', () => {
  const self = process.resourceUsage();
  require('node:fs').writeFileSync(${JSON.stringify(timelineFile)}, JSON.stringify({ started, children, firstWrite, exit: performance.now(), cpu: (self.userCPUTime + self.systemCPUTime) / 1000 }));
});
`,
);
const env = { ...process.env, LOUPE_USER_DATA: join(scratch, 'data') };

interface Timeline {
  started: number;
  children: { what: string; at: number; sync: number; end: number | null }[];
  firstWrite: number | null;
  exit: number;
  cpu: number;
}

/** One process to its end: its wall time (ms). */
function run(cmd: string, args: string[], opts: { cwd: string; env?: NodeJS.ProcessEnv; input?: Buffer }): { ms: number } {
  const t = performance.now();
  const r = spawnSync(cmd, args, { cwd: opts.cwd, env: opts.env ?? env, input: opts.input, maxBuffer: 1 << 28 });
  const ms = performance.now() - t;
  if (r.status !== 0) throw new Error(`${cmd} ${args.join(' ')} exited ${r.status}: ${r.stderr.toString().slice(0, 400)}`);
  return { ms };
}

/** Stage rules: the innermost frame matching one decides the sample's stage. */
const STAGES: [stage: string, test: (fn: string, url: string) => boolean][] = [
  ['JSON out', (fn) => /^(writeJson|jsonPieces|stringify)$/.test(fn)],
  ['secret scan', (fn, url) => /secretlint|@textlint|structured-source|boundary/.test(url) || /^(findSecrets|mayContainSecret|keywordsInLowercase|secretScanText|applyRedactions|redactPreviews|scan[A-Z]\w*Secrets?)$/.test(fn)],
  ['hashing', (fn, url) => url === 'node:internal/crypto/hash' || /^(createHash|digest)$/.test(fn)],
  ['token estimate, text kind', (fn) => /^(approxTokens|classifyTextKind|tally|classifyContent|boundedPreview|decodeUtf8|isBinary)$/.test(fn)],
  ['blob reads', (fn, url) => /cat-file|pack-file|object-store/.test(url) || /^(readBlob|readBaseBlob|receive|startObject|finishBody|applyDelta|entryAt|inflateSync|zlibBufferSync|processChunkSync)$/.test(fn)],
  ['working-copy status', (fn, url) => /work-status|working-copy/.test(url) || /^(changes|workStatus|parseStatusV2|readIndex|ignoreRules)$/.test(fn)],
  ['tree listing, selection', (fn) => /^(scan|parseLsTree|groupBeneath|expandSelection|listTree|lookup|readTree|parseTree|walkTree|inScope)$/.test(fn)],
  ['child processes, streams', (_fn, url) => /child_process|stream_base_commons|internal\/streams|node:net|node:events|pipe_wrap/.test(url)],
  ['module load, compile', (fn, url) => /internal\/modules|internal\/vm|package_json_reader/.test(url) || fn === 'compileFunction' || fn === 'wrapSafe'],
  ['garbage collection', (fn) => fn === '(garbage collector)'],
];

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string };
  children?: number[];
}

/** The share of the main thread's busy samples each stage takes, from one .cpuprofile. */
function stagesOf(file: string): Map<string, number> {
  const profile = JSON.parse(readFileSync(file, 'utf8')) as { nodes: ProfileNode[]; samples: number[] };
  const parent = new Map<number, number>();
  for (const n of profile.nodes) for (const c of n.children ?? []) parent.set(c, n.id);
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const stageOf = new Map<number, string>();
  const resolveStage = (id: number): string => {
    const known = stageOf.get(id);
    if (known) return known;
    const node = byId.get(id)!;
    const { functionName, url } = node.callFrame;
    let stage = STAGES.find(([, test]) => test(functionName, url))?.[0];
    if (!stage) {
      if (functionName === '(idle)') stage = 'idle';
      else {
        const up = parent.get(id);
        stage = up === undefined ? 'other (Node, Loupe)' : resolveStage(up);
      }
    }
    stageOf.set(id, stage);
    return stage;
  };
  const counts = new Map<string, number>();
  for (const s of profile.samples) counts.set(resolveStage(s), (counts.get(resolveStage(s)) ?? 0) + 1);
  // Shares of the samples taken while the thread ran (idle left out); the caller scales them to the process's CPU.
  const busy = profile.samples.length - (counts.get('idle') ?? 0);
  counts.delete('idle');
  const out = new Map<string, number>();
  for (const [k, n] of counts) out.set(k, n / busy);
  return out;
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? NaN;
const PREVIEWS = 200;

async function floorInput(repo: string, dir: string): Promise<Buffer> {
  const list = spawnSync('git', ['ls-tree', '-r', '-z', '-l', 'HEAD', '--', dir], { cwd: repo, maxBuffer: 1 << 28 }).stdout.toString('utf8');
  const oids = list.split('\0').filter(Boolean).map((rec) => rec.split(/\s+/)[2]!).slice(0, PREVIEWS);
  return Buffer.from(oids.map((o) => `${o}\n`).join(''));
}

const cases: [name: string, repo: string, dir: string][] = [
  ['source (9,347 files)', await sourceRepo(), SOURCE_DIR],
  ['wide (30,200 files)', await benchRepo(), TARGET_DIR],
];
const loads: number[] = [];
console.log(`inspect-stages: one loupe inspect --json, median of ${rounds} runs per line (load average at start ${loadavg()[0]!.toFixed(1)})`);
for (const [name, repo, dir] of cases) {
  const input = await floorInput(repo, dir);
  const floorMs: number[] = [];
  for (let i = 0; i < rounds; i++) {
    floorMs.push(run('git', ['ls-tree', '-r', '-z', '-l', 'HEAD', '--', dir], { cwd: repo }).ms + run('git', ['cat-file', '--batch'], { cwd: repo, input }).ms);
  }
  const floor = median(floorMs);
  console.log(`  ${name}, inspect ${dir}/; floor (git ls-tree + cat-file --batch) ${floor.toFixed(0)} ms wall`);
  for (const backend of ['git', 'none'] as const) {
    const runEnv = { ...env, ...(backend === 'none' ? { LOUPE_GIT: 'none' } : {}) };
    run(process.execPath, [loupe, 'inspect', '--json', '--repo', repo, dir], { cwd: repo, env: runEnv }); // warm: caches, page cache
    const timelines: Timeline[] = [];
    const walls: number[] = [];
    const stageRuns: Map<string, number>[] = [];
    for (let i = 0; i < rounds; i++) {
      loads.push(loadavg()[0]!);
      rmSync(timelineFile, { force: true });
      walls.push(run(process.execPath, ['--require', hook, loupe, 'inspect', '--json', '--repo', repo, dir], { cwd: repo, env: runEnv }).ms);
      timelines.push(JSON.parse(readFileSync(timelineFile, 'utf8')) as Timeline);
      const profDir = join(scratch, `prof-${i}`);
      run(process.execPath, ['--cpu-prof', '--cpu-prof-dir', profDir, '--cpu-prof-interval', '250', loupe, 'inspect', '--json', '--repo', repo, dir], { cwd: repo, env: runEnv });
      stageRuns.push(stagesOf(join(profDir, readdirSync(profDir)[0]!)));
      rmSync(profDir, { recursive: true, force: true });
    }
    const wall = median(walls);
    const t = (pick: (tl: Timeline) => number) => median(timelines.map(pick));
    const nodeStart = t((tl) => tl.started);
    const spawnSync_ = t((tl) => tl.children.reduce((n, c) => n + c.sync, 0));
    const firstChild = t((tl) => tl.children[0]?.at ?? NaN);
    const lastChildEnd = t((tl) => Math.max(...tl.children.map((c) => c.end ?? 0), 0));
    const out = t((tl) => tl.exit - (tl.firstWrite ?? tl.exit));
    const cpu = t((tl) => tl.cpu);
    const label = backend === 'git' ? 'git CLI' : 'no git (embedded reader)';
    const x = (ms: number) => `${ms.toFixed(0).padStart(5)} ms ${(ms / floor).toFixed(2).padStart(5)}x floor`;
    console.log(`    ${label}: whole process ${x(wall)}; CPU ${cpu.toFixed(0)} ms (Loupe's process, git's not included)`);
    console.log(`      timeline: Node start until Loupe's first line ${x(nodeStart)}`);
    const processes = timelines[0]!.children.map((c) => c.what).join(', ') || 'none';
    if (backend === 'git') {
      console.log(`      git processes (${timelines[0]!.children.length}): ${processes}`);
      console.log(`        first started at ${firstChild.toFixed(0)} ms, last ended at ${lastChildEnd.toFixed(0)} ms; their forks blocked the event loop ${spawnSync_.toFixed(0)} ms in all`);
    }
    console.log(`      first byte of JSON until exit ${x(out)}`);
    // Each stage's share of the profiled runs' samples, applied to the process's CPU (its own: all of Node's threads).
    const stageNames = [...new Set(stageRuns.flatMap((m) => [...m.keys()]))];
    const stageMs = stageNames.map((s) => [s, cpu * median(stageRuns.map((m) => m.get(s) ?? 0))] as const).sort((a, b) => b[1] - a[1]);
    console.log(`      CPU by stage (its share of the profile's samples x the process's ${cpu.toFixed(0)} ms of CPU):`);
    for (const [stage, ms] of stageMs) console.log(`        ${stage.padEnd(30)} ${x(ms)}  ${((100 * ms) / cpu).toFixed(0).padStart(3)}%`);
  }
}
console.log(`  load average during the run: ${Math.min(...loads).toFixed(1)}-${Math.max(...loads).toFixed(1)}`);
rmSync(scratch, { recursive: true, force: true });
