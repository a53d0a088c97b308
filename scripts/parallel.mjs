#!/usr/bin/env node
// Runs npm scripts side by side, as many at once as the machine has cores (at least two), and
// prints each one's output whole when it ends, with how long it took. Exits 1 when any failed
// (naming them), after letting the others finish: one run shows every failing check.
//   node scripts/parallel.mjs typecheck:node typecheck:web lint:eslint ...
import { spawn } from 'node:child_process';
import { availableParallelism } from 'node:os';

const scripts = process.argv.slice(2);
if (scripts.length === 0) {
  console.error('usage: node scripts/parallel.mjs SCRIPT [SCRIPT ...] (npm scripts of this package)');
  process.exit(2);
}
const slots = Math.max(2, Number(process.env.LOUPE_PARALLEL) || availableParallelism());
const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
const started = Date.now();
const children = new Set();

/** Runs one npm script with its output kept; resolves with its exit code and output. */
function run(script) {
  return new Promise((resolve) => {
    const at = Date.now();
    const child = spawn(npm, ['run', '--silent', script], { stdio: ['ignore', 'pipe', 'pipe'], env: { ...process.env, FORCE_COLOR: process.env.FORCE_COLOR ?? '1' } });
    children.add(child);
    const chunks = [];
    child.stdout.on('data', (c) => chunks.push(c));
    child.stderr.on('data', (c) => chunks.push(c));
    child.on('error', (err) => chunks.push(Buffer.from(`${err.message}\n`)));
    child.on('close', (code, signal) => {
      children.delete(child);
      resolve({ script, code: code ?? (signal ? 1 : 0), output: Buffer.concat(chunks).toString(), seconds: (Date.now() - at) / 1000 });
    });
  });
}

for (const signal of ['SIGINT', 'SIGTERM']) {
  process.on(signal, () => {
    for (const child of children) child.kill(signal);
    process.exit(130);
  });
}

const queue = [...scripts];
const failed = [];
async function worker() {
  for (let script = queue.shift(); script !== undefined; script = queue.shift()) {
    const r = await run(script);
    const mark = r.code === 0 ? 'ok' : `FAILED (exit ${r.code})`;
    process.stdout.write(`\n> ${r.script}: ${mark} in ${r.seconds.toFixed(1)} s\n${r.output}`);
    if (r.code !== 0) failed.push(r.script);
  }
}
await Promise.all(Array.from({ length: Math.min(slots, scripts.length) }, worker));
const total = ((Date.now() - started) / 1000).toFixed(1);
if (failed.length) {
  console.error(`\n${failed.length} of ${scripts.length} failed in ${total} s: ${failed.join(', ')}`);
  process.exit(1);
}
console.log(`\nAll ${scripts.length} passed in ${total} s: ${scripts.join(', ')}`);
