// The e2e step finds its browser by itself, or says in one line what to install (issue 22).
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
// @ts-expect-error: a plain ES module script, no types
import { findChromium, NO_BROWSER } from './e2e-browser.mjs';

type Found = { path: string; kind: string } | null;
const find = findChromium as (o: { env?: NodeJS.ProcessEnv; exists?: (p: string) => boolean; own?: () => string | null }) => Found;

describe('the e2e browser', () => {
  it('takes PLAYWRIGHT_CHROMIUM_PATH, then the system’s Chromium, then Playwright’s own, each only if it is there', () => {
    const there = (...paths: string[]) => (p: string) => paths.includes(p);
    expect(find({ env: { PLAYWRIGHT_CHROMIUM_PATH: '/opt/c' }, exists: there('/opt/c', '/usr/bin/chromium'), own: () => '/pw/chrome' })).toEqual({ path: '/opt/c', kind: 'env' });
    expect(find({ env: { PLAYWRIGHT_CHROMIUM_PATH: '/opt/gone' }, exists: there('/usr/bin/chromium-browser'), own: () => '/pw/chrome' })).toEqual({ path: '/usr/bin/chromium-browser', kind: 'system' });
    expect(find({ env: {}, exists: there('/pw/chrome'), own: () => '/pw/chrome' })).toEqual({ path: '/pw/chrome', kind: 'playwright' });
    expect(find({ env: {}, exists: there(), own: () => '/pw/chrome' })).toBeNull();
  });

  it('where none can be had, exits 1 with one line saying what to install; with one, passes quietly', () => {
    const run = (system: string) =>
      spawnSync(process.execPath, [join(__dirname, 'e2e-browser.mjs')], {
        encoding: 'utf8',
        env: { ...process.env, PLAYWRIGHT_CHROMIUM_PATH: '', LOUPE_SYSTEM_CHROMIUM: system, PLAYWRIGHT_BROWSERS_PATH: '/nonexistent-loupe', LOUPE_E2E_NO_INSTALL: '1' },
      });
    const none = run('/nonexistent-loupe/chromium');
    expect(none.status).toBe(1);
    expect(none.stderr.trim().split('\n')).toEqual([NO_BROWSER]);
    expect(NO_BROWSER).toMatch(/^No Chromium for the e2e tests: install one \(.*apt install chromium.*npx playwright install chromium\)/);
    const some = run(`/nonexistent-loupe/chromium:${process.execPath}`);
    expect(some.status).toBe(0);
    expect(some.stderr).toBe('');
  });
});
