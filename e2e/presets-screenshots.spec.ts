// Screenshots of the Presets view at 1280x800, light and dark, with a preset of
// three revisions, a repository library and an import result. Runs only when
// LOUPE_SCREENSHOTS names a folder to write into.
import { mkdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { expect, makeRepo, openRepository, test } from './fixtures';
import { dropFiles, libraryText, rpc } from './presets-helpers';

const outDir = process.env.LOUPE_SCREENSHOTS ? resolve(process.env.LOUPE_SCREENSHOTS) : null;

test.describe('screenshots', () => {
  test.skip(!outDir, 'Screenshots are taken only when LOUPE_SCREENSHOTS names an output folder');

  test('Presets view, light and dark', async ({ page, host }) => {
    mkdirSync(outDir!, { recursive: true });
    const repo = makeRepo({
      'notes.md': '# notes\n',
      '.loupe/presets.json': libraryText('review-bot', [{ settings: { agent: 'custom', command: 'node tools/review.js --strict', loop: { contextBudget: { maxApproximateTokens: 50_000, policy: 'warn' } } } }]),
    });
    await rpc(page, host, 'presets.save', { name: 'team-claude', settings: { agent: 'claude', model: 'anthropic/claude-sonnet-4-5', loop: { contextBudget: { maxPromptBytes: 400_000, policy: 'block' } } } });
    await rpc(page, host, 'presets.save', { name: 'team-claude', settings: { agent: 'claude', model: 'anthropic/claude-sonnet-4-5', notes: 'Run the tests before you say you are done.', loop: { contextBudget: { maxPromptBytes: 400_000, policy: 'block' } } } });
    await rpc(page, host, 'presets.save', { name: 'team-claude', settings: { agent: 'claude', model: 'anthropic/claude-opus-4-1', notes: 'Run the tests before you say you are done.', loop: {} } });
    await rpc(page, host, 'presets.save', { name: 'quick-codex', settings: { agent: 'codex', agentArgs: ['--full-auto'], loop: { idleTimeoutSeconds: 300 } } });
    await page.setViewportSize({ width: 1280, height: 800 });
    await openRepository(page, repo);
    await page.getByRole('button', { name: /Presets/ }).click();
    await expect(page.locator('.presets[data-ready="true"]')).toBeVisible();
    await page.locator('[data-preset="team-claude"]').first().click();
    await page.getByRole('button', { name: 'Apply team-claude@2' }).click();
    await expect(page.getByTestId('effective-settings')).toHaveAttribute('data-applied', 'team-claude@2');
    await dropFiles(page, '.presets', { 'gemini.json': libraryText('gemini-docs', [{ settings: { agent: 'gemini', model: 'gemini-2.5-pro' } }]) });
    await expect(page.getByTestId('import-report')).toBeVisible();
    for (const scheme of ['light', 'dark'] as const) {
      await page.emulateMedia({ colorScheme: scheme });
      await page.locator('.view').evaluate((el) => el.scrollTo(0, 0));
      await page.screenshot({ path: join(outDir!, `presets-${scheme}.png`) });
      await page.locator('.view').evaluate((el) => el.scrollTo(0, el.scrollHeight));
      await page.screenshot({ path: join(outDir!, `presets-${scheme}-bottom.png`) });
    }
  });
});
