#!/usr/bin/env node
// Builds better-sqlite3 for Electron's ABI into native/electron-<modules>/ so the
// desktop app can load it (via better-sqlite3's `nativeBinding` option) while
// node_modules keeps the Node build that tests, the CLI and the browser host use.
// One `npm install` therefore serves both. Needs Electron's headers (downloaded by
// node-gyp from electronjs.org): where they can't be reached, it says so and fails.
import { spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, copyFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const require = createRequire(join(root, 'package.json'));

/** Electron's NODE_MODULE_VERSION, read from the installed electron package's abi file. */
export function electronAbi() {
  const abiFile = join(root, 'node_modules', 'electron', 'abi_version');
  if (existsSync(abiFile)) return readFileSync(abiFile, 'utf8').trim();
  return null;
}

export function electronNativePath(abi) {
  return join(root, 'native', `electron-${abi}`, 'better_sqlite3.node');
}

/** Locates node-gyp: npm exports its own path to scripts; fall back to npm's bundled copy. */
function nodeGyp() {
  if (process.env.npm_config_node_gyp && existsSync(process.env.npm_config_node_gyp)) return process.env.npm_config_node_gyp;
  const npmDir = join(dirname(process.execPath), '..', 'lib', 'node_modules', 'npm');
  const bundled = join(npmDir, 'node_modules', 'node-gyp', 'bin', 'node-gyp.js');
  return existsSync(bundled) ? bundled : null;
}

export function ensureElectronNative({ quiet = false } = {}) {
  const electronVersion = require('electron/package.json').version;
  const abi = electronAbi();
  if (!abi) return { ok: false, reason: 'electron/abi_version is missing; reinstall electron' };
  const target = electronNativePath(abi);
  if (existsSync(target)) return { ok: true, path: target };
  const gyp = nodeGyp();
  if (!gyp) return { ok: false, reason: 'node-gyp was not found (it ships with npm)' };
  const source = dirname(require.resolve('better-sqlite3/package.json'));
  const work = mkdtempSync(join(tmpdir(), 'loupe-sqlite-electron-'));
  try {
    cpSync(source, work, { recursive: true, filter: (p) => !p.includes(`${join(source, 'build')}`) });
    if (!quiet) console.log(`Building the SQLite module for Electron ${electronVersion} (ABI ${abi}); this takes a few minutes once…`);
    const r = spawnSync(
      process.execPath,
      [gyp, 'rebuild', '--release', `--target=${electronVersion}`, '--dist-url=https://electronjs.org/headers', '--runtime=electron'],
      { cwd: work, stdio: quiet ? 'ignore' : 'inherit', timeout: 15 * 60 * 1000 },
    );
    const built = join(work, 'build', 'Release', 'better_sqlite3.node');
    if (r.status !== 0 || !existsSync(built)) {
      return { ok: false, reason: "node-gyp could not build it (are Electron's headers reachable?)" };
    }
    mkdirSync(dirname(target), { recursive: true });
    copyFileSync(built, target);
    return { ok: true, path: target };
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const r = ensureElectronNative();
  if (r.ok) console.log(`Electron SQLite module ready: ${r.path}`);
  else console.error(`Could not build the Electron SQLite module: ${r.reason}`);
  process.exit(r.ok ? 0 : 1);
}
