// Test helper: the `loupe` command bundled from source (as `npm run bench` does), for
// specs that run it as a real process (the MCP server over stdio, the host under
// SIGKILL). The vitest global setup (global-setup.ts) builds it once for the whole run,
// under out/, so the bundle finds better-sqlite3 and the SDK in node_modules as the app's does.
import { existsSync, rmSync } from 'node:fs';
import { join } from 'node:path';

/** The bundle the global setup built for this test run (set in every test process). */
export const CLI_BUNDLE_ENV = 'LOUPE_TEST_CLI_BUNDLE';
/** The version that bundle reports (the app's, when the global setup reuses `npm run build`'s). */
export const CLI_VERSION_ENV = 'LOUPE_TEST_CLI_VERSION';
/** The version bundleCli builds in. */
const BUNDLE_VERSION = 'test';

const root = join(__dirname, '../../../..');
let built: Promise<string> | null = null;

/** Bundles src/main/cli/main.ts into `outDir`; returns the path of its `cli.cjs`. */
export async function bundleCli(outDir: string): Promise<string> {
  const { build } = await import('vite');
  await build({
    configFile: false,
    logLevel: 'warn',
    define: { __LOUPE_VERSION__: JSON.stringify(BUNDLE_VERSION) },
    build: {
      ssr: join(root, 'src/main/cli/main.ts'),
      outDir,
      emptyOutDir: true,
      target: 'node20',
      rollupOptions: { output: { entryFileNames: 'cli.cjs', format: 'cjs' } },
    },
  });
  return join(outDir, 'cli.cjs');
}

/** Path of the bundled `cli.cjs`: the test run's, or one built for this process (once, removed at exit). */
export function buildCliBundle(): Promise<string> {
  const shared = process.env[CLI_BUNDLE_ENV];
  if (shared && existsSync(shared)) return Promise.resolve(shared);
  built ??= (async () => {
    const outDir = join(root, 'out', 'test-cli', String(process.pid));
    process.once('exit', () => rmSync(outDir, { recursive: true, force: true }));
    return bundleCli(outDir);
  })();
  return built;
}

/** The version the bundle buildCliBundle answers reports (`loupe --version`, the MCP server's). */
export function cliBundleVersion(): string {
  const shared = process.env[CLI_BUNDLE_ENV];
  return shared && existsSync(shared) ? (process.env[CLI_VERSION_ENV] ?? BUNDLE_VERSION) : BUNDLE_VERSION;
}
