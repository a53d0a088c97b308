// Vitest global setup (vitest.config.mts, the "main" project): what many test files
// need is built once per run instead of once per test process: the token corpus, the
// tokens worker, the `loupe` CLI bundle and the folder of repository templates. Their
// paths reach every test process through the environment; the bundles and the templates
// are removed when the run ends. When the app's own
// build (`npm run build`, which `npm test` runs just before the unit tests) is newer than
// everything it is built from, its worker and CLI are used instead of building them again.
import { mkdtempSync, realpathSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { currentAppBuild } from './app-build';
import { bundleCli, CLI_BUNDLE_ENV, CLI_VERSION_ENV } from './cli-bundle';
import { REPO_TEMPLATES_ENV } from './repo-templates';
import { ensureCorpus } from './token-corpus';
import { bundleTokensWorker, TOKENS_WORKER_ENV } from './tokens-worker';

export default async function setup(): Promise<(() => void) | undefined> {
  // Two projects (shared and isolated processes) name this setup: the first one builds.
  if (process.env[REPO_TEMPLATES_ENV]) return undefined;
  // The repositories tests build with git, once per run for all test processes (repo-templates.ts).
  const templates = realpathSync(mkdtempSync(join(tmpdir(), 'loupe-templates-')));
  process.env[REPO_TEMPLATES_ENV] = templates;
  const cleanups = [() => rmSync(templates, { recursive: true, force: true })];
  const teardown = () => {
    for (const cleanup of cleanups) cleanup();
  };
  if (process.env[CLI_BUNDLE_ENV] && process.env[TOKENS_WORKER_ENV]) return teardown;
  ensureCorpus();
  const app = currentAppBuild(process.cwd());
  if (app) {
    process.env[TOKENS_WORKER_ENV] = app.tokensWorker;
    process.env[CLI_BUNDLE_ENV] = app.cli;
    process.env[CLI_VERSION_ENV] = app.version;
    return teardown;
  }
  const dir = join(process.cwd(), 'out', 'test-build', String(process.pid));
  cleanups.push(() => rmSync(dir, { recursive: true, force: true }));
  // One after the other: two Vite builds at once are no faster on two cores.
  process.env[TOKENS_WORKER_ENV] = await bundleTokensWorker(join(dir, 'workers'));
  process.env[CLI_BUNDLE_ENV] = await bundleCli(join(dir, 'cli'));
  return teardown;
}
