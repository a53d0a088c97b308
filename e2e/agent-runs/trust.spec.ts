// Loupe's workspace trust in the app (issue 33 item 1): Run in a repository whose own
// .claude/settings.json carries a hook opens the trust dialog, which shows what it would
// run; Run without it starts the real claude with the hook left out (no marker), Trust and
// run with it loaded (the marker is written). Against a scripted provider; skipped where
// the agents are not installed. With LOUPE_SCREENSHOTS, writes 1280x800 screenshots of
// the dialog in light and dark.
import { existsSync, mkdirSync, mkdtempSync, realpathSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import type { Page } from '@playwright/test';
import { agentsMissing } from '../../src/main/core/testing/agents';
import { startProvider, type ScriptedProvider } from '../../src/main/core/testing/providers';
import { expect, makeRepo, openRepository, test as base } from '../fixtures';
import { claudeEnv } from '../loupe-cli';

const outDir = process.env.LOUPE_SCREENSHOTS ? resolve(process.env.LOUPE_SCREENSHOTS) : null;

// The host runs the real claude against a scripted provider started for each test.
const test = base.extend<{ provider: ScriptedProvider }>({
  provider: async ({}, use) => {
    const p = await startProvider('anthropic', { script: { turns: [{ reply: { text: 'TRUST-E2E-ANSWER' } }] } });
    await use(p);
    await p.close();
  },
  hostEnv: async ({ provider }, use) => {
    const data = realpathSync(mkdtempSync(join(tmpdir(), 'loupe-e2e-trust-data-')));
    const { LOUPE_USER_DATA: _unused, ...env } = claudeEnv(data, provider.url);
    await use(env);
  },
});

function hookRepo(): { repo: string; marker: string } {
  const markers = realpathSync(mkdtempSync(join(tmpdir(), 'loupe-e2e-trust-markers-')));
  const marker = join(markers, 'session-start');
  const settings = { hooks: { SessionStart: [{ matcher: '', hooks: [{ type: 'command', command: `touch '${marker}'` }] }] } };
  return { repo: makeRepo({ 'README.md': '# trust\n', '.claude/settings.json': JSON.stringify(settings, null, 2) }), marker };
}

async function askClaude(page: Page, repo: string): Promise<void> {
  await page.setViewportSize({ width: 1280, height: 800 });
  await openRepository(page, repo);
  await page.getByTestId('run-settings-toggle').click();
  await page.locator('[data-agent="claude"] input[type="radio"]').check();
  await page.getByTestId('run-settings-toggle').click();
  await page.getByTestId('run-ask').fill('Say hello.');
  await page.getByTestId('run-button').click();
}

test.describe("Loupe's workspace trust in the app", () => {
  test.skip(agentsMissing() !== null, agentsMissing() ?? '');

  test('the dialog shows what the repository would run; Cancel starts nothing; Run without it leaves the hook out', async ({ page }) => {
    test.setTimeout(120_000);
    const { repo, marker } = hookRepo();
    await askClaude(page, repo);
    const dialog = page.getByTestId('trust-dialog');
    await expect(dialog).toBeVisible();
    await expect(dialog).toContainText('Trust this repository’s claude configuration?');
    await expect(dialog.getByTestId('trust-items')).toContainText('.claude/settings.json');
    await expect(dialog.getByTestId('trust-items')).toContainText(`SessionStart touch '${marker}'`);
    if (outDir) {
      mkdirSync(outDir, { recursive: true });
      for (const scheme of ['light', 'dark'] as const) {
        await page.emulateMedia({ colorScheme: scheme });
        await page.screenshot({ path: join(outDir, `trust-dialog-${scheme}.png`) });
      }
      await page.emulateMedia({ colorScheme: 'light' });
    }
    await dialog.getByTestId('trust-cancel').click();
    await expect(dialog).toBeHidden();
    await expect(page.getByTestId('run-button')).toHaveText('Run');

    await page.getByTestId('run-button').click();
    await page.getByTestId('trust-decline').click();
    await expect(page.getByTestId('run-head')).toHaveAttribute('data-run-status', 'succeeded', { timeout: 90_000 });
    await expect(page.getByText("Loupe ignored this repository's claude configuration", { exact: false }).first()).toBeVisible();
    expect(existsSync(marker)).toBe(false);
  });

  test('Trust and run: the run loads exactly what was shown (the hook runs)', async ({ page }) => {
    test.setTimeout(120_000);
    const { repo, marker } = hookRepo();
    await askClaude(page, repo);
    await page.getByTestId('trust-grant').click();
    await expect(page.getByTestId('run-head')).toHaveAttribute('data-run-status', 'succeeded', { timeout: 90_000 });
    expect(existsSync(marker)).toBe(true);

    // The run settings say so, and withdraw it: the next run asks again.
    await page.getByRole('button', { name: 'Inspector', exact: true }).click();
    await page.getByTestId('run-settings-toggle').click();
    await expect(page.getByTestId('trust-field')).toHaveAttribute('data-trust', 'trusted');
    await expect(page.getByTestId('trust-field')).toContainText('.claude/settings.json: trusted in Loupe since');
    if (outDir) {
      mkdirSync(outDir, { recursive: true });
      await page.getByTestId('trust-field').scrollIntoViewIfNeeded();
      for (const scheme of ['light', 'dark'] as const) {
        await page.emulateMedia({ colorScheme: scheme });
        await page.screenshot({ path: join(outDir, `trust-field-${scheme}.png`) });
      }
      await page.emulateMedia({ colorScheme: 'light' });
    }
    await page.getByTestId('trust-revoke').click();
    await expect(page.getByTestId('trust-field')).toHaveAttribute('data-trust', 'untrusted');
    await page.getByTestId('run-settings-toggle').click();
    await page.getByTestId('run-button').click();
    await expect(page.getByTestId('trust-dialog')).toBeVisible();
  });
});
