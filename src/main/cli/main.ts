// Entry of the `loupe` command (bin/loupe.js loads the built copy of this file).
import { join } from 'node:path';
import { defaultUserDataDir } from '../core/user-data';
import type { CliIo } from './command';
import { enableCompileCache } from './compile-cache';
import { runCli } from './index';

// Before any command loads the runtime chunk: its compiled code comes from the cache.
if (process.env.LOUPE_COMPILE_CACHE !== '0') enableCompileCache(join(defaultUserDataDir(), 'compile-cache'));

// `loupe models | head` closes the pipe early: that is the reader's choice, not an error.
for (const stream of [process.stdout, process.stderr]) {
  stream.on('error', (err: NodeJS.ErrnoException) => {
    if (err.code === 'EPIPE') process.exit(process.exitCode ?? 0);
    throw err;
  });
}

const io: CliIo = {
  stdout: (t: string) => void process.stdout.write(t),
  stderr: (t: string) => void process.stderr.write(t),
  readStdin: async () => {
    const chunks: Buffer[] = [];
    for await (const c of process.stdin as AsyncIterable<Buffer>) chunks.push(c);
    return Buffer.concat(chunks).toString('utf8');
  },
  env: process.env,
  rendererDir: join(__dirname, '../renderer'),
  onInterrupt(handler) {
    // First Ctrl-C: end gracefully (runs cancelled, processes ended). A second one: leave now.
    let pressed = 0;
    const listener = () => {
      pressed += 1;
      if (pressed > 1) process.exit(130);
      handler();
    };
    process.on('SIGINT', listener);
    process.on('SIGTERM', listener);
    return () => {
      process.off('SIGINT', listener);
      process.off('SIGTERM', listener);
    };
  },
};

runCli(process.argv.slice(2), io).then(
  (code) => {
    process.exitCode = code;
  },
  (err: unknown) => {
    process.stderr.write(`loupe: ${err instanceof Error ? err.stack : String(err)}\n`);
    process.exitCode = 1;
  },
);
