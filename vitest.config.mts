import { defineConfig } from 'vitest/config';

/**
 * Pure unit tests: no processes, files, database or global state (src/shared, the
 * renderer's models, the agents' and sessions' parsers). They share their modules across
 * files (isolate: false) in threads: much faster than a fresh process per file. A test
 * there that needs isolation (e.g. a renderer store spec replacing the bridge module) is
 * named *.spec.ts and runs with the rest.
 */
const PURE = [
  'src/shared/**/*.test.ts',
  'src/renderer/**/*.test.{ts,tsx}',
  'src/main/core/runs/agents/*-parser.test.ts',
  'src/main/core/sessions/parse-*.test.ts',
];

/**
 * Everything else (git repositories, SQLite files, processes, servers) runs in processes
 * (forks) that are reused from one file to the next (isolate: false): a fresh process per
 * file cost each file a fork and a fresh import of the whole main process (SQLite, git,
 * zod, the MCP SDK), about a quarter of the suite's time. Files run one after the other
 * in a process and Vitest restores mocks and vi.setConfig after each, so the rule for a
 * file here is: whatever process-wide state it changes (process.env, the cwd, the umask,
 * a module's state through vi.mock), it puts back in afterAll/afterEach or a finally.
 * A file that cannot (it replaces a module with vi.mock, say) goes in ISOLATED: it runs
 * in a process of its own, as every file here once did.
 */
const ISOLATED: string[] = [];

export default defineConfig({
  define: { __LOUPE_VERSION__: JSON.stringify('0.0.0-test') },
  test: {
    environment: 'node',
    testTimeout: 30_000,
    hookTimeout: 60_000,
    // Two cores: without it Vitest runs one file at a time here.
    maxWorkers: 2,
    projects: [
      { extends: true, test: { name: 'pure', include: PURE, pool: 'threads', isolate: false } },
      {
        extends: true,
        test: {
          name: 'main',
          include: ['src/**/*.{test,spec}.{ts,tsx}', 'scripts/**/*.test.ts'],
          exclude: [...PURE, ...ISOLATED],
          pool: 'forks',
          isolate: false,
          // The token corpus, the tokens worker and the CLI bundle, built once for the run.
          globalSetup: ['src/main/core/testing/global-setup.ts'],
        },
      },
      ...(ISOLATED.length
        ? [{ extends: true as const, test: { name: 'isolated', include: ISOLATED, pool: 'forks' as const, globalSetup: ['src/main/core/testing/global-setup.ts'] } }]
        : []),
    ],
  },
});
