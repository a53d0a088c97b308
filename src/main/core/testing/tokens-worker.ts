// Test and benchmark helper: builds the tokens worker from source, as
// electron-vite does for the app (out/main/tokens-worker.js), because a worker
// thread cannot run the .ts source that vitest and the benchmarks run. Under
// vitest the global setup (global-setup.ts) builds it once for the whole run;
// a benchmark builds its own under out/ and removes it when it exits. Either
// way it sits under out/, so the worker finds gpt-tokenizer in node_modules as
// the app's does.
import { existsSync, rmSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { WORKER_FILE_NAME } from '../tokens/worker-file';

/** The worker the global setup built for this test run (set in every test process). */
export const TOKENS_WORKER_ENV = 'LOUPE_TEST_TOKENS_WORKER';

let built: Promise<string> | null = null;

/** The repository root: the bench bundle and vitest both run with the repository as cwd. */
function repoRoot(): string {
  const cwd = process.cwd();
  if (!existsSync(join(cwd, 'src', 'main', 'core', 'tokens', 'tokens-worker.ts'))) {
    throw new Error(`buildTokensWorker runs from the repository root; cwd is ${cwd}.`);
  }
  return cwd;
}

/** Bundles src/main/core/tokens/tokens-worker.ts into `outDir`; returns the worker's path. */
export async function bundleTokensWorker(outDir: string): Promise<string> {
  const root = repoRoot();
  const { build } = await import('vite');
  await build({
    configFile: false,
    logLevel: 'warn',
    build: {
      ssr: resolve(root, 'src/main/core/tokens/tokens-worker.ts'),
      outDir,
      emptyOutDir: true,
      target: 'node20',
      rollupOptions: { output: { entryFileNames: WORKER_FILE_NAME, format: 'cjs' } },
    },
  });
  return join(outDir, WORKER_FILE_NAME);
}

/** Path of a built tokens worker: the test run's, or one built for this process (once, removed at exit). */
export function buildTokensWorker(): Promise<string> {
  const shared = process.env[TOKENS_WORKER_ENV];
  if (shared && existsSync(shared)) return Promise.resolve(shared);
  built ??= (async () => {
    const outDir = join(repoRoot(), 'out', 'test-workers', String(process.pid));
    process.once('exit', () => rmSync(outDir, { recursive: true, force: true }));
    return bundleTokensWorker(outDir);
  })();
  return built;
}
