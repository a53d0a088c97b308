// Generates (once, cached under the OS temp folder) a repository shaped like a real
// project's: SOURCE_FILES JavaScript/TypeScript files copied from this checkout's
// node_modules (sorted, then a seeded pick, so every machine with the same lockfile
// gets the same repository) under `src/`, and a history of HISTORY commits that edit
// some files and rewrite a few generated ones, repacked by git so the pack holds
// delta chains like a cloned repository's. Stands in for prettier's `src` (9,347
// files, a 283 MiB .git) of issue 24, which cannot be cloned offline.
import { execFileSync, spawn } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { prng } from '../src/shared/prng';
import { sourceText } from './inspect-repo';

/** Bump when the generated layout changes, so a stale cache is not reused. */
const VERSION = 'v1';
export const SOURCE_FILES = 9347;
export const SOURCE_DIR = 'src';
const HISTORY = 200;
const EDITS_PER_COMMIT = 50;
const REWRITES_PER_COMMIT = 6;
const REWRITE_BYTES = 96 * 1024;
const SOURCE_EXT = /\.(js|mjs|cjs|ts|mts|cts)$/;

function sourcePool(modules: string): string[] {
  const out: string[] = [];
  const walk = (dir: string) => {
    for (const e of readdirSync(dir, { withFileTypes: true }).sort((a, b) => (a.name < b.name ? -1 : 1))) {
      const full = join(dir, e.name);
      if (e.isDirectory()) walk(full);
      else if (e.isFile() && SOURCE_EXT.test(e.name) && statSync(full).size <= 512 * 1024) out.push(full);
    }
  };
  walk(modules);
  return out;
}

/** A seeded pick of `n` files from the pool, in pool order. */
function pick(pool: readonly string[], n: number, seed: number): string[] {
  const next = prng(seed);
  const idx = pool.map((_, i) => i);
  for (let i = idx.length - 1; i > 0; i--) {
    const j = Math.floor(next() * (i + 1));
    [idx[i], idx[j]] = [idx[j]!, idx[i]!];
  }
  return idx
    .slice(0, Math.min(n, idx.length))
    .sort((a, b) => a - b)
    .map((i) => pool[i]!);
}

async function fastImport(root: string, modules: string, files: string[]): Promise<void> {
  const child = spawn('git', ['fast-import', '--quiet'], { cwd: root, stdio: ['pipe', 'inherit', 'inherit'] });
  const done = new Promise<void>((resolve, reject) =>
    child.on('close', (code) => (code === 0 ? resolve() : reject(new Error(`git fast-import exited ${code}`)))),
  );
  const write = (chunk: string | Buffer) =>
    child.stdin.write(chunk) ? Promise.resolve() : new Promise<void>((r) => child.stdin.once('drain', () => r()));
  const paths = files.map((f) => `${SOURCE_DIR}/${relative(modules, f)}`);
  const contents = new Map<string, Buffer>();
  const blob = async (path: string, bytes: Buffer) => {
    contents.set(path, bytes);
    await write(`M 100644 inline ${path}\ndata ${bytes.length}\n`);
    await write(bytes);
    await write('\n');
  };
  const next = prng(24);
  for (let c = 0; c <= HISTORY; c++) {
    const when = 1_735_689_600 + c * 3_600;
    const message = c === 0 ? 'Import the sources' : `Change ${EDITS_PER_COMMIT + REWRITES_PER_COMMIT} files`;
    await write(
      `commit refs/heads/main\nauthor Bench <bench@loupe.invalid> ${when} +0000\ncommitter Bench <bench@loupe.invalid> ${when} +0000\ndata ${Buffer.byteLength(message)}\n${message}\n`,
    );
    if (c === 0) {
      for (let i = 0; i < files.length; i++) await blob(paths[i]!, readFileSync(files[i]!));
      await write(`M 100644 inline README.md\ndata 20\n# Generated source\n\n`);
    } else {
      for (let e = 0; e < EDITS_PER_COMMIT; e++) {
        // Small edits: one line inserted at a seeded place (the pack stores these as deltas).
        const path = paths[Math.floor(next() * paths.length)]!;
        const old = contents.get(path)!;
        const at = old.indexOf(10, Math.floor(next() * old.length));
        const line = Buffer.from(`// revision ${c}: ${Math.floor(next() * 1e9)}\n`);
        await blob(path, at < 0 ? Buffer.concat([old, line]) : Buffer.concat([old.subarray(0, at + 1), line, old.subarray(at + 1)]));
      }
      for (let r = 0; r < REWRITES_PER_COMMIT; r++) {
        // Generated files rewritten whole: history that a reader must never load to read HEAD.
        const path = `${SOURCE_DIR}/generated/table${String(r).padStart(2, '0')}.ts`;
        await blob(path, Buffer.from(sourceText(c * 100 + r, REWRITE_BYTES)));
      }
    }
    await write('\n');
  }
  child.stdin.end();
  await done;
}

/** The repository's path, generating it first if this version is not cached yet. */
export async function sourceRepo(): Promise<string> {
  const root = join(tmpdir(), `loupe-bench-source-${VERSION}`);
  const ready = join(root, '.git', 'loupe-bench-ready');
  if (existsSync(ready)) return root;
  const modules = join(process.cwd(), 'node_modules');
  const files = pick(sourcePool(modules), SOURCE_FILES, 9347);
  rmSync(root, { recursive: true, force: true });
  mkdirSync(root, { recursive: true });
  const git = (...args: string[]) => execFileSync('git', args, { cwd: root, stdio: ['ignore', 'ignore', 'inherit'] });
  git('init', '-q', '-b', 'main');
  await fastImport(root, modules, files);
  // As a clone has it: one pack, deltas found by git's own search, not fast-import's.
  git('repack', '-a', '-d', '-f', '-q', '--depth=50', '--window=10');
  git('reset', '-q', '--hard', 'main');
  await new Promise((r) => setTimeout(r, 1100));
  execFileSync('git', ['update-index', '-q', '--refresh'], { cwd: root, stdio: 'ignore' });
  writeFileSync(ready, `${VERSION}\n`);
  return root;
}
