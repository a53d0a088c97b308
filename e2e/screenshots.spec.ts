// Screenshots of the Inspector at 1280x800, light and dark, on a real
// TypeScript repository (a clone of Loupe itself with local changes), for the
// README and for looking at the UI. Runs only when LOUPE_SCREENSHOTS names a
// folder to write into; `LOUPE_SCREENSHOTS=docs npx playwright test e2e/screenshots.spec.ts`
// (after npm run build) retakes the README's docs/screenshot-inspector.png.
import { mkdirSync, mkdtempSync, realpathSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { expect, git, openRepository, test } from './fixtures';

const outDir = process.env.LOUPE_SCREENSHOTS ? resolve(process.env.LOUPE_SCREENSHOTS) : null;

test.describe('screenshots', () => {
  test.skip(!outDir, 'Screenshots are taken only when LOUPE_SCREENSHOTS names an output folder');

  test('Inspector on a real repository, light and dark', async ({ page }) => {
    mkdirSync(outDir!, { recursive: true });
    const repo = join(realpathSync(mkdtempSync(join(tmpdir(), 'loupe-shot-'))), 'loupe');
    git(tmpdir(), 'clone', '-q', join(__dirname, '..'), repo);
    writeFileSync(join(repo, 'src/shared/format.ts'), `${'// local edit\n'}${git(repo, 'show', 'HEAD:src/shared/format.ts')}\n`);
    writeFileSync(join(repo, 'src/shared/contract/context-notes.md'), '# Notes on the context contract\n');
    writeFileSync(join(repo, 'src/shared/format-helpers.ts'), 'export const helper = true;\n');
    await page.setViewportSize({ width: 1280, height: 800 });
    await openRepository(page, repo);

    const tree = page.getByTestId('file-tree');
    await page.getByRole('button', { name: 'Expand src', exact: true }).click();
    await page.getByRole('button', { name: 'Expand src/shared', exact: true }).click();
    await page.getByLabel('Select src/shared/contract', { exact: true }).check();
    await page.getByLabel('Select src/shared/format.ts', { exact: true }).check();
    await page.getByLabel('Select src/shared/format-helpers.ts', { exact: true }).check();
    await page.getByLabel('Select README.md', { exact: true }).check();
    await expect(tree.locator('[data-path="src/shared/contract/context-notes.md"]')).toHaveCount(0);
    await page.getByTestId('attach-input').setInputFiles({ name: 'design-notes.md', mimeType: 'text/markdown', buffer: Buffer.alloc(5200, 'n') });
    await page.getByTestId('inspect-button').click();
    await expect(page.getByTestId('result-row').first()).toBeVisible();
    await page.locator('[data-testid="result-row"][data-path="src/shared/contract/define.ts"]').click();
    await expect(page.getByTestId('preview')).toBeVisible();
    // Both panes from the top: base ref and tree on the left; totals, files and a preview on the right.
    await page.locator('.insp-select .insp-pane-scroll').evaluate((el) => el.scrollTo(0, 0));
    await page.locator('.insp-results-inner').evaluate((el) => el.scrollTo(0, 0));

    for (const scheme of ['light', 'dark'] as const) {
      await page.emulateMedia({ colorScheme: scheme });
      await page.screenshot({ path: join(outDir!, scheme === 'light' ? 'screenshot-inspector.png' : 'screenshot-inspector-dark.png') });
    }
    // The run bar's measures kept open (they are one line until the ask is typed).
    await page.getByTestId('meters-fold').click();
    await page.emulateMedia({ colorScheme: 'light' });
    await page.screenshot({ path: join(outDir!, 'screenshot-inspector-measures.png') });
    await page.getByTestId('meters-fold').click();
  });

  test('Runs: a blocked run and a finished one, light and dark', async ({ page }) => {
    mkdirSync(outDir!, { recursive: true });
    const repo = join(realpathSync(mkdtempSync(join(tmpdir(), 'loupe-shot-'))), 'loupe');
    git(tmpdir(), 'clone', '-q', join(__dirname, '..'), repo);
    await page.setViewportSize({ width: 1280, height: 800 });
    await openRepository(page, repo);
    await page.getByRole('button', { name: 'Expand src', exact: true }).click();
    await page.getByLabel('Select src/shared', { exact: true }).check();
    await page.getByLabel('Select README.md', { exact: true }).check();
    await page.getByTestId('run-settings-toggle').click();
    await page.getByTestId('run-maxPromptBytes').fill('1000');
    await page.getByTestId('run-ask').fill('Explain how the context budget is checked before launch');
    await expect(page.getByTestId('prompt-window')).toBeVisible();
    for (const scheme of ['light', 'dark'] as const) {
      await page.emulateMedia({ colorScheme: scheme });
      await page.screenshot({ path: join(outDir!, scheme === 'light' ? 'screenshot-run-settings.png' : 'screenshot-run-settings-dark.png') });
    }
    await page.getByTestId('run-settings-close').click();
    await page.getByTestId('run-ask').fill('Explain how the context budget is checked before launch');
    await expect(page.getByTestId('pm-verdict')).toHaveText('would BLOCK');
    for (const scheme of ['light', 'dark'] as const) {
      await page.emulateMedia({ colorScheme: scheme });
      await page.screenshot({ path: join(outDir!, scheme === 'light' ? 'screenshot-run-bar.png' : 'screenshot-run-bar-dark.png') });
    }
    await page.getByTestId('run-button').click();
    await expect(page.getByTestId('blocked')).toBeVisible();
    await page.getByTestId('raise-maxPromptBytes').fill('200000');
    await page.getByTestId('raise-retry').click();
    await expect(page.getByTestId('run-head')).toHaveAttribute('data-run-status', 'succeeded', { timeout: 30_000 });
    await page.getByRole('tab', { name: /Evidence/ }).click();
    for (const scheme of ['light', 'dark'] as const) {
      await page.emulateMedia({ colorScheme: scheme });
      await page.screenshot({ path: join(outDir!, scheme === 'light' ? 'screenshot-runs.png' : 'screenshot-runs-dark.png') });
    }
  });
});
