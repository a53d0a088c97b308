#!/usr/bin/env node
// `npm start`: build, then launch the Electron app. Where Electron's binary can't
// be had (offline, download refused) or its SQLite module can't be built, print
// one line saying so and serve the same app in the browser instead.
// LOUPE_HOST=browser skips the Electron attempt.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { ensureElectronNative } from './electron-native.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const electronDir = join(root, 'node_modules', 'electron');

function run(cmd, args, opts = {}) {
  return spawnSync(cmd, args, { cwd: root, stdio: 'inherit', ...opts });
}

const build = run(process.execPath, [join(root, 'node_modules', 'electron-vite', 'bin', 'electron-vite.js'), 'build']);
if (build.status !== 0) process.exit(build.status ?? 1);

/** The Electron executable, downloading it on first use like `electron` itself does; null with a reason otherwise. */
function electronExecutable() {
  const installed = () => {
    const pathFile = join(electronDir, 'path.txt');
    if (!existsSync(pathFile)) return null;
    const exe = join(electronDir, 'dist', readFileSync(pathFile, 'utf8').trim());
    return existsSync(exe) ? exe : null;
  };
  const present = installed();
  if (present) return { exe: present };
  const r = spawnSync(process.execPath, [join(electronDir, 'install.js')], {
    cwd: electronDir,
    encoding: 'utf8',
    timeout: 5 * 60 * 1000,
  });
  const exe = installed();
  if (exe) return { exe };
  const detail = `${r.stderr ?? ''}${r.stdout ?? ''}`.split('\n').find((l) => /error|ENOTFOUND|EAI_AGAIN|ECONN/i.test(l));
  return { reason: `its binary could not be downloaded${detail ? ` (${detail.trim().slice(0, 160)})` : ''}` };
}

function startBrowserHost(reason) {
  if (reason) console.log(`Electron is unavailable: ${reason}. Starting the browser host instead.`);
  const child = spawn(process.execPath, [join(root, 'bin', 'loupe.js'), 'serve', ...process.argv.slice(2)], {
    cwd: root,
    stdio: 'inherit',
  });
  child.on('exit', (code) => process.exit(code ?? 0));
  for (const sig of ['SIGINT', 'SIGTERM']) process.on(sig, () => child.kill(sig));
}

if (process.env.LOUPE_HOST === 'browser') {
  startBrowserHost(null);
} else {
  const electron = electronExecutable();
  if (!electron.exe) {
    startBrowserHost(electron.reason);
  } else {
    const native = ensureElectronNative();
    if (!native.ok) {
      startBrowserHost(`the SQLite module for Electron could not be built: ${native.reason}`);
    } else {
      const child = spawn(electron.exe, [root], { cwd: root, stdio: 'inherit' });
      child.on('exit', (code) => process.exit(code ?? 0));
      for (const sig of ['SIGINT', 'SIGTERM']) process.on(sig, () => child.kill(sig));
    }
  }
}
