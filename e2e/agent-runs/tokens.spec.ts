// Honest token numbers (issue 14) in the browser host: exact counts beside the estimates in
// the Inspector for an OpenAI model, counted in main's workers while the page stays
// responsive; none for Claude, with the reason; a model change cancels the count in flight.
import { mkdtempSync, realpathSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, makeRepo, openRepository, runInspect, test } from '../fixtures';
import type { RunDetail } from '../../src/shared/contract/runs';
import { bigRepoFiles, clickToDom, logCountDone, pageEvents, TREE_CLICKS } from '../big-count';
import { fakeClaudeDir } from '../fake-claude';
import { api, runTurn, waitRun } from '../xray-helpers';

const root = join(__dirname, '..', '..');

// The host holds each exact count's answer until the gate file reads "open" (LOUPE_COUNT_GATE):
// the count runs in main's worker as always, and the clicks land while it is in flight on a
// machine of any speed. The gate is opened before each test ends its wait for "done".
const gate = join(realpathSync(mkdtempSync(join(tmpdir(), 'loupe-e2e-count-gate-'))), 'gate');
const openGate = () => writeFileSync(gate, 'open');
test.beforeEach(() => writeFileSync(gate, 'held'));
test.use({ viewport: { width: 1280, height: 800 }, hostEnv: { LOUPE_TOKEN_WORKERS: '1', LOUPE_COUNT_GATE: gate } });

test('exact counts for an OpenAI model, off the UI thread: the page answers clicks while a count of several MiB runs', async ({ page, host, request }) => {
  await api(request, host, 'settings.update', { settings: { agent: 'demo', model: 'openai/gpt-4o' } });
  const repo = makeRepo(bigRepoFiles(root));
  await openRepository(page, repo);
  const tree = page.getByTestId('file-tree');
  await page.getByRole('button', { name: 'Expand other', exact: true }).click();
  await expect(tree.locator('[data-path="other/a.txt"]')).toBeVisible();
  await page.getByLabel('Select big', { exact: true }).check();
  const result = await runInspect(page);
  expect(result.totals.inspectedBytes).toBeGreaterThan(4 * 1024 * 1024);

  // The count runs in main's token workers; progress arrives on the call's task stream.
  const totals = page.getByTestId('token-totals');
  await expect(totals).toHaveAttribute('data-exact', 'counting');
  // While the exact count runs, the estimate says it is one, with its likely range for this mix of text.
  await expect(page.getByTestId('total-tokens')).toContainText(/estimate; exact likely [\d,]+–[\d,]+ for this mix of code and CJK text/);
  await expect(page.getByTestId('exact-header')).toHaveText(/Exact\s*\(o200k_base\)/);
  await logCountDone(page);
  for (const click of TREE_CLICKS) await clickToDom(page, click);
  // Every click above was answered while the count was still going: its DOM update came
  // before the count's end. (How long the clicks take is measured by npm run bench -- click-latency.)
  await expect(totals).toHaveAttribute('data-exact', 'counting');
  openGate();
  await expect(totals).toHaveAttribute('data-exact', 'done', { timeout: 60_000 });
  expect(await pageEvents(page)).toEqual([...TREE_CLICKS.map((c) => c.name), 'count done']);
  await expect(page.getByTestId('tokens-exact')).toContainText('exact (o200k_base)');
  const exact = await api<{ counts: number[]; total: number }>(request, host, 'context.countTokens', { encoding: 'o200k_base', sha256: result.files.map((f) => f.sha256) });
  await expect(page.getByTestId('tokens-exact')).toContainText(exact.total.toLocaleString('en-US'));
  const first = page.locator('[data-testid="result-row"]').first();
  await expect(first.getByTestId('exact-cell')).toHaveText(exact.counts[0]!.toLocaleString('en-US'));
  // Beside the exact count the estimate drops its range (issue 34: "likely 28,000–32,400" above "36,261 tokens exact").
  await expect(page.getByTestId('total-tokens')).toHaveText(/^≈ [\d,]+ tokens \(estimate\)$/);
  // The same on the run bar: its prompt meter shows the exact count and no range beside it.
  await page.getByTestId('run-ask').focus();
  await expect(page.getByTestId('pm-exact')).toContainText(/exact \((o200k|cl100k)_base\)/, { timeout: 60_000 });
  await expect(page.getByTestId('pm-prompt')).not.toContainText('likely');
});

test('Claude: no exact-looking number, the reason instead; switching the model cancels the count in flight', async ({ page, host, request }) => {
  await api(request, host, 'settings.update', { settings: { agent: 'demo', model: 'openai/gpt-4o' } });
  const repo = makeRepo(bigRepoFiles(root));
  await openRepository(page, repo);
  await page.getByLabel('Select big', { exact: true }).check();
  await runInspect(page);
  await expect(page.getByTestId('token-totals')).toHaveAttribute('data-exact', 'counting');

  await page.getByTestId('run-settings-toggle').click();
  // The settings are saved after a pause; the count for GPT-4o is cancelled then (the page asks main to cancel it).
  const cancel = page.waitForRequest((r) => r.url().includes('/api/rpc/call.cancel'));
  await page.locator('#run-model').fill('anthropic/claude-sonnet-4');
  const cancelled = (await (await cancel).response())!;
  expect(await cancelled.json()).toMatchObject({ ok: true, result: { cancelled: true } });
  await page.getByRole('button', { name: 'Done' }).click();
  await expect(page.getByTestId('token-totals')).toHaveAttribute('data-exact', 'estimate-only');
  await expect(page.getByTestId('tokens-exact')).toContainText('Anthropic does not publish Claude');
  await expect(page.getByTestId('exact-header')).toHaveCount(0);
  await expect(page.getByTestId('exact-cell')).toHaveCount(0);
});

test.describe('calibration from runs', () => {
  test.use({ hostEnv: { LOUPE_AGENT_PATH: fakeClaudeDir() } });

  test('Settings → Models shows the estimate against the provider over recent runs; a fresh follow-up folds with it and the evidence says so', async ({ page, host, request }) => {
    const model = 'anthropic/claude-sonnet-4';
    const repo = makeRepo({ 'notes.md': 'Keep the cache warm.\n'.repeat(50), 'src/app.ts': 'export const app = 1;\n'.repeat(40) });
    const settings = { agent: 'claude' as const, model };
    let last: RunDetail | null = null;
    for (let i = 0; i < 6; i++) {
      last = await runTurn(request, host, { repo, ask: `Read the notes (${i}). ${'Say more about the cache. '.repeat(i * 150)}`, paths: ['notes.md'], settings });
      expect(last.run.status).toBe('succeeded');
      expect(last.steps[0]!.reported?.promptTokens).toBeGreaterThan(last.steps[0]!.approxTokens);
    }
    const started = await api<RunDetail>(request, host, 'runs.start', { repo, ask: 'And now the app', threadId: last!.run.threadId, fresh: true, settings });
    const follow = await waitRun(request, host, started.run.id);
    expect(follow.steps[0]!.history?.count).toMatchObject({ kind: 'scaled', source: 'calibrated', runs: 6, family: 'claude' });

    await openRepository(page, repo);
    await page.getByRole('button', { name: 'Settings', exact: true }).click();
    await page.getByRole('tab', { name: 'Models' }).click();
    const row = page.locator(`[data-testid="calibration-row"][data-model="${model}"]`);
    // Seven fresh runs now (the follow-up too); the fit finds the mock provider's ×1.36-1.48 and its 18,000 tokens.
    await expect(row).toContainText('7 runs');
    await expect(row.getByTestId('calibration-fit')).toHaveText(/^×1\.[34]\d \+ 1[78],\d{3}$/);
    await expect(row).toContainText('calibrated on 7 runs of this model');
    const shots = process.env.LOUPE_SCREENSHOTS;
    if (shots) {
      await row.scrollIntoViewIfNeeded();
      for (const scheme of ['light', 'dark'] as const) {
        await page.emulateMedia({ colorScheme: scheme });
        await page.screenshot({ path: join(shots, `calibration-${scheme}.png`) });
      }
      await page.emulateMedia({ colorScheme: 'light' });
    }

    await page.getByRole('button', { name: 'Runs', exact: true }).click();
    await page.locator(`[data-run-id="${started.run.id}"]`).click();
    await page.locator('[data-tab="evidence"]').click();
    await expect(page.getByTestId('step-history')).toContainText('calibrated on 6 runs of this model');
    await expect(page.getByTestId('step-exact')).toContainText('Anthropic does not publish');
    await expect(page.getByTestId('reported')).toContainText('prompt (first request)');
  });
});
