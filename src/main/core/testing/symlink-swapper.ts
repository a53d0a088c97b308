// Test helper: a separate process that keeps swapping a folder of a repository
// for a symlink to a folder outside it and back, as fast as it can, so a reader
// that checks a path and then opens it meets the link at the worst moment.
// Used by the symlink-race spec only.
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';

/** Iterations for race loops: modest by default, LOUPE_RACE_ITERATIONS (e.g. 800 in `npm run soak`) for the full count. */
export function raceIterations(standing: number): number {
  const n = Number(process.env.LOUPE_RACE_ITERATIONS);
  return Number.isInteger(n) && n > 0 ? n : standing;
}

const SCRIPT = `
const fs = require('fs');
const [dir, outside] = process.argv.slice(1);
const real = dir + '.real-swap';
// A pipe write through process.stdout would wait for an event loop this loop never yields to.
const cell = new Int32Array(new SharedArrayBuffer(4));
fs.writeSync(1, 'swapping');
for (;;) {
  // Each state is held a random moment (up to ~1 ms), so a check and a later open can straddle a swap.
  // Sleeping (not spinning) leaves the CPU to the reader on a small machine.
  const hold = () => Atomics.wait(cell, 0, 0, Math.random());
  try { fs.renameSync(dir, real); fs.symlinkSync(outside, dir); hold(); fs.unlinkSync(dir); fs.renameSync(real, dir); hold(); } catch {}
}`;

export interface Swapper {
  stop(): Promise<void>;
}

/** Starts swapping `dir` (a real folder) with a symlink to `outside` in a child process; resolves once it swaps. */
export async function startSwapper(dir: string, outside: string): Promise<Swapper> {
  const child: ChildProcess = spawn(process.execPath, ['-e', SCRIPT, dir, outside], { stdio: ['ignore', 'pipe', 'ignore'] });
  await new Promise<void>((resolve, reject) => {
    child.stdout!.once('data', () => resolve());
    child.once('exit', (code) => reject(new Error(`the swapper exited (${code}) before swapping`)));
  });
  return {
    async stop() {
      if (child.exitCode === null) {
        const ended = new Promise((r) => child.once('exit', r));
        child.kill('SIGKILL');
        await ended;
      }
      // Leave the folder real again, whatever state the loop was killed in.
      const { lstatSync, renameSync, unlinkSync } = await import('node:fs');
      try {
        if (lstatSync(dir).isSymbolicLink()) unlinkSync(dir);
      } catch {}
      if (!existsSync(dir) && existsSync(`${dir}.real-swap`)) renameSync(`${dir}.real-swap`, dir);
    },
  };
}
