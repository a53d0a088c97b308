// Test and benchmark helper: builds the tokens worker from source, as
// electron-vite does for the app (out/main/tokens-worker.js), because a worker
// thread cannot run the .ts source that vitest and the benchmarks run. Each
// process builds its own copy once (about a second), under out/, so the
// worker finds gpt-tokenizer in node_modules as the app's does.
import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { WORKER_FILE_NAME } from '../tokens/worker-file';

let built: Promise<string> | null = null;

/** The repository root: the bench bundle and vitest both run with the repository as cwd. */
function repoRoot(): string {
  const cwd = process.cwd();
  if (!existsSync(join(cwd, 'src', 'main', 'core', 'tokens', 'tokens-worker.ts'))) {
    throw new Error(`buildTokensWorker runs from the repository root; cwd is ${cwd}.`);
  }
  return cwd;
}

/** Path of a freshly built tokens worker for this process (built once, then reused). */
export function buildTokensWorker(): Promise<string> {
  built ??= (async () => {
    const root = repoRoot();
    const outDir = join(root, 'out', 'test-workers', String(process.pid));
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
  })();
  return built;
}
