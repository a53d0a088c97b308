// CLI benchmark (issues 7 and 24): whole processes, as a user runs them.
// 1. `loupe inspect --json` of a folder (the first 200 files, as the inspector takes them)
//    on two generated repositories, against the floor measured in the same run: `git
//    ls-tree -r -z -l` of the folder + one `git cat-file --batch` of the same 200 blobs,
//    run as processes. With git (target 1.5x) and with no git binary, the embedded
//    reader (target 3x and 200 MiB peak RSS). The repositories:
//    - source: 9,347 files copied from node_modules under src/, 200 commits, repacked
//      (bench/source-repo.ts; stands in for prettier's src);
//    - wide: 30,200 files, the inspect benchmark's repository, folder target/ (7.8 MiB).
//    Issue 38's goals are printed too: Loupe beyond `node -e ''` within 1.3x the floor (with
//    and without git), and the embedded reader within 2x the floor, peak RSS <= 200 MiB.
// 2. `loupe --help` against bare `node -e ''`. Target: within 100 ms.
// Interleaved rounds, medians, of wall time and of CPU time (the process and every child it
// waited for, git included: on a shared machine wall time also counts waiting for other jobs);
// `node -e ''` in the same rounds shows what a one-shot Node process costs by itself. Peak RSS of a Loupe process is its own maxRSS at exit
// (a --require'd hook reports it); git's children are not included.
// Needs the app built (`npm run build`): it runs bin/loupe.js, i.e. out/main/cli.js.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { benchRepo, TARGET_DIR } from './inspect-repo';
import { SOURCE_DIR, sourceRepo } from './source-repo';

const root = process.cwd();
const loupe = join(root, 'bin', 'loupe.js');
if (!existsSync(join(root, 'out', 'main', 'cli.js'))) {
  console.error('cli bench: build first (npm run build).');
  process.exit(1);
}
const PREVIEWS = 200;
const rounds = Number(process.env.LOUPE_BENCH_ROUNDS ?? 7);
const scratch = mkdtempSync(join(tmpdir(), 'loupe-bench-cli-'));
const rssFile = join(scratch, 'rss');
const hook = join(scratch, 'peak.cjs');
writeFileSync(hook, `process.on('exit', () => require('node:fs').writeFileSync(${JSON.stringify(rssFile)}, String(process.resourceUsage().maxRSS)));\n`);
const env = { ...process.env, LOUPE_USER_DATA: join(scratch, 'data') };

/**
 * CPU time of this process's waited-for children and theirs (Linux: /proc/self/stat's
 * cutime + cstime, in ms; 10 ms ticks), or NaN elsewhere. On a shared machine the wall
 * time waits for other jobs; CPU time counts only the work, git's processes included.
 */
function childrenCpuMs(): number {
  try {
    const fields = readFileSync('/proc/self/stat', 'utf8').replace(/^.*\) /, '').split(' ');
    return ((Number(fields[13]) + Number(fields[14])) * 1000) / 100;
  } catch {
    return NaN;
  }
}

function wall(cmd: string, args: string[], opts: { cwd?: string; input?: Buffer; env?: NodeJS.ProcessEnv } = {}): { ms: number; cpu: number; stdout: Buffer } {
  const c = childrenCpuMs();
  const t = performance.now();
  const r = spawnSync(cmd, args, { cwd: opts.cwd, env: opts.env ?? env, input: opts.input, maxBuffer: 1 << 28 });
  const ms = performance.now() - t;
  if (r.status !== 0) throw new Error(`${cmd} ${args.join(' ')} exited ${r.status}: ${r.stderr.toString().slice(0, 400)}`);
  return { ms, cpu: childrenCpuMs() - c, stdout: r.stdout };
}

interface Case {
  name: string;
  repo: string;
  dir: string;
  oids: Buffer;
}

async function makeCase(name: string, repo: string, dir: string): Promise<Case> {
  const list = wall('git', ['ls-tree', '-r', '-z', '-l', 'HEAD', '--', dir], { cwd: repo }).stdout.toString('utf8');
  const oids = list
    .split('\0')
    .filter(Boolean)
    .map((rec) => rec.split(/\s+/)[2]!)
    .slice(0, PREVIEWS);
  return { name, repo, dir, oids: Buffer.from(oids.map((o) => `${o}\n`).join('')) };
}

/** The floor: list the folder, then read its first 200 blobs in one cat-file --batch (two processes). */
function gitFloor(c: Case): { ms: number; cpu: number } {
  const list = wall('git', ['ls-tree', '-r', '-z', '-l', 'HEAD', '--', c.dir], { cwd: c.repo });
  const read = wall('git', ['cat-file', '--batch'], { cwd: c.repo, input: c.oids });
  return { ms: list.ms + read.ms, cpu: list.cpu + read.cpu };
}

/** One `loupe inspect --json`: its wall time and peak RSS (MiB). */
function loupeInspect(c: Case, embedded: boolean): { ms: number; cpu: number; rss: number } {
  rmSync(rssFile, { force: true });
  const r = wall(process.execPath, ['--require', hook, loupe, 'inspect', '--json', '--repo', c.repo, c.dir], {
    cwd: c.repo,
    env: { ...env, ...(embedded ? { LOUPE_GIT: 'none' } : {}) },
  });
  const doc = JSON.parse(r.stdout.toString('utf8')) as { files: unknown[]; omissions: unknown[] };
  if (doc.files.length + doc.omissions.length !== PREVIEWS) throw new Error(`${c.name}: expected ${PREVIEWS} entries, got ${doc.files.length} + ${doc.omissions.length}`);
  return { ms: r.ms, cpu: r.cpu, rss: Number(readFileSync(rssFile, 'utf8')) / 1024 };
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
const verdict = (ok: boolean) => (ok ? 'meets target' : 'MISSES target');
const cases = [await makeCase('source (9,347 files)', await sourceRepo(), SOURCE_DIR), await makeCase('wide (30,200 files)', await benchRepo(), TARGET_DIR)];

console.log(`cli: whole processes, median of ${rounds} interleaved rounds (load average at start ${loadavg()[0]!.toFixed(1)}); wall time, and CPU time including git's`);
const cpuRatio = (xs: number[], base: number) => (Number.isNaN(base) ? 'n/a' : `${(median(xs) / base).toFixed(2)}x`);
/** `node -e ''`: what any one-shot Node process costs before its first line. */
const bare: number[] = [];
const bareCpu: number[] = [];
function nodeAlone(): void {
  const b = wall(process.execPath, ['-e', '']);
  bare.push(b.ms);
  bareCpu.push(b.cpu);
}
for (const c of cases) {
  // Warm the page cache and the database (the first run creates loupe.db), then interleave.
  gitFloor(c);
  loupeInspect(c, false);
  loupeInspect(c, true);
  const floor: number[] = [];
  const cli: number[] = [];
  const emb: number[] = [];
  const floorCpu: number[] = [];
  const cliCpu: number[] = [];
  const embCpu: number[] = [];
  const cliRss: number[] = [];
  const embRss: number[] = [];
  const caseBare: number[] = [];
  const caseBareCpu: number[] = [];
  for (let i = 0; i < rounds; i++) {
    const f = gitFloor(c);
    floor.push(f.ms);
    floorCpu.push(f.cpu);
    const a = loupeInspect(c, false);
    cli.push(a.ms);
    cliCpu.push(a.cpu);
    cliRss.push(a.rss);
    const b = loupeInspect(c, true);
    emb.push(b.ms);
    embCpu.push(b.cpu);
    nodeAlone();
    caseBare.push(bare.at(-1)!);
    caseBareCpu.push(bareCpu.at(-1)!);
    embRss.push(b.rss);
  }
  const base = median(floor);
  const baseCpu = median(floorCpu);
  const ratio = (xs: number[]) => median(xs) / base;
  console.log(`  ${c.name}, inspect ${c.dir}/ (${PREVIEWS} entries)`);
  console.log(`    git ls-tree + cat-file --batch (floor)   1.00x (baseline)`);
  console.log(`    node -e '' alone                          ${(median(bare) / base).toFixed(2)}x  (a one-shot Node process's own start); CPU ${cpuRatio(bareCpu, baseCpu)}`);
  console.log(`    loupe inspect --json, git CLI            ${ratio(cli).toFixed(2)}x  target <= 1.5x: ${verdict(ratio(cli) <= 1.5)}; CPU ${cpuRatio(cliCpu, baseCpu)}; peak RSS ${median(cliRss).toFixed(0)} MiB`);
  console.log(`    loupe inspect --json, no git (embedded)  ${ratio(emb).toFixed(2)}x  target <= 3x: ${verdict(ratio(emb) <= 3)}; CPU ${cpuRatio(embCpu, baseCpu)}; peak RSS ${Math.max(...embRss).toFixed(0)} MiB, target <= 200: ${verdict(Math.max(...embRss) <= 200)}`);
  // Issue 38's goals: a one-shot inspect within Node's own start plus 1.3x the floor (what Loupe
  // adds to `node -e ''` against the floor, same rounds), and the embedded reader within 2x of
  // the git floor (also shown against Loupe's git path), peak RSS within 200 MiB.
  const node = median(caseBare);
  const nodeCpu = median(caseBareCpu);
  const beyondNode = (xs: number[]) => (median(xs) - node) / base;
  const beyondNodeCpu = (xs: number[]) => (Number.isNaN(baseCpu) ? 'n/a' : `${((median(xs) - nodeCpu) / baseCpu).toFixed(2)}x`);
  console.log(`    issue 38: git CLI, beyond node's start   ${beyondNode(cli).toFixed(2)}x the floor  goal <= 1.3x: ${verdict(beyondNode(cli) <= 1.3)}; CPU ${beyondNodeCpu(cliCpu)}`);
  console.log(`    issue 38: no git, beyond node's start    ${beyondNode(emb).toFixed(2)}x the floor  goal <= 1.3x: ${verdict(beyondNode(emb) <= 1.3)}; CPU ${beyondNodeCpu(embCpu)}`);
  console.log(`    issue 38: no git (embedded)              ${ratio(emb).toFixed(2)}x the floor, ${(median(emb) / median(cli)).toFixed(2)}x Loupe's git path  goal <= 2x the floor: ${verdict(ratio(emb) <= 2)}; peak RSS <= 200 MiB: ${verdict(Math.max(...embRss) <= 200)}`);
  if (process.env.LOUPE_BENCH_VERBOSE) {
    console.log(`    (medians in ms: floor ${base.toFixed(1)}, git CLI ${median(cli).toFixed(1)}, embedded ${median(emb).toFixed(1)}; CPU: floor ${baseCpu}, git CLI ${median(cliCpu)}, embedded ${median(embCpu)})`);
  }
}

const help: number[] = [];
for (let i = 0; i < rounds; i++) {
  nodeAlone();
  help.push(wall(process.execPath, [loupe, '--help']).ms);
}
const extra = median(help) - median(bare);
console.log(`  node -e '' (baseline)                      1.00x; its CPU ${median(bareCpu)} ms`);
console.log(`  load average at the end ${loadavg()[0]!.toFixed(1)}`);
console.log(`  loupe --help                               ${(median(help) / median(bare)).toFixed(2)}x, +${extra.toFixed(0)} ms  target <= +100 ms: ${verdict(extra <= 100)}`);
rmSync(scratch, { recursive: true, force: true });
