// What a first-time user hit (issue 22, friction), in the browser host at 1280x800:
// the model picker above the run bar and Escape, the run bar compact, X-Ray's
// disabled actions and errors where they happen, Runs of this thread.
import { expect, makeRepo, openRepository, runInspect, test } from './fixtures';

test.use({ viewport: { width: 1280, height: 800 } });

const shoot = async (page: import('@playwright/test').Page, name: string) => {
  for (const scheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme: scheme });
    await page.screenshot({ path: `test-results/first-user/${name}-${scheme}.png` });
  }
};

test('the model list opens above the run bar; Escape closes the list, then the settings', async ({ page }) => {
  const files: Record<string, string> = {};
  for (let i = 0; i < 30; i++) files[`src/file-${i}.ts`] = `export const n = ${i};\n`;
  await openRepository(page, makeRepo(files));
  await page.getByLabel('Select src', { exact: true }).check();
  await runInspect(page);
  await page.getByTestId('run-settings-toggle').click();
  const field = page.locator('#run-model');
  await field.fill('gpt');
  const list = page.locator('#run-model-list');
  await expect(list).toBeVisible();
  await expect(field).toHaveAttribute('aria-expanded', 'true');
  // Wholly above the sticky run bar, and in the viewport.
  const box = (await list.boundingBox())!;
  const dock = (await page.getByTestId('run-dock').boundingBox())!;
  expect(box.y + box.height).toBeLessThanOrEqual(dock.y + 1);
  expect(box.y).toBeGreaterThanOrEqual(0);
  await shoot(page, 'model-list');
  await field.press('Escape');
  await expect(list).toHaveCount(0);
  await expect(page.getByTestId('run-settings')).toBeVisible();
  await field.press('Escape');
  await expect(page.getByTestId('run-settings')).toHaveCount(0);
});
