// Settings → Sessions on the browser host: where Loupe looks for each CLI's transcripts,
// from the CLIs' variables or the folders set here. The host runs with a fake HOME:
// the real home folder is never read.
import { mkdirSync, mkdtempSync, realpathSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test as base } from './fixtures';

// The suite's own fixtures (not a test of Playwright's own): a worker of the suite runs it, with its
// tab, instead of a worker process and a browser started for this file alone. The host is its own (hostEnv).
const test = base.extend<{ home: string }>({
  home: async ({}, use) => {
    const home = realpathSync(mkdtempSync(join(tmpdir(), 'loupe-e2e-home-')));
    mkdirSync(join(home, '.claude', 'projects'), { recursive: true });
    await use(home);
    rmSync(home, { recursive: true, force: true });
  },
  hostEnv: async ({ home }, use) => {
    await use({ HOME: home, CODEX_HOME: join(home, 'codex-elsewhere'), CLAUDE_CONFIG_DIR: '', GEMINI_CLI_HOME: '' });
  },
});

test('shows where each CLI keeps its sessions and saves the folders set here', async ({ page, home }) => {
  // The page fixture has loaded the app from this test's host, ready.
  await page.getByRole('button', { name: /Settings/ }).click();
  await page.getByRole('tab', { name: 'Sessions' }).click();
  await expect(page.locator('.sessions-panel[data-sessions-ready="true"]')).toBeVisible();

  await expect(page.locator('#sessions-folder-claude-code-now')).toHaveText(`Searching ${join(home, '.claude', 'projects')} (default)`);
  await expect(page.locator('#sessions-folder-codex-now')).toHaveText(`Searching ${join(home, 'codex-elsewhere', 'sessions')} (from the CLI’s variable): not there (yet)`);
  await expect(page.getByRole('button', { name: 'Save folders' })).toBeDisabled();

  if (process.env.LOUPE_SCREENSHOTS) {
    for (const scheme of ['light', 'dark'] as const) {
      await page.emulateMedia({ colorScheme: scheme });
      await page.screenshot({ path: join(process.env.LOUPE_SCREENSHOTS, `settings-sessions-${scheme}.png`) });
    }
  }

  await page.getByLabel('Gemini CLI').fill('relative/folder');
  await page.getByRole('button', { name: 'Save folders' }).click();
  await expect(page.locator('.notice-error')).toHaveAttribute('data-error-code', 'invalid-input');

  const mine = join(home, 'my-gemini');
  mkdirSync(mine);
  await page.getByLabel('Gemini CLI').fill(mine);
  await page.getByRole('button', { name: 'Save folders' }).click();
  await expect(page.locator('#sessions-folder-gemini-now')).toHaveText(`Searching ${mine} (set here)`);
  await page.reload();
  await page.getByRole('button', { name: /Settings/ }).click();
  await page.getByRole('tab', { name: 'Sessions' }).click();
  await expect(page.getByLabel('Gemini CLI')).toHaveValue(mine);
});
