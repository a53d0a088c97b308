// X-Ray in the browser host: two turns with the bundled demo agent, then the
// user evicts the largest tool result in the X-Ray view and sees the meter and
// the next fresh-session prompt's measured size shrink; continuing as a fresh
// session sends exactly that many bytes (the step's evidence); restoring it
// makes them grow back. Turns start through the API (the run form belongs to
// the Runs view); everything about X-Ray is done in the page.
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { expect, makeRepo, openRepository, test } from '../fixtures';
import type { RunPreview } from '../../src/shared/contract/runs';
import { api, runTurn, waitRun } from '../xray-helpers';

const notes = Array.from({ length: 90 }, (_, i) => `Line ${i}: the cache is warmed before the build.`).join('\n');

test('evict a large tool result, see the meter and the next prompt shrink; restore it and see them grow back', async ({ page, host, request }) => {
  const repo = makeRepo({ 'notes.md': notes, 'small.txt': 'tiny\n' });
  const settings = { agent: 'demo' as const };
  const one = await runTurn(request, host, { repo, ask: 'Read the notes', paths: ['notes.md', 'small.txt'], settings });
  expect(one.run.status).toBe('succeeded');
  const two = await runTurn(request, host, { repo, ask: 'Again', paths: ['small.txt'], settings, threadId: one.run.threadId });
  expect(two.steps[0]!.resumed).toBe(true);

  await openRepository(page, repo);
  await page.getByRole('button', { name: 'X-Ray', exact: true }).click();
  await expect(page.locator('.xray[data-ready="true"]')).toBeVisible();
  await expect(page.locator('.xray-delivery')).toHaveAttribute('data-enforceable', 'false');
  await expect(page.getByText('Directives here are intent, not enforced.')).toBeVisible();

  const next = page.getByTestId('next-prompt');
  await expect(next).not.toHaveAttribute('data-bytes', '');
  const bytesOf = async () => Number(await next.getAttribute('data-bytes'));
  const before = await bytesOf();
  const conversation = page.locator('.sm-part[data-part="conversation"]');
  const held = Number(await conversation.getAttribute('data-tokens'));

  // Largest first: the read of notes.md leads the list.
  const row = page.locator('.seg-row').first();
  await expect(row).toHaveAttribute('data-kind', 'file-read');
  await expect(row.locator('.seg-label')).toHaveText('notes.md');
  const tokens = Number((await row.locator('.seg-size').innerText()).split('\n')[0]!.replace(/[^\d]/g, ''));
  const id = await row.getAttribute('data-segment-id');
  const evict = row.getByRole('button', { name: 'Evict' });
  await evict.hover();
  // Before it is applied, the bar shows what it would give back, as an approximation.
  await expect(page.locator('.sm-overlay[data-highlight="reclaim"]')).toBeVisible();
  await expect(page.locator('.split-meter-note')).toContainText(/Evict: about [\d,]+ tokens off a fresh session/);
  await evict.click();
  const evicted = page.locator(`.seg-row[data-segment-id="${id}"]`);
  await expect(evicted).toHaveAttribute('data-status', 'evicted');
  await expect(page.getByRole('status')).toContainText('Evicted');
  // The resumed session still holds it: the bar marks it as what a fresh session sheds.
  await expect(page.locator('.sm-pending')).toHaveAttribute('data-pending', String(tokens));
  await expect.poll(bytesOf).toBeLessThan(before - 3000);
  const shrunk = await bytesOf();

  // Continue as a fresh session with the same ask: the step sends exactly the bytes measured.
  const threadId = one.run.threadId;
  const measured = async () => (await api<RunPreview>(request, host, 'xray.measure', { threadId })).promptBytes;
  const started = page.getByTestId('continued-run');
  const continueFresh = async () => {
    const previous = (await started.count()) ? await started.innerText() : '';
    await page.getByLabel('Ask for the fresh session').fill('Again');
    await page.getByRole('button', { name: 'Continue as a fresh session' }).click();
    await expect(started).not.toHaveText(previous);
    return waitRun(request, host, await started.innerText());
  };
  const three = await continueFresh();
  expect(three.steps[0]).toMatchObject({ kind: 'fresh', resumed: false, promptBytes: shrunk });
  await expect(page.getByTestId('last-prompt')).toHaveAttribute('data-bytes', String(shrunk));
  await expect(page.getByTestId('last-prompt')).toContainText('fresh session');
  await expect(evicted.locator('.seg-out')).toContainText('not in the CLI’s session');
  await expect(page.locator('.sm-pending')).toHaveCount(0);

  // Restore: the next fresh prompt grows back by the read; a fresh turn carries it again.
  const withoutRead = await measured();
  await expect(next).toHaveAttribute('data-bytes', String(withoutRead));
  const heldBefore = Number(await conversation.getAttribute('data-tokens'));
  await evicted.getByRole('button', { name: 'Restore' }).click();
  await expect(evicted).toHaveAttribute('data-status', 'active');
  const grown = await measured();
  expect(grown).toBeGreaterThan(withoutRead + 3000);
  await expect(next).toHaveAttribute('data-bytes', String(grown));
  const four = await continueFresh();
  expect(four.steps[0]!.promptBytes).toBe(grown);
  await expect(page.getByTestId('last-prompt')).toHaveAttribute('data-bytes', String(grown));
  await expect(evicted.locator('.seg-out')).toHaveCount(0);
  await expect.poll(async () => Number(await conversation.getAttribute('data-tokens'))).toBeGreaterThan(heldBefore + tokens);
  expect(held).toBeGreaterThan(tokens);

  // Undo puts back what the last action changed.
  await evicted.getByRole('button', { name: 'Pin' }).click();
  await expect(evicted).toHaveAttribute('data-status', 'pinned');
  await page.getByRole('button', { name: 'Undo' }).click();
  await expect(evicted).toHaveAttribute('data-status', 'active');

  // A fresh step's evidence shows its prompt in the window its history was folded for.
  await page.getByRole('button', { name: 'Runs of this thread' }).click();
  await page.locator('.run-row', { hasText: 'Again' }).first().click();
  await page.getByRole('tab', { name: /Evidence/ }).click();
  const stepMeter = page.locator('[data-testid="step-evidence"] .split-meter').first();
  await expect(stepMeter).toBeVisible();
  expect(Number(await stepMeter.getAttribute('data-used'))).toBeGreaterThan(Math.floor(grown / 4) - 10);
});

test('the System group shows provenance and tier and offers no control; filters narrow the list', async ({ page, host, request }) => {
  const repo = makeRepo({ 'a.md': 'alpha\n' });
  await runTurn(request, host, { repo, ask: 'Look at a', paths: ['a.md'], settings: { agent: 'demo', notes: 'Keep it short.' } });
  await openRepository(page, repo);
  await page.getByRole('button', { name: 'X-Ray', exact: true }).click();
  await expect(page.locator('.xray[data-ready="true"]')).toBeVisible();
  const system = page.locator('.system-sections');
  await expect(system.locator('[data-section-id="system-loupe-notes"]')).toHaveAttribute('data-tier', 'required');
  await expect(system.locator('[data-section-id="system-notes"]')).toContainText('Keep it short.');
  await expect(system.locator('[data-section-id="tools"]')).toContainText('loaded by the CLI');
  await expect(system.getByRole('button')).toHaveCount(0);
  await expect(system.locator('input, textarea, select')).toHaveCount(0);
  // Filters: kinds narrow the list, words find a segment.
  await page.getByRole('group', { name: 'Filter by kind' }).getByRole('button', { name: /^user/ }).click();
  await expect(page.locator('.seg-row')).toHaveCount(1);
  await expect(page.locator('.seg-row')).toContainText('Look at a');
  // The thread's runs are one click away.
  await page.getByRole('button', { name: 'Runs of this thread' }).click();
  await expect(page.locator('.nav-item.active')).toHaveText(/Runs/);
});

test('a turn run from a terminal (another process) shows up in the open thread by itself', async ({ page, host, request }) => {
  const repo = makeRepo({ 'notes.md': notes });
  const one = await runTurn(request, host, { repo, ask: 'Read the notes', paths: ['notes.md'], settings: { agent: 'demo' } });
  await openRepository(page, repo);
  await page.getByRole('button', { name: 'X-Ray', exact: true }).click();
  await expect(page.locator('.xray[data-ready="true"]')).toBeVisible();
  await expect(page.locator('.seg-row', { hasText: 'Asked from the terminal' })).toHaveCount(0);
  // `loupe run --thread` in a terminal: its own process, the same database; nothing it does is published to this page.
  const cli = spawnSync(process.execPath, [join(__dirname, '..', '..', 'bin', 'loupe.js'), 'run', '--repo', repo, '--agent', 'demo', '--thread', one.run.threadId, '--ask', 'Asked from the terminal'], {
    env: { ...process.env, LOUPE_USER_DATA: host.userDataDir },
    encoding: 'utf8',
  });
  expect(cli.status, cli.stderr).toBe(0);
  await expect(page.locator('.seg-row', { hasText: 'Asked from the terminal' })).toHaveCount(1, { timeout: 15_000 });
});
