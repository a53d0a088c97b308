#!/usr/bin/env node
// Before the e2e step of `npm test`: finds a Chromium for Playwright by itself,
// in the order playwright.config.ts uses them (PLAYWRIGHT_CHROMIUM_PATH, the
// system's Chromium, Playwright's own browser), installs Playwright's own where
// none is there and it can be downloaded, and otherwise says in one line what
// to install, instead of every spec failing in the middle (issue 22).
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';

const require = createRequire(import.meta.url);

/** The system Chromium paths playwright.config.ts tries, after PLAYWRIGHT_CHROMIUM_PATH. */
export const SYSTEM_CHROMIUM = ['/usr/bin/chromium', '/usr/bin/chromium-browser'];

/** The one line printed when no browser can be had. */
export const NO_BROWSER =
  'No Chromium for the e2e tests: install one (Debian/Ubuntu: sudo apt install chromium; or, online: npx playwright install chromium), or set PLAYWRIGHT_CHROMIUM_PATH to a Chromium binary.';

/** Playwright's own Chromium, where its package knows one (it may not be downloaded). */
function playwrightChromium() {
  try {
    return require('playwright-core').chromium.executablePath();
  } catch {
    return null;
  }
}

/**
 * The browser the e2e step will use, or null: `env.PLAYWRIGHT_CHROMIUM_PATH`,
 * then the system's Chromium, then Playwright's own, each only if it exists.
 */
export function findChromium({ env = process.env, exists = existsSync, own = playwrightChromium } = {}) {
  // LOUPE_SYSTEM_CHROMIUM (paths separated by ':') replaces the system list: for a machine that keeps it elsewhere, and for tests.
  const system = env.LOUPE_SYSTEM_CHROMIUM !== undefined ? env.LOUPE_SYSTEM_CHROMIUM.split(':') : SYSTEM_CHROMIUM;
  for (const p of [env.PLAYWRIGHT_CHROMIUM_PATH, ...system]) if (p && exists(p)) return { path: p, kind: p === env.PLAYWRIGHT_CHROMIUM_PATH ? 'env' : 'system' };
  const mine = own();
  return mine && exists(mine) ? { path: mine, kind: 'playwright' } : null;
}

/** Installs Playwright's own Chromium (needs the internet); true when it worked. */
function install() {
  const cli = require.resolve('@playwright/test/cli');
  const r = spawnSync(process.execPath, [cli, 'install', 'chromium'], { stdio: ['ignore', 'inherit', 'inherit'], timeout: 10 * 60_000 });
  return r.status === 0;
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  let found = findChromium();
  // LOUPE_E2E_NO_INSTALL=1: never download (an offline machine, or a test of this script).
  if (!found && process.env.LOUPE_E2E_NO_INSTALL !== '1') {
    console.error('No Chromium found for the e2e tests: installing Playwright’s own (npx playwright install chromium)…');
    if (install()) found = findChromium();
  }
  if (!found) {
    console.error(NO_BROWSER);
    process.exit(1);
  }
}
