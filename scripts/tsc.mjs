#!/usr/bin/env node
// `npm run typecheck:*`: `tsc --noEmit -p PROJECT` with TypeScript 7, the native compiler
// (`@typescript/native`, an alias of typescript@7: about a fifth of TypeScript 5.9's CPU time on
// this code, and it checks on several threads). TypeScript 5.9 stays as `typescript` for
// typescript-eslint, which needs its JavaScript API. Incremental: what tsc learnt about each file
// (its hash and diagnostics) is kept in node_modules/.cache/loupe-tsc/, one folder per checkout
// (worktrees may share one node_modules), so a second run re-checks only what changed and what
// depends on it. tsc checks each file's hash, so a stale cache cannot hide an error; a fresh
// clone simply has none.
//   node scripts/tsc.mjs tsconfig.node.json
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdirSync, realpathSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { createRequire } from 'node:module';
import { basename, dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const project = process.argv[2];
if (!project) {
  console.error('usage: node scripts/tsc.mjs TSCONFIG');
  process.exit(2);
}
const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const checkout = createHash('sha256').update(realpathSync(root)).digest('hex').slice(0, 12);
const cacheDir = join(root, 'node_modules', '.cache', 'loupe-tsc', checkout);
mkdirSync(cacheDir, { recursive: true });
// Its package exports no bin path; its package.json sits beside bin/.
const tsc = join(dirname(createRequire(import.meta.url).resolve('@typescript/native/package.json')), 'bin', 'tsc');
const buildInfo = join(cacheDir, `${basename(project, '.json')}.tsbuildinfo`);
// On two cores its checker threads cost twice the CPU for little gain (node project: 7 CPU-s on
// one thread, 12 on its default four) while the other checks run beside it.
const threads = availableParallelism() <= 2 ? ['--singleThreaded'] : [];
const r = spawnSync(process.execPath, [tsc, ...threads, '--noEmit', '--incremental', '--tsBuildInfoFile', buildInfo, '-p', project], { cwd: root, stdio: 'inherit' });
process.exit(r.status ?? 1);
