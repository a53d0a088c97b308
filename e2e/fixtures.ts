// Each worker shares one browser host between its tests (a test makes its own
// repositories, so what it reads is its own); a test that needs an empty data
// folder, or that changes what is app-wide (settings, presets, model settings,
// memory, session folders, the recent list it asserts on), gets a host of its
// own: `test.use({ ownHost: true })`, or any `hostEnv`. After each test on the
// shared host the app-wide state is compared with what it was before: a test that
// changed it fails, saying to take a host of its own, and the next test gets a
// new shared host. Each test gets a page already loaded and marked
// data-ready="true". No sleeps.
//
// The page is the worker's one tab, reused from test to test: a new browser
// context and page cost about 3 s of CPU per test here (a new renderer process
// and the 540 KB bundle compiled again), a navigation in the same tab about 0.3 s
// (measured: 12 loads, 45 s against 12 s of CPU). Before each test the tab is
// put back as a fresh one would be: other tabs closed, routes and permissions
// dropped, viewport and colour scheme those of the test's options, the shared
// host's sessionStorage and localStorage cleared; after it the tab goes to
// about:blank, so nothing of the app keeps running into the next test.
//
// Starting the worker's shared host or tab is the worker's cost, not the test's:
// the test that happens to start them (the first in a worker, or the first after
// a failure, since Playwright replaces a worker after a failed test) has the time
// added to its timeout, as Playwright's own browser fixture has a time slot of
// its own. On a loaded machine that start took 15-30 s of a 60 s budget, and the
// longest tests timed out only when they came first in a worker.
import { test as base, expect, type Browser, type BrowserContext, type Page, type TestInfo } from '@playwright/test';
import type { InspectResult } from '../src/shared/contract/context';
import { startBrowserHost, type StartedHost } from './host';

export { makeRepo, git, writeFiles } from './repos';

interface Fixtures {
  /** Extra environment for the host process (e.g. LOUPE_DEMO_GATE); set with test.use({ hostEnv }). A host of the test's own. */
  hostEnv: NodeJS.ProcessEnv;
  /** A host of the test's own, with an empty data folder, instead of the worker's shared one. */
  ownHost: boolean;
  host: StartedHost;
  page: Page;
}

interface WorkerFixtures {
  /**
   * Read by no fixture: a test.use({ ownWorker: true }) puts tests in a worker of their own (a worker
   * option's value is part of what Playwright groups workers by), so the first of them starts the
   * worker's shared host and tab (e2e/shared-tab.spec.ts checks what that test is charged).
   */
  ownWorker: boolean;
  /** The worker's shared host, started by the first test that asks for it. */
  sharedHost: SharedHost;
  /** The worker's one browser tab, reused by every test (see the top of this file). */
  sharedTab: SharedTab;
}

interface SharedTab {
  get(): Promise<{ context: BrowserContext; page: Page; visited: Set<string> }>;
  /** Whether it is open (or opening); the next get() otherwise opens one. */
  readonly open: boolean;
  /** Closes it; the next test opens a new one. */
  discard(): Promise<void>;
}

interface SharedHost {
  get(): Promise<StartedHost>;
  /** Whether it is started (or starting); the next get() otherwise starts one. */
  readonly started: boolean;
  /** Stops it; the next test that asks starts a new one. */
  discard(): Promise<void>;
}

/** What every repository sees: a test on the shared host must leave it as it found it. */
const APP_WIDE = ['settings.effective', 'models.getSettings', 'presets.list', 'memory.list', 'sessions.getFolders'] as const;

async function appWideState(host: StartedHost): Promise<string> {
  const parts = await Promise.all(
    APP_WIDE.map(async (method) => {
      const body = method === 'presets.list' ? { includeArchived: true } : {};
      const res = await fetch(`${host.origin}/api/rpc/${method}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-loupe-token': host.token },
        body: JSON.stringify(body),
      });
      return `${method}: ${await res.text()}`;
    }),
  );
  return parts.join('\n');
}

export const test = base.extend<Fixtures, WorkerFixtures>({
  hostEnv: [{}, { option: true }],
  ownHost: [false, { option: true }],
  ownWorker: [false, { scope: 'worker', option: true }],
  sharedHost: [
    async ({}, use) => {
      let started: Promise<StartedHost> | null = null;
      const shared: SharedHost = {
        get: () => (started ??= startBrowserHost()),
        get started() {
          return started !== null;
        },
        async discard() {
          const host = started;
          started = null;
          if (host) await (await host).stop();
        },
      };
      await use(shared);
      await shared.discard();
    },
    { scope: 'worker' },
  ],
  sharedTab: [
    async ({ browser }, use) => {
      let opened: ReturnType<typeof openTab> | null = null;
      const tab: SharedTab = {
        get: () => (opened ??= openTab(browser)),
        get open() {
          return opened !== null;
        },
        async discard() {
          const was = opened;
          opened = null;
          if (was) await (await was).context.close().catch(() => {});
        },
      };
      await use(tab);
      await tab.discard();
    },
    { scope: 'worker' },
  ],
  host: async ({ hostEnv, ownHost, sharedHost }, use, testInfo) => {
    if (ownHost || Object.keys(hostEnv).length > 0) {
      const host = await startBrowserHost(hostEnv);
      await use(host);
      await host.stop();
      return;
    }
    const host = sharedHost.started ? await sharedHost.get() : await notCharged(testInfo, 'the shared host', () => sharedHost.get());
    const before = await appWideState(host);
    await use(host);
    const after = await appWideState(host).catch((err: unknown) => `unreadable: ${String(err)}`);
    if (after !== before) {
      await sharedHost.discard();
      throw new Error(
        `This test changed app-wide state on the worker's shared host; give it a host of its own (test.use({ ownHost: true })).\nBefore:\n${before}\nAfter:\n${after}`,
      );
    }
  },
  page: async ({ host, sharedTab, viewport, colorScheme }, use, testInfo) => {
    const getTab = () => (sharedTab.open ? sharedTab.get() : notCharged(testInfo, 'the shared tab', () => sharedTab.get()));
    let tab = await getTab();
    if (tab.page.isClosed()) {
      await sharedTab.discard();
      tab = await getTab();
    }
    const { context, page, visited } = tab;
    await Promise.all(context.pages().filter((p) => p !== page).map((p) => p.close()));
    await page.unrouteAll({ behavior: 'ignoreErrors' });
    await context.unrouteAll({ behavior: 'ignoreErrors' });
    await context.clearPermissions();
    const size = viewport ?? DEFAULT_VIEWPORT;
    const now = page.viewportSize();
    if (now?.width !== size.width || now.height !== size.height) await page.setViewportSize(size);
    await page.emulateMedia({ media: null, colorScheme: colorScheme ?? 'light' });
    if (visited.has(host.origin)) {
      // A fresh tab has no storage for this origin: clear what an earlier test left,
      // from a document of the origin that is not the app (so the app writes nothing meanwhile).
      await page.goto(`${host.origin}/favicon.svg`);
      await page.evaluate(() => {
        sessionStorage.clear();
        localStorage.clear();
      });
    }
    await page.goto(host.url);
    await expect(page.locator('.app[data-ready="true"]')).toBeVisible();
    await use(page);
    if (!page.isClosed()) await page.goto('about:blank').catch(() => sharedTab.discard());
  },
});

/** Runs the start of a worker's shared resource outside the test's time budget (see the top of this file). */
async function notCharged<T>(testInfo: TestInfo, what: string, start: () => Promise<T>): Promise<T> {
  const began = performance.now();
  const value = await start();
  const ms = Math.ceil(performance.now() - began);
  // 0 means no timeout at all (e.g. --timeout=0 while debugging): nothing to add to.
  if (testInfo.timeout > 0) testInfo.setTimeout(testInfo.timeout + ms);
  testInfo.annotations.push({ type: WORKER_SETUP, description: `${what} started in ${ms} ms, added to the test's timeout` });
  return value;
}

/** The annotation a test gets when it started a worker's shared host or tab (e2e/shared-tab.spec.ts reads it). */
export const WORKER_SETUP = 'worker-setup';

/** Milliseconds added to this test's timeout for starting the worker's shared host and tab. */
export function workerSetupMs(testInfo: TestInfo): number {
  return testInfo.annotations
    .filter((a) => a.type === WORKER_SETUP)
    .reduce((sum, a) => sum + Number(/ in (\d+) ms/.exec(a.description ?? '')?.[1] ?? NaN), 0);
}

/** Playwright's default viewport, which a new context would have. */
const DEFAULT_VIEWPORT = { width: 1280, height: 720 };

async function openTab(browser: Browser): Promise<{ context: BrowserContext; page: Page; visited: Set<string> }> {
  const context = await browser.newContext();
  // As Playwright's own context fixture: no timeout of their own (the test's and expect's apply).
  context.setDefaultTimeout(0);
  context.setDefaultNavigationTimeout(0);
  const page = await context.newPage();
  const visited = new Set<string>();
  page.on('framenavigated', (frame) => {
    if (frame !== page.mainFrame()) return;
    const { origin } = new URL(frame.url());
    if (origin !== 'null') visited.add(origin);
  });
  return { context, page, visited };
}

/** Opens a repository through the start screen's path field, as a user would. */
export async function openRepository(page: Page, path: string): Promise<void> {
  await page.getByLabel('Repository folder').fill(path);
  await page.getByRole('button', { name: 'Open', exact: true }).click();
  await expect(page.locator('.repo-bar')).toHaveAttribute('data-repo-root', path);
}

/** Types a base ref into the Inspector's base-ref field and presses Enter, as a user would. */
export async function chooseBaseRef(page: Page, ref: string): Promise<void> {
  const field = page.getByTestId('base-ref');
  await field.fill(ref);
  await field.press('Enter');
  await expect(page.getByTestId('file-tree')).toHaveAttribute('aria-labelledby', 'insp-tree-label');
  await expect(page.locator('#insp-tree-label .mono')).toHaveText(ref);
}

/**
 * Presses Inspect and returns the response the page received, to compare with what it shows,
 * with each file's preview as the host keeps it (the page asks for none with the answer and
 * each when its row opens, through context.previews): the whole document, as `loupe inspect --json` prints it.
 */
export async function runInspect(page: Page): Promise<InspectResult> {
  const response = page.waitForResponse((r) => r.url().includes('/api/rpc/context.inspect'));
  await page.getByTestId('inspect-button').click();
  const body = (await (await response).json()) as { result: InspectResult };
  await expect(page.getByTestId('result')).toBeVisible();
  const { files } = body.result;
  if (files.every((f) => f.preview !== undefined)) return body.result;
  // (A string expression: this file is typechecked without the DOM library.)
  const request = JSON.stringify({ sha256: files.map((f) => f.sha256) });
  const answer = (await page.evaluate(
    `fetch('/api/rpc/context.previews', { method: 'POST', headers: { 'content-type': 'application/json' }, body: ${JSON.stringify(request)} }).then((r) => r.json())`,
  )) as { ok: boolean; result: { previews: (string | null)[] } };
  expect(answer.ok).toBe(true);
  return { ...body.result, files: files.map((f, i) => ({ ...f, preview: answer.result.previews[i] ?? undefined })) };
}

export { expect };
