// What a first-time user hit (issue 22), in the browser host: X-Ray learns that
// its own fresh continuation was blocked and leads to the Raise/Retry controls.
import { expect, makeRepo, openRepository, test } from './fixtures';
import type { RunPreview } from '../src/shared/contract/runs';
import { api, runTurn } from './xray-helpers';

const notes = Array.from({ length: 90 }, (_, i) => `Line ${i}: the cache is warmed before the build.`).join('\n');

test('a blocked fresh continuation shows in X-Ray with why, and opens its Raise/Retry controls', async ({ page, host, request }) => {
  const repo = makeRepo({ 'notes.md': notes });
  const settings = { agent: 'demo' as const };
  const one = await runTurn(request, host, { repo, ask: 'Read the notes', paths: ['notes.md'], settings });
  const threadId = one.run.threadId;
  // A ceiling the resumed turn fits under and a fresh one (carrying the history) does not.
  const resumed = await api<RunPreview>(request, host, 'runs.preview', { repo, ask: 'Again', settings, threadId });
  const ceiling = { ...settings, loop: { contextBudget: { maxPromptBytes: resumed.totalBytes + 4, policy: 'block' } } };
  const two = await runTurn(request, host, { repo, ask: 'Again', settings: ceiling as typeof settings, threadId });
  expect(two.steps[0]).toMatchObject({ resumed: true, outcome: 'launched' });

  await openRepository(page, repo);
  await page.getByRole('button', { name: 'X-Ray', exact: true }).click();
  await expect(page.locator('.xray[data-ready="true"]')).toBeVisible();
  await page.getByLabel('Ask for the fresh session').fill('Again');
  await page.getByRole('button', { name: 'Continue as a fresh session' }).click();
  const outcome = page.getByTestId('continued-outcome');
  await expect(outcome).toHaveAttribute('data-status', 'blocked');
  await expect(outcome).toContainText('blocked before launch: the agent was not started');
  await expect(page.getByTestId('continued-why')).toContainText(/Blocked by the context budget: the prompt is [\d,]+ bytes/);
  await expect(page.getByText('this view updates when its turn ends')).toHaveCount(0);
  await page.setViewportSize({ width: 1280, height: 800 });
  for (const scheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme: scheme });
    await outcome.scrollIntoViewIfNeeded();
    await page.screenshot({ path: `test-results/first-user/continued-blocked-${scheme}.png` });
  }
  await page.getByTestId('continued-open').click();
  await expect(page.getByTestId('blocked')).toBeVisible();
  await expect(page.getByTestId('raise-retry')).toBeEnabled();
});

test('X-Ray search text is cleared when another thread is shown (issue 22, friction)', async ({ page, host, request }) => {
  const repo = makeRepo({ 'notes.md': notes });
  const settings = { agent: 'demo' as const };
  const one = await runTurn(request, host, { repo, ask: 'First thread', paths: ['notes.md'], settings });
  const two = await runTurn(request, host, { repo, ask: 'Second thread', paths: ['notes.md'], settings });
  await openRepository(page, repo);
  await page.getByRole('button', { name: 'X-Ray', exact: true }).click();
  await page.locator('#xray-thread').selectOption(`t:${one.run.threadId}`);
  await expect(page.locator('.xray[data-ready="true"]')).toBeVisible();
  const find = page.getByLabel('Find in segments');
  await find.fill('cache');
  await page.locator('#xray-thread').selectOption(`t:${two.run.threadId}`);
  await expect(find).toHaveValue('');
  for (const scheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme: scheme });
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.screenshot({ path: `test-results/first-user/xray-${scheme}.png` });
  }
});
