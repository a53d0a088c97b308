import react from '@vitejs/plugin-react';
import { defineConfig } from 'electron-vite';
import { readFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = dirname(fileURLToPath(import.meta.url));
const pkg = JSON.parse(readFileSync(resolve(root, 'package.json'), 'utf8')) as { version: string };
const define = { __LOUPE_VERSION__: JSON.stringify(pkg.version) };

export default defineConfig({
  main: {
    define,
    // Secretlint's core logs through `debug`; bundled, that package loads supports-color and
    // `tty` on the first secret scan. Its trace lines are never shown: a silent stand-in.
    resolve: { alias: { debug: resolve(root, 'src/main/core/secrets/no-debug.ts') } },
    build: {
      // zod is bundled (tree-shaken) rather than required: required whole, it loads all
      // of its ~40 locale files, about a third of the `loupe` command's start-up.
      // Secretlint too (in chunks of their own, loaded when a text needs it): its packages
      // are ES modules, and Node's ES loader (compiling them, pre-parsing the CommonJS they
      // import) cost `loupe inspect` ~100 ms of CPU where the bundled copy is a require().
      externalizeDeps: { exclude: ['zod', '@secretlint/core', '@secretlint/secretlint-rule-preset-recommend'] },
      rollupOptions: {
        // index: the Electron main process; cli: the `loupe` command and browser host;
        // tokens-worker: the worker thread that counts tokens (found beside them at run time).
        input: {
          index: resolve(root, 'src/main/index.ts'),
          cli: resolve(root, 'src/main/cli/main.ts'),
          'tokens-worker': resolve(root, 'src/main/core/tokens/tokens-worker.ts'),
        },
      },
    },
  },
  preload: {
    // A sandboxed preload can only require('electron'): bundle everything else in.
    build: {
      externalizeDeps: false,
      rollupOptions: {
        external: ['electron'],
        output: { format: 'cjs', entryFileNames: '[name].js' },
      },
    },
  },
  renderer: {
    define,
    root: resolve(root, 'src/renderer'),
    build: {
      // electron-vite leaves the renderer unminified by default: 1.19 MB that every window
      // and browser tab parses before the first paint (react-dom alone was 479 KB of it).
      minify: true,
      rollupOptions: { input: resolve(root, 'src/renderer/index.html') },
    },
    plugins: [react()],
  },
});
