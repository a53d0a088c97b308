// The desktop app itself, driven through Playwright's Electron support. It runs
// wherever Electron's binary is installed; elsewhere (offline machines, this CI)
// it reports a skip with the reason instead of pretending to pass.
// test and expect from ./fixtures (fixtures it never asks for cost nothing): the same worker as every
// other spec, so its skip here costs no worker of its own at the end of the run.
import { _electron as electron } from '@playwright/test';
import { expect, test } from './fixtures';
import { existsSync, mkdtempSync, readFileSync, realpathSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { makeRepo } from './repos';

const root = join(__dirname, '..');

function electronBinary(): string | null {
  const pathFile = join(root, 'node_modules', 'electron', 'path.txt');
  if (!existsSync(pathFile)) return null;
  const exe = join(root, 'node_modules', 'electron', 'dist', readFileSync(pathFile, 'utf8').trim());
  return existsSync(exe) ? exe : null;
}

const binary = electronBinary();

test.describe('Electron app', () => {
  test.skip(!binary, "Electron's binary is not installed here (it is downloaded on first use and this machine is offline)");

  test('opens a hardened window that can open a repository', async () => {
    const userData = realpathSync(mkdtempSync(join(tmpdir(), 'loupe-electron-')));
    const app = await electron.launch({
      executablePath: binary!,
      args: [root, ...(process.env.CI ? ['--no-sandbox'] : [])],
      env: { ...process.env, LOUPE_USER_DATA: userData },
    });
    const window = await app.firstWindow();
    await expect(window.locator('.app[data-ready="true"]')).toBeVisible();
    await expect(window.locator('.app')).toHaveAttribute('data-host', 'electron');

    // Context isolation + sandbox: the page sees window.loupe and nothing of Node.
    const exposed = await window.evaluate(() => ({
      require: typeof (globalThis as { require?: unknown }).require,
      process: typeof (globalThis as { process?: unknown }).process,
      loupe: typeof (globalThis as { loupe?: unknown }).loupe,
      popup: globalThis.open('https://example.com') === null,
    }));
    expect(exposed).toEqual({ require: 'undefined', process: 'undefined', loupe: 'object', popup: true });
    expect(await app.evaluate(({ app: a }) => a.getPath('userData'))).toBe(userData);

    const repo = makeRepo({ 'a.txt': 'a\n' });
    await window.getByLabel('Repository folder').fill(repo);
    await window.getByRole('button', { name: 'Open', exact: true }).click();
    await expect(window.locator('.repo-bar')).toHaveAttribute('data-repo-root', repo);
    await app.close();
  });
});
