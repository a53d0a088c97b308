// Inspect benchmark (issue 3): on a generated repository of 30,000+ tracked files
// with history, expand one folder and preview 200 files (~7.8 MiB) through Loupe's
// context.inspect, against the raw `git ls-tree -r -z -l` + `git cat-file --batch`
// pipeline measured in the same run. Targets: git CLI backend <= 1.5x the raw
// pipeline; peak RSS <= 200 MB. The embedded backend (no git binary) is reported beside it.
// Issue 38's goals are printed too: the pooled reader within 1.2x, the embedded one within 2x.
// Peak RSS is each backend's own Node process (a child per backend, maxRSS from
// process.resourceUsage()); git's child processes are not included.
import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { InspectResult } from '../src/shared/contract/context';
import { createGitRunner } from '../src/main/core/git/git-cli';
import { GitReaderPool } from '../src/main/core/git/reader-pool';
import { inspectContext } from '../src/main/core/inspect/inspect';
import { createLauncher } from '../src/main/core/process/launcher';
import { createRuntime } from '../src/main/core/runtime';
import { benchRepo, TARGET_DIR, TARGET_FILES } from './inspect-repo';

const repo = await benchRepo();
const request = { repo, paths: [TARGET_DIR] };

/** The baseline: list the folder with ls-tree, read its first 200 blobs through one cat-file --batch. */
async function rawPipeline(): Promise<number> {
  const listing = spawnSync('git', ['ls-tree', '-r', '-z', '-l', 'HEAD', '--', TARGET_DIR], { cwd: repo, maxBuffer: 1 << 28 });
  const oids = listing.stdout
    .toString('utf8')
    .split('\0')
    .filter(Boolean)
    .map((rec) => rec.split(/\s+/)[2]!)
    .slice(0, TARGET_FILES);
  const child = spawn('git', ['cat-file', '--batch'], { cwd: repo, stdio: ['pipe', 'pipe', 'inherit'] });
  let bytes = 0;
  let pending: Buffer = Buffer.alloc(0);
  let objects = 0;
  let need = -1; // bytes still to skip for the current object (+1 for its newline)
  const done = new Promise<void>((resolve) => {
    child.stdout.on('data', (chunk: Buffer) => {
      pending = pending.length ? Buffer.concat([pending, chunk]) : chunk;
      while (pending.length) {
        if (need >= 0) {
          const take = Math.min(need, pending.length);
          need -= take;
          pending = pending.subarray(take);
          if (need > 0) return;
          need = -1;
          if (++objects === oids.length) child.stdin.end();
          continue;
        }
        const eol = pending.indexOf(10);
        if (eol < 0) return;
        const size = Number(pending.subarray(0, eol).toString('latin1').split(' ')[2]);
        bytes += size;
        need = size + 1;
        pending = pending.subarray(eol + 1);
      }
    });
    child.on('close', () => resolve());
  });
  child.stdin.write(oids.map((o) => `${o}\n`).join(''));
  await done;
  return bytes;
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
async function timed(fn: () => Promise<unknown>): Promise<number> {
  const t = performance.now();
  await fn();
  return performance.now() - t;
}

function check(result: InspectResult): void {
  if (result.files.length !== TARGET_FILES) {
    throw new Error(`expected ${TARGET_FILES} previews, got ${result.files.length} (${JSON.stringify(result.omissions.slice(0, 3))})`);
  }
}

/** Runs in a child: one backend's median time and its process's peak RSS. */
async function child(mode: string): Promise<void> {
  const runtime = createRuntime({
    host: 'browser',
    userDataDir: mkdtempSync(join(tmpdir(), 'loupe-bench-data-')),
    gitBinary: mode === 'embedded' ? 'none' : undefined,
  });
  const rounds = mode === 'embedded' ? 3 : 12;
  const times: number[] = [];
  for (let i = 0; i < rounds; i++) {
    times.push(
      await timed(async () => {
        if (mode === 'raw') await rawPipeline();
        else check(await runtime.call('context.inspect', request));
      }),
    );
  }
  await runtime.close();
  const warm = times.length > 1 ? times.slice(1) : times;
  process.stdout.write(JSON.stringify({ first: times[0], median: median(warm), maxRssMb: process.resourceUsage().maxRSS / 1024 }));
}

function runChild(mode: string): { first: number; median: number; maxRssMb: number } {
  const r = spawnSync(process.execPath, ['--expose-gc', process.argv[1]!, `--child=${mode}`], { encoding: 'utf8', maxBuffer: 1 << 20 });
  if (r.status !== 0) throw new Error(`child ${mode} failed: ${r.stderr}`);
  return JSON.parse(r.stdout) as { first: number; median: number; maxRssMb: number };
}

const childMode = process.argv.find((a) => a.startsWith('--child='))?.slice('--child='.length);
if (childMode) {
  await child(childMode);
} else {
  const tracked = spawnSync('git', ['ls-files', '-z'], { cwd: repo, maxBuffer: 1 << 28 }).stdout.toString().split('\0').filter(Boolean).length;
  const commits = spawnSync('git', ['rev-list', '--count', 'HEAD'], { cwd: repo, encoding: 'utf8' }).stdout.trim();
  const runtime = createRuntime({ host: 'browser', userDataDir: mkdtempSync(join(tmpdir(), 'loupe-bench-data-')) });
  const launcher = createLauncher();
  const git = createGitRunner({ spawn: launcher.spawn });
  // After the pool's idle timeout: the service's pool remembers the root, but its reader has gone.
  const idlePool = new GitReaderPool(git);
  const idle = async () => {
    check(await idlePool.use(repo, (reader) => inspectContext(reader, request)));
    await idlePool.closeAll();
  };
  // The very first inspection: nothing known, nothing running.
  const cold = async () => {
    const pool = new GitReaderPool(git);
    check(await pool.use(repo, (reader) => inspectContext(reader, request)));
    await pool.closeAll();
  };
  const warm = async () => check(await runtime.call('context.inspect', request));
  const bytes = await rawPipeline();
  for (let i = 0; i < 3; i++) {
    await rawPipeline();
    await warm();
    await idle();
    await cold();
  }
  const raw: number[] = [];
  const pooled: number[] = [];
  const afterIdle: number[] = [];
  const fresh: number[] = [];
  // Interleaved, so the page cache and CPU state are the same for all three.
  for (let i = 0; i < 15; i++) {
    globalThis.gc?.();
    raw.push(await timed(rawPipeline));
    pooled.push(await timed(warm));
    afterIdle.push(await timed(idle));
    fresh.push(await timed(cold));
  }
  await runtime.close();
  await launcher.closeAll();
  const base = median(raw);
  const children = { raw: runChild('raw'), cli: runChild('cli'), embedded: runChild('embedded') };
  const ratio = (ms: number) => `${(ms / base).toFixed(2)}x`;
  const verdict = (ok: boolean) => (ok ? 'meets target' : 'MISSES target');
  console.log(
    `inspect: ${tracked.toLocaleString('en-US')} tracked files, ${commits} commits; expand ${TARGET_DIR}/ and preview ${TARGET_FILES} files (${(bytes / 1048576).toFixed(1)} MiB)`,
  );
  console.log(`  raw ls-tree -r -z -l + cat-file --batch          1.00x (baseline)`);
  console.log(`  Loupe, git CLI backend, pooled reader (the app)  ${ratio(median(pooled))}  target <= 1.5x: ${verdict(median(pooled) <= 1.5 * base)}`);
  console.log(`  Loupe, git CLI backend, reader retired (idle)    ${ratio(median(afterIdle))}  target <= 1.5x: ${verdict(median(afterIdle) <= 1.5 * base)}`);
  console.log(`  Loupe, git CLI backend, first call (cold pool)   ${ratio(median(fresh))}`);
  console.log(`  Loupe, embedded backend (no git), warm reader   ${ratio(children.embedded.median)} (first call ${ratio(children.embedded.first)})`);
  // Issue 38: the warm host's context.inspect (the pooled reader, a process already running) within
  // 1.2x the floor; the embedded reader within 2x (shown against the git path too), peak <= 200 MiB.
  const emb = children.embedded;
  console.log(`  issue 38: warm context.inspect (pooled)          ${ratio(median(pooled))}  goal <= 1.2x: ${verdict(median(pooled) <= 1.2 * base)}`);
  console.log(
    `  issue 38: embedded, warm reader                  ${ratio(emb.median)}, ${(emb.median / median(pooled)).toFixed(2)}x the git path  goal <= 2x: ${verdict(emb.median <= 2 * base)}; peak RSS ${emb.maxRssMb.toFixed(0)} MB <= 200: ${verdict(emb.maxRssMb <= 200)}`,
  );
  if (process.env.LOUPE_BENCH_VERBOSE) {
    console.log(`  (medians in ms: raw ${base.toFixed(1)}, pooled ${median(pooled).toFixed(1)}, idle ${median(afterIdle).toFixed(1)}, cold ${median(fresh).toFixed(1)}, embedded ${children.embedded.median.toFixed(1)})`);
  }
  console.log(`peak RSS of the Node process (git children excluded):`);
  console.log(`  raw pipeline ${children.raw.maxRssMb.toFixed(0)} MB; git CLI backend ${children.cli.maxRssMb.toFixed(0)} MB (target <= 200 MB: ${verdict(children.cli.maxRssMb <= 200)}); embedded backend ${children.embedded.maxRssMb.toFixed(0)} MB`);
}
