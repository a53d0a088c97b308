// ESLint: the project's own rules, which enforce themselves in `npm test` (`npm run lint`).
// Only what the type checker and the layer test (src/layering.test.ts) do not already hold:
// where Electron, the renderer's bridge and SQL statements may appear, which of the runs
// module's files X-Ray and sessions may use, and conditions the types say are always the same.
import { defineConfig } from 'eslint/config';
import tseslint from 'typescript-eslint';

const TS = ['**/*.{ts,tsx,mts}'];

/** Where `electron` may be imported: the main process entry, its IPC layer and the preload. */
const ELECTRON_FILES = ['src/main/index.ts', 'src/main/ipc/**', 'src/preload/**'];
const ELECTRON_IMPORT = {
  paths: [{ name: 'electron', message: 'Only src/main/index.ts, src/main/ipc/ and src/preload/ import electron; core is reused by the CLI and the browser host.' }],
  patterns: [{ group: ['electron/*'], message: 'Only src/main/index.ts, src/main/ipc/ and src/preload/ import electron.' }],
};

/**
 * Store modules: the only files that prepare SQL (each table read and written in one place).
 * Tests and their helpers set up and inspect databases directly.
 */
const STORE_FILES = [
  'src/main/core/store/**',
  'src/main/core/*/store/**',
  'src/main/core/*/store.ts',
  'src/main/core/**/*-store.ts',
  'src/main/core/testing/**',
  'src/main/core/*/testing.ts',
  'src/**/*.test.ts',
  'src/**/*.spec.ts',
];
/**
 * Files that still prepare statements outside a store module. Issue 18's "each table is read
 * and written by exactly one store module" moves these into store modules; remove each from
 * this list as it does, and the rule holds everywhere.
 */
const PREPARE_NOT_YET_IN_STORES = ['src/main/core/memory/memory-services.ts'];

/**
 * Runs internals: X-Ray and sessions read threads (core/threads) and assemble prompts
 * (core/prompt); of core/runs (the executor) they use only what it publishes for them:
 * runs/record (what a run recorded) and runs/run-services (starting and previewing runs).
 */
const RUNS_INTERNALS = {
  group: ['**/runs/**', '!**/runs/record', '!**/runs/run-services'],
  message: 'X-Ray and sessions never import runs internals (issue 18): use core/threads, core/prompt, runs/record or runs/run-services.',
};
/**
 * X-Ray and sessions files that still import runs internals: the Claude Code session reader
 * shares the agents' parse helpers (runs/agents/parse-util). Remove it from this list once
 * those helpers live outside core/runs: the rule then holds for every file.
 */
const RUNS_INTERNALS_NOT_YET_MOVED = ['src/main/core/sessions/claude.ts'];

/** Renderer views and view hooks: they reach main only through their feature's store. */
const VIEW_FILES = ['src/renderer/src/**/*.tsx', 'src/renderer/src/features/**/use-*.ts'];

export default defineConfig(
  { ignores: ['out/**', 'dist/**', 'native/**', '.cache/**', 'node_modules/**', 'resources/**', 'fixtures/**', 'scripts/**', 'bin/**', 'test-results/**', 'playwright-report/**'] },
  {
    files: TS,
    languageOptions: {
      parser: tseslint.parser,
      parserOptions: {
        project: ['./tsconfig.node.json', './tsconfig.web.json', './tsconfig.e2e.json'],
        tsconfigRootDir: import.meta.dirname,
      },
    },
    linterOptions: { reportUnusedDisableDirectives: 'error' },
    plugins: { '@typescript-eslint': tseslint.plugin },
    rules: {
      '@typescript-eslint/no-unnecessary-condition': ['error', { allowConstantLoopConditions: 'only-allowed-literals' }],
      'no-restricted-imports': ['error', ELECTRON_IMPORT],
      'no-restricted-syntax': [
        'error',
        {
          selector: "CallExpression[callee.property.name='prepare']",
          message: 'SQL is prepared only in store modules (src/main/core/store/, a module\'s store/ folder or *-store.ts): call a store function.',
        },
      ],
    },
  },
  { files: ELECTRON_FILES, rules: { 'no-restricted-imports': 'off' } },
  { files: [...STORE_FILES, ...PREPARE_NOT_YET_IN_STORES], rules: { 'no-restricted-syntax': 'off' } },
  {
    files: ['src/main/core/xray/**', 'src/main/core/sessions/**'],
    ignores: ['**/*.test.ts', '**/*.spec.ts', ...RUNS_INTERNALS_NOT_YET_MOVED],
    rules: { 'no-restricted-imports': ['error', { ...ELECTRON_IMPORT, patterns: [...ELECTRON_IMPORT.patterns, RUNS_INTERNALS] }] },
  },
  {
    files: VIEW_FILES,
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: '(^|/)bridge(/|$)',
              message: 'Views reach main through their feature\'s store (store actions call the bridge; components do not).',
            },
          ],
        },
      ],
    },
  },
);
