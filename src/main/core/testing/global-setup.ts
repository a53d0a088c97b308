// Vitest global setup (vitest.config.mts, the "main" project): what many test files
// need is built once per run instead of once per test process: the token corpus, the
// tokens worker and the `loupe` CLI bundle. Their paths reach every test process
// through the environment; the bundles are removed when the run ends.
import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { bundleCli, CLI_BUNDLE_ENV } from './cli-bundle';
import { ensureCorpus } from './token-corpus';
import { bundleTokensWorker, TOKENS_WORKER_ENV } from './tokens-worker';

export default async function setup(): Promise<() => void> {
  const dir = join(process.cwd(), 'out', 'test-build', String(process.pid));
  ensureCorpus();
  // One after the other: two Vite builds at once are no faster on two cores.
  process.env[TOKENS_WORKER_ENV] = await bundleTokensWorker(join(dir, 'workers'));
  process.env[CLI_BUNDLE_ENV] = await bundleCli(join(dir, 'cli'));
  return () => rmSync(dir, { recursive: true, force: true });
}
