/**
 * Where the built tokens worker is. electron-vite builds it as its own entry,
 * out/main/tokens-worker.js, beside index.js and cli.js; the code asking may sit
 * in out/main or in out/main/chunks. Source runs (vitest, benchmarks) have no
 * built worker beside them and pass one they built (testing/build-worker.ts).
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { LoupeError } from '../../../shared/errors';

export const WORKER_FILE_NAME = 'tokens-worker.js';

/**
 * The built worker: LOUPE_TOKENS_WORKER when set (tests point it at the one
 * they build), else the one next to the running bundle; throws `unsupported`
 * when there is none.
 */
export function defaultWorkerFile(): string {
  const fromEnv = process.env.LOUPE_TOKENS_WORKER;
  if (fromEnv) return fromEnv;
  const here = typeof __dirname === 'string' ? __dirname : process.cwd();
  const candidates = [join(here, WORKER_FILE_NAME), join(here, '..', WORKER_FILE_NAME)];
  const found = candidates.find((f) => existsSync(f));
  if (!found) {
    throw new LoupeError(
      'unsupported',
      `Exact token counts need the built tokens worker (${WORKER_FILE_NAME}), and none is beside this program (looked in ${candidates.join(', ')}). Run \`npm run build\`.`,
    );
  }
  return found;
}
