// The worker's tab is reused from test to test (e2e/fixtures.ts): what one test
// leaves in it must not reach the next. The first test dirties everything a test
// can; the second, in the same worker right after it, must find a fresh tab.
// The file has a worker of its own, so its first test is the one that starts the
// worker's shared host and tab: that start must not eat into its time budget.
import { expect, makeRepo, openRepository, test, WORKER_SETUP, workerSetupMs } from './fixtures';

test.describe.configure({ mode: 'serial' });
test.use({ ownWorker: true });

test('the first test in a worker is not charged for starting its shared host and tab', async ({ page, host }, testInfo) => {
  await expect(page.locator('.app[data-ready="true"]')).toBeVisible();
  expect(new URL(page.url()).origin).toBe(host.origin);
  const notes = testInfo.annotations.filter((a) => a.type === WORKER_SETUP).map((a) => a.description);
  expect(notes).toEqual([
    expect.stringMatching(/^the shared host started in \d+ ms, added to the test's timeout$/),
    expect.stringMatching(/^the shared tab started in \d+ ms, added to the test's timeout$/),
  ]);
  expect(workerSetupMs(testInfo)).toBeGreaterThan(0);
  expect(testInfo.timeout).toBe(testInfo.project.timeout + workerSetupMs(testInfo));
});

test('a test that leaves the tab dirty', async ({ page, host }) => {
  const repo = makeRepo({ 'README.md': '# demo\n' });
  await openRepository(page, repo);
  await page.locator('.nav-item', { hasText: 'X-Ray' }).click();
  await expect(page.locator('.nav-item.active')).toHaveText(/X-Ray/);
  await page.emulateMedia({ colorScheme: 'dark' });
  await page.setViewportSize({ width: 900, height: 600 });
  await page.context().grantPermissions(['clipboard-read', 'clipboard-write'], { origin: host.origin });
  await page.route('**/favicon.svg', (route) => route.abort());
  await page.context().newPage();
  expect(await page.evaluate(() => Object.keys(sessionStorage).length)).toBeGreaterThan(0);
});

test('the next test in the worker gets the tab as a new one would be', async ({ page, host }, testInfo) => {
  // And the time budget any test has: the worker's host and tab were started before it.
  expect(testInfo.annotations.filter((a) => a.type === WORKER_SETUP)).toEqual([]);
  expect(testInfo.timeout).toBe(testInfo.project.timeout);
  // No repository reopened, the view is the first one.
  await expect(page.getByRole('heading', { name: 'Open a repository' })).toBeVisible();
  await expect(page.locator('.nav-item.active')).toHaveText(/Inspector/);
  expect(await page.evaluate(() => JSON.stringify(sessionStorage))).not.toContain('"root":"/');
  expect(page.viewportSize()).toEqual({ width: 1280, height: 720 });
  expect(await page.evaluate(() => matchMedia('(prefers-color-scheme: dark)').matches)).toBe(false);
  expect(page.context().pages()).toEqual([page]);
  const clipboard = await page.evaluate(async () => (await navigator.permissions.query({ name: 'clipboard-read' as PermissionName })).state);
  expect(clipboard).not.toBe('granted');
  expect((await page.request.get(`${host.origin}/favicon.svg`)).ok()).toBe(true);
  expect(await page.evaluate(async () => (await fetch('/favicon.svg')).ok)).toBe(true);
});
