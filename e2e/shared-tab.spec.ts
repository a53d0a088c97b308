// The worker's tab is reused from test to test (e2e/fixtures.ts): what one test
// leaves in it must not reach the next. The first test dirties everything a test
// can; the second, in the same worker right after it, must find a fresh tab.
import { expect, makeRepo, openRepository, test } from './fixtures';

test.describe.configure({ mode: 'serial' });

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

test('the next test in the worker gets the tab as a new one would be', async ({ page, host }) => {
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
