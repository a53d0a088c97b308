import { mkdtempSync, realpathSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, git, makeRepo, openRepository, test } from './fixtures';

test('opens a fixture repository and remembers it across reloads', async ({ page, host }) => {
  const repo = makeRepo({ 'README.md': '# demo\n', 'src/app.ts': 'export const x = 1;\n' });
  git(repo, 'tag', 'v1.0.0');
  const head = git(repo, 'rev-parse', 'HEAD');

  await expect(page.getByRole('heading', { name: 'Open a repository' })).toBeVisible();
  await openRepository(page, repo);
  const bar = page.locator('.repo-bar');
  await expect(bar).toContainText(repo.split('/').pop()!);
  await expect(bar).toContainText('main');
  await expect(bar).toContainText(head.slice(0, 10));

  // A new page load in the same tab reopens it, and lists it under Recent.
  await page.goto(host.origin + '/');
  await expect(page.locator('.app[data-ready="true"]')).toBeVisible();
  await expect(bar).toHaveAttribute('data-repo-root', repo);
  await page.getByRole('button', { name: 'Switch repository…' }).click();
  const recent = page.locator('.recent');
  await expect(recent).toContainText(repo);
  await recent.getByRole('button', { name: new RegExp(repo.split('/').pop()!) }).first().click();
  await expect(bar).toHaveAttribute('data-repo-root', repo);
});

test.describe(() => {
  // Asserts that the recent list is empty: a data folder no other test has used.
  test.use({ ownHost: true });

  test('explains every bad repository path and records nothing', async ({ page }) => {
    const plain = realpathSync(mkdtempSync(join(tmpdir(), 'loupe-e2e-plain-')));
    const file = join(plain, 'notes.txt');
    writeFileSync(file, 'hello');
    const cases: [string, string][] = [
      ['relative/path', 'invalid-input'],
      [join(plain, 'missing'), 'not-found'],
      [file, 'not-a-directory'],
      [plain, 'not-a-repo'],
    ];
    for (const [path, code] of cases) {
      await page.getByLabel('Repository folder').fill(path);
      await page.getByRole('button', { name: 'Open', exact: true }).click();
      const alert = page.getByRole('alert');
      await expect(alert).toHaveAttribute('data-error-code', code);
      await expect(alert).not.toBeEmpty();
    }
    await expect(page.locator('.recent')).toHaveCount(0);
    await expect(page.locator('.repo-bar')).toHaveCount(0);
  });
});

test('navigates between sections and shows installation facts', async ({ page, host }) => {
  await page.getByRole('button', { name: 'Settings' }).click();
  await expect(page.getByRole('heading', { name: 'Settings', exact: true })).toBeVisible();
  await expect(page.locator('.facts')).toContainText(host.userDataDir);
  await expect(page.locator('.facts')).toContainText('Browser host on 127.0.0.1');
  for (const name of ['Runs', 'X-Ray', 'Presets']) {
    await page.getByRole('button', { name, exact: true }).click();
    await expect(page.locator('.nav-item.active')).toHaveText(new RegExp(name));
  }
});

test('follows the OS colour scheme', async ({ page }) => {
  await page.emulateMedia({ colorScheme: 'light' });
  const light = await page.evaluate(() => getComputedStyle(document.body).backgroundColor);
  await page.emulateMedia({ colorScheme: 'dark' });
  const dark = await page.evaluate(() => getComputedStyle(document.body).backgroundColor);
  expect(light).not.toBe(dark);
});

test('the API refuses a missing token and a foreign origin', async ({ host, request }) => {
  const noToken = await request.post(`${host.origin}/api/rpc/app.info`, { data: {} });
  expect(noToken.status()).toBe(401);
  expect((await noToken.json()).error.code).toBe('unauthorized');
  const foreign = await request.post(`${host.origin}/api/rpc/app.info`, {
    data: {},
    headers: { 'x-loupe-token': host.token, origin: 'http://evil.example' },
  });
  expect(foreign.status()).toBe(403);
  const ok = await request.post(`${host.origin}/api/rpc/app.info`, {
    data: {},
    headers: { 'x-loupe-token': host.token },
  });
  expect((await ok.json()).result.host).toBe('browser');
});

test('the favicon is served', async ({ request, host }) => {
  const icon = await request.get(`${host.origin}/favicon.svg`);
  expect(icon.status()).toBe(200);
  expect(icon.headers()['content-type']).toContain('image/svg+xml');
  expect(await icon.text()).toContain('<svg');
  // Asked for by habit as /favicon.ico: the same icon, never a 404.
  const ico = await request.get(`${host.origin}/favicon.ico`);
  expect(ico.status()).toBe(200);
  expect(ico.headers()['content-type']).toContain('image/svg+xml');
});

test('a page opened without its token says how to get access', async ({ browser, host }) => {
  const context = await browser.newContext();
  const page = await context.newPage();
  await page.goto(host.origin + '/');
  await expect(page.getByRole('alert')).toHaveAttribute('data-error-code', 'unauthorized');
  // Both ways of starting Loupe are named, in plain text (no Markdown backticks on a page).
  await expect(page.getByRole('alert')).toContainText('npm start or loupe serve');
  await expect(page.getByRole('alert')).not.toContainText('`');
  await context.close();
});
