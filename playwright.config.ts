import { defineConfig } from '@playwright/test';
import { existsSync } from 'node:fs';

/**
 * Playwright's own browser download is unavailable on offline machines, so the
 * suite uses a system Chromium when one is there: PLAYWRIGHT_CHROMIUM_PATH,
 * then /usr/bin/chromium; otherwise Playwright's default browser. `npm run test:e2e`
 * checks first that one of them is there (scripts/e2e-browser.mjs, the same order),
 * installing Playwright's own where it can, else saying in one line what to install.
 */
const systemChromium = [process.env.PLAYWRIGHT_CHROMIUM_PATH, '/usr/bin/chromium', '/usr/bin/chromium-browser'].find(
  (p): p is string => !!p && existsSync(p),
);

export default defineConfig({
  testDir: 'e2e',
  timeout: 60_000,
  expect: { timeout: 10_000 },
  // Tests, not files, are shared out between the two workers, so they end together;
  // each worker shares one browser host between its tests (e2e/fixtures.ts).
  fullyParallel: true,
  workers: 2,
  retries: 0,
  // The second reporter says why each skipped test was skipped (e.g. no Electron binary here).
  reporter: [['list'], ['./e2e/skip-reasons-reporter.ts']],
  // The specs that drive the real agent CLIs, hold runs mid-turn or run several turns take the longest: they
  // live in e2e/agent-runs/, which Playwright queues first (it takes files in name order,
  // folders among them), so the last tests left for the two workers are short ones. One
  // project, not a "long" and a "rest" one: a worker never outlives its project, so a
  // second project cost each worker a restart (a new browser, tab and host, about 4 s).
  use: {
    // Recording a trace of every test costs about a fifth of the suite's time (measured: 12 tests,
    // one worker, 39-40 s without, 47-51 s with). A failure keeps its screenshot; to see its trace,
    // run the failing spec again with `npx playwright test --trace on`, or set LOUPE_E2E_TRACE=1.
    trace: process.env.LOUPE_E2E_TRACE ? 'retain-on-failure' : 'off',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: systemChromium,
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
  },
});
