// ESLint: the project's own rules, which enforce themselves in `npm test` (`npm run lint`).
// Only what the type checker and the layer test (src/layering.test.ts) do not already hold:
// where Electron, the renderer's bridge and SQL statements may appear, which store module owns
// each table, which of the runs module's files X-Ray and sessions may use, and conditions the
// types say are always the same.
import { defineConfig } from 'eslint/config';
import tseslint from 'typescript-eslint';
import { migrationTables, tableOwnersPlugin } from './scripts/eslint-table-owners.mjs';
import { layerBlocks } from './scripts/eslint-layers.mjs';

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
 * Runs internals: X-Ray and sessions read threads (core/threads) and assemble prompts
 * (core/prompt); of core/runs (the executor) they use only what it publishes for them.
 */
const RUNS_INTERNALS = {
  // The runs room's public face, both allowed: runs/record.ts (what X-Ray and sessions read of a
  // run) and runs/api.ts (what the runner hands them: preview, start, its turn event).
  group: ['**/runs/**', '!**/runs/record', '!**/runs/api'],
  message: 'X-Ray and sessions never import runs internals (issue 18): use core/threads and core/prompt.',
};
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
  { files: STORE_FILES, rules: { 'no-restricted-syntax': 'off' } },
  {
    // Each table read and written by exactly one store module (scripts/eslint-table-owners.mjs
    // names them); tests and their helpers set up and inspect databases directly.
    files: ['src/**/*.{ts,tsx}'],
    ignores: ['src/**/*.test.ts', 'src/**/*.spec.ts', 'src/main/core/testing/**', 'src/main/core/*/testing.ts'],
    plugins: { loupe: tableOwnersPlugin },
    rules: {
      'loupe/table-owner': ['error', { root: import.meta.dirname, tables: [...migrationTables(`${import.meta.dirname}/src/main/core/store/migrations`)] }],
    },
  },
  {
    files: ['src/main/core/xray/**', 'src/main/core/sessions/**'],
    ignores: ['**/*.test.ts', '**/*.spec.ts'],
    rules: { 'no-restricted-imports': ['error', { ...ELECTRON_IMPORT, patterns: [...ELECTRON_IMPORT.patterns, RUNS_INTERNALS] }] },
  },
  // The wire and the conversation room: their allow-lists (scripts/eslint-layers.mjs).
  ...layerBlocks(ELECTRON_IMPORT),
  {
    // `loupe inspect` loads only what context.inspect needs (issue 24): the modules on its
    // path never import the whole service table, the whole contract or the app's runtime.
    files: ['src/main/cli/commands/inspect.ts', 'src/main/cli/runtime-options.ts', 'src/main/core/runtime-core.ts', 'src/main/core/inspect/inspect-service.ts'],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: '(^|/)(runtime|with-runtime|services|shared/api|shared/validate)$',
              allowTypeImports: true,
              message: 'The inspect path loads only what context.inspect needs: build its runtime with createRuntimeWith(…, inspectOnlyTable).',
            },
          ],
        },
      ],
    },
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
