// Team presets in the browser host (issue 9): a preset with a block ceiling
// blocks a run; a revision without it; applying old and new revisions changes
// where the settings in force come from; library files dropped or chosen are
// imported, or refused item by item; the repository's library is offered.
// Runs start through the host's API, as the run form (another view) would.
import type { Page } from '@playwright/test';
import { expect, makeRepo, openRepository, test } from './fixtures';
import { dropFiles, libraryText, rpc, runWithEffective } from './presets-helpers';

async function openPresets(page: Page) {
  await page.getByRole('button', { name: /Presets/ }).click();
  await expect(page.locator('.presets[data-ready="true"]')).toBeVisible();
}

// Presets and the settings in force are app-wide: each test has a host of its own.
test.use({ ownHost: true });

/** The settings-in-force row of a setting: its value and where it comes from. */
const row = (page: Page, field: string) => page.locator(`[data-testid="effective-settings"] [data-field="${field}"]`);

test('a block ceiling blocks a run; a revision without it; applying old and new revisions moves the source of the settings in force', async ({ page, host }) => {
  const repo = makeRepo({ 'notes.md': '# Notes\n'.repeat(40) });
  // The user's own ceiling, as the run form would save it.
  await rpc(page, host, 'settings.update', { settings: { agent: 'demo', loop: { contextBudget: { maxPromptBytes: 100, policy: 'block' } } } });
  await openPresets(page);
  await expect(row(page, 'loop.contextBudget')).toHaveAttribute('data-source', 'app');
  await expect(row(page, 'loop.contextBudget')).toContainText('block at 100 bytes');

  await page.getByLabel('Preset name').fill('team');
  await page.getByRole('button', { name: 'Save as new preset' }).click();
  await expect(page.getByTestId('preset-note')).toHaveText('Saved team@1; it is now in force.');
  await expect(row(page, 'loop.contextBudget')).toHaveAttribute('data-source', 'team@1');
  await expect(page.getByTestId('effective-settings')).toHaveAttribute('data-applied', 'team@1');

  const blocked = await runWithEffective(page, host, repo);
  expect(blocked.run.status).toBe('blocked');
  expect(blocked.steps[0]).toMatchObject({ outcome: 'blocked', presetRef: { name: 'team', revision: 1 } });

  // The user drops the ceiling (in the run form) and saves that as revision 2.
  await rpc(page, host, 'settings.update', { settings: { agent: 'demo', loop: {} } });
  await page.getByRole('button', { name: /Settings/ }).click();
  await openPresets(page);
  await expect(row(page, 'loop.contextBudget')).toHaveAttribute('data-source', 'app');
  await page.getByRole('button', { name: 'Save as team@2' }).click();
  await expect(page.getByTestId('preset-note')).toHaveText('Saved team@2; it is now in force.');
  const two = page.locator('.revision[data-revision="2"]');
  await expect(two.locator('[data-field="loop.contextBudget.maxPromptBytes"]')).toHaveText('max prompt bytes 100 → not set');
  await expect(two.locator('[data-field="loop.contextBudget.policy"]')).toHaveText('budget policy block → not set');
  await expect(two).toContainText('by ');

  await page.getByRole('button', { name: 'Apply team@1' }).click();
  await expect(row(page, 'loop.contextBudget')).toHaveAttribute('data-source', 'team@1');
  await expect(row(page, 'loop.contextBudget')).toContainText('block at 100 bytes');
  await expect(page.locator('.revision[data-revision="1"]')).toHaveClass(/is-in-force/);
  expect((await runWithEffective(page, host, repo)).run.status).toBe('blocked');

  await page.getByRole('button', { name: 'Apply team@2' }).click();
  await expect(row(page, 'loop.contextBudget')).toHaveAttribute('data-source', 'team@2');
  await expect(row(page, 'loop.contextBudget')).toContainText('no ceiling');
  const ran = await runWithEffective(page, host, repo);
  expect(ran.run.status).toBe('succeeded');
  expect(ran.steps[0]).toMatchObject({ outcome: 'launched', presetRef: { name: 'team', revision: 2 } });
});

test('a library dropped outside the Inspector is imported and shown; a bad one is refused item by item; on the Inspector it stays an attachment', async ({ page }) => {
  const repo = makeRepo({ 'a.txt': 'a\n' });
  await openRepository(page, repo);
  const good = libraryText('docs-writer', [
    { settings: { agent: 'gemini', model: 'gemini-2.5-pro', loop: { contextBudget: { maxApproximateTokens: 30_000, policy: 'warn' } } } },
    { settings: { agent: 'gemini', model: 'gemini-2.5-pro' } },
  ]);

  // On the Inspector the drop area takes files as attachments: no import.
  await dropFiles(page, '.inspector', { 'team.json': good });
  await expect(page.locator('.chip-text', { hasText: 'team.json' })).toBeVisible();

  // Dropped on the nav rail (no view takes files there): imported, and the Presets view shows the result.
  await dropFiles(page, '.nav-rail', { 'team.json': good });
  await expect(page.locator('.presets[data-ready="true"]')).toBeVisible();
  await expect(page.getByTestId('import-report')).toContainText('Imported 2 revisions from team.json');
  await expect(page.getByTestId('import-report')).toContainText('New preset docs-writer: @1, @2');
  await expect(page.locator('[data-testid="preset-list"] [data-preset="docs-writer"]')).toBeVisible();
  await expect(page.locator('.revision[data-revision="1"]')).toContainText('by Ada Lovelace');

  // The same file again changes nothing.
  await dropFiles(page, '.presets', { 'team.json': good });
  await expect(page.getByTestId('import-report')).toContainText('Nothing new in team.json');

  // A bad library: every problem listed with its place; nothing imported.
  const bad = JSON.parse(good);
  bad.presets[0].revisions[0].settings.loop.contextBudget.maxApproximateTokens = 2.5;
  bad.presets[0].revisions[1].revision = 1;
  bad.presets.push({ name: 'second', revisions: [{ revision: 1, createdAt: 'soon', author: null, settings: { agent: 'robot' } }] });
  await dropFiles(page, '.presets', { 'bad.json': JSON.stringify(bad) });
  const refused = page.getByTestId('import-refused');
  await expect(refused).toContainText('bad.json can’t be imported');
  await expect(refused.locator('li')).toHaveText([
    'presets[0].revisions[0].settings.loop.contextBudget.maxApproximateTokens must be a whole number',
    'presets[1].revisions[0].createdAt must be a date and time like 2026-01-31T09:30:00Z',
    'presets[1].revisions[0].settings.agent must be one of claude, codex, gemini, custom, demo',
  ]);
  await expect(page.locator('[data-testid="preset-list"] [data-preset="second"]')).toHaveCount(0);

  // A file chosen with Import library… that is not JSON at all.
  await page.getByTestId('library-input').setInputFiles({ name: 'notes.json', mimeType: 'application/json', buffer: Buffer.from('name: team\n') });
  await expect(refused.locator('li')).toHaveText(['the file line 1, column 1: expected a JSON value, found "n": this is not a JSON file']);
});

test("the repository's library is offered, labelled with its commit, and imported", async ({ page }) => {
  const repo = makeRepo({
    'a.txt': 'a\n',
    '.loupe/presets.json': libraryText('review-bot', [{ settings: { agent: 'custom', command: 'node tools/review.js', loop: { contextBudget: { maxPromptBytes: 500_000, policy: 'block' } } } }]),
  });
  await openRepository(page, repo);
  await openPresets(page);
  const panel = page.getByTestId('repo-library');
  const commit = (await panel.getAttribute('data-commit'))!;
  await expect(panel.getByRole('heading')).toHaveText(`From the repository at ${commit.slice(0, 7)}`);
  await expect(panel.locator('[data-repo-preset="review-bot"]')).toContainText('runs node tools/review.js');
  await expect(panel.locator('[data-repo-preset="review-bot"]')).toContainText('new here');
  await panel.getByRole('button', { name: 'Import review-bot from the repository' }).click();
  await expect(page.getByTestId('import-report')).toContainText(`Imported 1 revision from the repository ${repo.split('/').pop()} at ${commit.slice(0, 7)}`);
  await expect(panel.locator('[data-repo-preset="review-bot"]')).toContainText('already here');
  await page.locator('[data-testid="preset-list"] [data-preset="review-bot"]').click();
  await expect(page.locator('.revision[data-revision="1"]')).toContainText(`imported from the repository ${repo.split('/').pop()} at ${commit.slice(0, 7)}`);
  // It runs a command: applying it asks first, and Cancel leaves the settings as they were.
  await page.getByRole('button', { name: 'Apply review-bot@1' }).click();
  const confirm = page.getByTestId('confirm-apply');
  await expect(confirm).toContainText('runs node tools/review.js on this machine');
  await confirm.getByRole('button', { name: 'Cancel' }).click();
  await expect(page.getByTestId('effective-settings')).toHaveAttribute('data-applied', '');
  await page.getByRole('button', { name: 'Apply review-bot@1' }).click();
  await page.getByTestId('confirm-apply').getByRole('button', { name: 'Apply anyway' }).click();
  await expect(page.getByTestId('effective-settings')).toHaveAttribute('data-applied', 'review-bot@1');
});
