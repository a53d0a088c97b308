#!/usr/bin/env node
// Runs one benchmark from bench/: `npm run bench -- <name>` builds bench/<name>.bench.ts
// with Vite's SSR build (so it can import src/ as the app does) and runs it in Node.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'vite';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const names = readdirSync(join(root, 'bench'))
  .filter((f) => f.endsWith('.bench.ts'))
  .map((f) => f.replace(/\.bench\.ts$/, ''));
const wanted = process.argv.slice(2).filter((a) => !a.startsWith('-'));
if (wanted.length === 0) {
  console.log(`Usage: npm run bench -- <name> [...]\nBenchmarks: ${names.join(', ') || '(none)'}`);
  process.exit(names.length ? 0 : 1);
}
const outDir = join(root, 'out', 'bench');
mkdirSync(outDir, { recursive: true });
let failed = 0;
for (const name of wanted) {
  const entry = join(root, 'bench', `${name}.bench.ts`);
  if (!existsSync(entry)) {
    console.error(`No benchmark named "${name}". Known: ${names.join(', ')}`);
    failed++;
    continue;
  }
  await build({
    configFile: false,
    logLevel: 'warn',
    define: { __LOUPE_VERSION__: JSON.stringify('bench') },
    build: {
      ssr: entry,
      outDir,
      emptyOutDir: false,
      target: 'node20',
      rollupOptions: { output: { entryFileNames: `${name}.mjs`, format: 'es' } },
    },
  });
  const r = spawnSync(process.execPath, ['--expose-gc', join(outDir, `${name}.mjs`), ...process.argv.slice(2).filter((a) => a.startsWith('-'))], {
    stdio: 'inherit',
    cwd: root,
  });
  if (r.status !== 0) failed++;
}
process.exit(failed ? 1 : 0);
