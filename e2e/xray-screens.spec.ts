// Screenshots of X-Ray and Settings → Context at 1280x800, light and dark, with
// an 8k window (openai/gpt-4: the seed's 16,384-token reserve is larger than the window) and a 1M
// one (google/gemini-2.5-pro), to look at the split meter at both ends. Runs
// only when LOUPE_SCREENSHOTS names a folder to write into.
import { mkdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { expect, makeRepo, openRepository, test } from './fixtures';
import { api, runTurn } from './xray-helpers';

const outDir = process.env.LOUPE_SCREENSHOTS ? resolve(process.env.LOUPE_SCREENSHOTS) : null;
const notes = Array.from({ length: 120 }, (_, i) => `Note ${i}: the build runs in two steps; keep the cache warm.`).join('\n');

test.describe('X-Ray screenshots', () => {
  test.skip(!outDir, 'Screenshots are taken only when LOUPE_SCREENSHOTS names an output folder');
  // Settings → Context is shot under the claude agent's settings (settings.update): app-wide state.
  test.use({ ownHost: true });

  for (const [name, model] of [
    ['8k', 'openai/gpt-4'],
    ['1m', 'google/gemini-2.5-pro'],
  ] as const) {
    test(`X-Ray and Settings → Context with a ${name} window`, async ({ page, host, request }) => {
      mkdirSync(outDir!, { recursive: true });
      const repo = makeRepo({ 'notes.md': notes, 'src/app.ts': 'export const app = 1;\n'.repeat(40), 'CLAUDE.md': '# House rules\nUse tabs. Run npm test before committing.\n' });
      const settings = { agent: 'demo' as const, model, notes: 'Prefer small diffs.' };
      const one = await runTurn(request, host, { repo, ask: 'Read the notes and the app', paths: ['notes.md', 'src/app.ts'], settings });
      await runTurn(request, host, { repo, ask: 'Again, briefly', paths: ['notes.md'], settings, threadId: one.run.threadId });
      await page.setViewportSize({ width: 1280, height: 800 });
      await openRepository(page, repo);
      await page.getByRole('button', { name: 'X-Ray', exact: true }).click();
      await expect(page.locator('.xray[data-ready="true"]')).toBeVisible();
      await expect(page.getByTestId('next-prompt')).not.toHaveAttribute('data-bytes', '');
      const row = page.locator('.seg-row[data-kind="file-read"]').first();
      await row.getByRole('button', { name: 'Pin' }).click();
      await expect(row).toHaveAttribute('data-status', 'pinned');
      await page.locator('.seg-row[data-kind="assistant"]').first().getByRole('button', { name: 'Evict' }).click();
      await page.locator('.view').evaluate((el) => el.scrollTo(0, 0));
      await page.emulateMedia({ colorScheme: 'light' });
      await page.screenshot({ path: join(outDir!, `xray-${name}-top.png`) });
      await page.locator('.seg-row[data-kind="file-read"]').nth(1).getByRole('button', { name: 'Evict' }).hover();
      for (const scheme of ['light', 'dark'] as const) {
        await page.emulateMedia({ colorScheme: scheme });
        await page.screenshot({ path: join(outDir!, `xray-${name}-${scheme}.png`) });
      }
      await page.mouse.move(0, 0);
      await page.locator('.seg-row[data-kind="assistant"]').nth(1).getByRole('button', { name: 'Summarize' }).click();
      await page.getByLabel('Summary', { exact: true }).fill('The agent read notes.md and src/app.ts and listed their sizes.');
      await page.screenshot({ path: join(outDir!, `xray-${name}-summarize.png`) });
      await page.keyboard.press('Escape');
      await page.locator('.view').evaluate((el) => el.scrollTo(0, el.scrollHeight));
      await page.emulateMedia({ colorScheme: 'light' });
      await page.screenshot({ path: join(outDir!, `xray-${name}-system.png`) });

      await api(request, host, 'settings.update', { settings: { agent: 'claude', model, notes: 'Prefer small diffs.' } });
      await page.getByRole('button', { name: 'Settings', exact: true }).click();
      await page.getByRole('tab', { name: 'Context' }).click();
      await expect(page.locator('.context-panel[data-ready="true"]')).toBeVisible();
      for (const scheme of ['light', 'dark'] as const) {
        await page.emulateMedia({ colorScheme: scheme });
        await page.screenshot({ path: join(outDir!, `context-${name}-${scheme}.png`) });
      }
    });
  }
});
