// CLI start-up benchmark (issue 7): whole processes, as a user runs them.
// 1. `loupe inspect --json` on the benchmark repository (expand a folder, preview 200
//    files) against the floor of `git ls-tree -r -z -l` + one `git cat-file --batch`
//    run as processes in the same run. Target: within 1.5x.
// 2. `loupe --help` against bare `node -e ''`. Target: within 100 ms.
// Needs the app built (`npm run build`): it runs bin/loupe.js, i.e. out/main/cli.js.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { benchRepo, TARGET_DIR, TARGET_FILES } from './inspect-repo';

const root = process.cwd();
const loupe = join(root, 'bin', 'loupe.js');
if (!existsSync(join(root, 'out', 'main', 'cli.js'))) {
  console.error('cli bench: build first (npm run build).');
  process.exit(1);
}
const repo = await benchRepo();
const userData = mkdtempSync(join(tmpdir(), 'loupe-bench-cli-'));
const env = { ...process.env, LOUPE_USER_DATA: userData };

function wall(cmd: string, args: string[], input?: Buffer): { ms: number; stdout: Buffer } {
  const t = performance.now();
  const r = spawnSync(cmd, args, { cwd: repo, env, input, maxBuffer: 1 << 28 });
  const ms = performance.now() - t;
  if (r.status !== 0) throw new Error(`${cmd} ${args.join(' ')} exited ${r.status}: ${r.stderr.toString().slice(0, 400)}`);
  return { ms, stdout: r.stdout };
}

/** The floor: list the folder, then read its first 200 blobs in one cat-file --batch (two processes). */
function gitFloor(): number {
  const list = wall('git', ['ls-tree', '-r', '-z', '-l', 'HEAD', '--', TARGET_DIR]);
  const oids = list.stdout
    .toString('utf8')
    .split('\0')
    .filter(Boolean)
    .map((rec) => rec.split(/\s+/)[2]!)
    .slice(0, TARGET_FILES);
  const read = wall('git', ['cat-file', '--batch'], Buffer.from(oids.map((o) => `${o}\n`).join('')));
  return list.ms + read.ms;
}

function loupeInspect(): number {
  const r = wall(process.execPath, [loupe, 'inspect', '--json', '--repo', repo, TARGET_DIR]);
  const files = (JSON.parse(r.stdout.toString('utf8')) as { files: unknown[] }).files.length;
  if (files !== TARGET_FILES) throw new Error(`expected ${TARGET_FILES} previews, got ${files}`);
  return r.ms;
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
const rounds = 11;
const floor: number[] = [];
const inspect: number[] = [];
const bare: number[] = [];
const help: number[] = [];
// Warm the page cache and the database (first run creates loupe.db), then interleave.
gitFloor();
loupeInspect();
for (let i = 0; i < rounds; i++) {
  floor.push(gitFloor());
  inspect.push(loupeInspect());
  bare.push(wall(process.execPath, ['-e', '']).ms);
  help.push(wall(process.execPath, [loupe, '--help']).ms);
}
const verdict = (ok: boolean) => (ok ? 'meets target' : 'MISSES target');
const ratio = median(inspect) / median(floor);
const extra = median(help) - median(bare);
console.log(`cli: whole processes, median of ${rounds} interleaved rounds`);
console.log(`  git ls-tree + cat-file --batch (floor)     1.00x (baseline)`);
console.log(`  loupe inspect --json (${TARGET_FILES} previews)      ${ratio.toFixed(2)}x  target <= 1.5x: ${verdict(ratio <= 1.5)}`);
console.log(`  node -e '' (baseline)                     1.00x`);
console.log(`  loupe --help                              ${(median(help) / median(bare)).toFixed(2)}x, +${extra.toFixed(0)} ms  target <= +100 ms: ${verdict(extra <= 100)}`);
if (process.env.LOUPE_BENCH_VERBOSE) {
  console.log(`  (medians in ms: floor ${median(floor).toFixed(1)}, inspect ${median(inspect).toFixed(1)}, node ${median(bare).toFixed(1)}, help ${median(help).toFixed(1)})`);
}
