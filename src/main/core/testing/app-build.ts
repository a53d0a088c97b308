// Test helper for the vitest global setup: the app's own build of the `loupe` CLI and the
// tokens worker (out/main, made by `npm run build`), usable by the tests only when it is
// provably current: every file under out/main is newer than every file it can be built
// from (src/, the build and TypeScript configs, package.json, the lock files, and
// node_modules/.package-lock.json, which npm rewrites on every install). `npm test` builds
// just before it runs the unit tests, so there the tests reuse that build; anywhere else
// (an edit since, no build at all) the global setup builds its own, as make would.
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';

export interface AppBuild {
  cli: string;
  tokensWorker: string;
  /** The version the build carries (package.json's): what `loupe` reports. */
  version: string;
}

/** Build inputs beside src/ (paths from the repository root). */
const INPUT_FILES = ['package.json', 'package-lock.json', 'node_modules/.package-lock.json', 'electron.vite.config.mts', 'tsconfig.json', 'tsconfig.base.json', 'tsconfig.node.json'];

/** Newest (or oldest) modification time of the files under `dir`, recursively. */
function mtimes(dir: string, pick: (a: number, b: number) => number, start: number): number {
  let at = start;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const full = join(dir, entry.name);
    if (entry.isDirectory()) at = mtimes(full, pick, at);
    else if (entry.isFile()) at = pick(at, statSync(full).mtimeMs);
  }
  return at;
}

/** out/main's CLI and tokens worker when they are newer than all their inputs; else null. */
export function currentAppBuild(root: string): AppBuild | null {
  const outMain = join(root, 'out', 'main');
  const cli = join(outMain, 'cli.js');
  const tokensWorker = join(outMain, 'tokens-worker.js');
  if (!existsSync(cli) || !existsSync(tokensWorker)) return null;
  const oldestOutput = mtimes(outMain, Math.min, Infinity);
  let newestInput = mtimes(join(root, 'src'), Math.max, 0);
  for (const file of INPUT_FILES) {
    const full = join(root, file);
    if (existsSync(full)) newestInput = Math.max(newestInput, statSync(full).mtimeMs);
  }
  if (!(newestInput < oldestOutput)) return null;
  const { version } = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as { version: string };
  return { cli, tokensWorker, version };
}
