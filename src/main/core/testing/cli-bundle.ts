// Test helper: the `loupe` command bundled from source (as `npm run bench` does), for
// specs that run it as a real process (the MCP server over stdio, the host under
// SIGKILL). Each process builds its own copy once, under out/, so the bundle finds
// better-sqlite3 and the SDK in node_modules as the app's does.
import { join } from 'node:path';

let built: Promise<string> | null = null;

/** Path of `cli.cjs` bundled from src/main/cli/main.ts for this process (built once, then reused). */
export function buildCliBundle(): Promise<string> {
  built ??= (async () => {
    const root = join(__dirname, '../../../..');
    const outDir = join(root, 'out', 'test-cli', String(process.pid));
    const { build } = await import('vite');
    await build({
      configFile: false,
      logLevel: 'warn',
      define: { __LOUPE_VERSION__: JSON.stringify('test') },
      build: {
        ssr: join(root, 'src/main/cli/main.ts'),
        outDir,
        emptyOutDir: true,
        target: 'node20',
        rollupOptions: { output: { entryFileNames: 'cli.cjs', format: 'cjs' } },
      },
    });
    return join(outDir, 'cli.cjs');
  })();
  return built;
}
