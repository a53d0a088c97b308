// X-Ray of a CLI session in the browser host, then prune and continue. The host's
// CLAUDE_CONFIG_DIR names a temp folder laid out like Claude Code's own, holding a
// made-up session recorded in the test's repository and a real one (fixtures/sessions)
// whose cwd is rewritten to it; HOME, CODEX_HOME and GEMINI_CLI_HOME point at empty
// temp folders, so the real home folder is never read. The user opens the session in
// X-Ray, sees the advisory banner, the compaction and the provider's count beside
// Loupe's estimate, follows the file as the CLI writes it, continues it as a Loupe thread
// with the demo agent, then evicts the largest tool result and continues again: the
// second measured prompt is smaller by about the result, and the transcript is unchanged.
import { createHash } from 'node:crypto';
import { mkdirSync, mkdtempSync, readFileSync, realpathSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import type { RunDetail } from '../../src/shared/contract/runs';
import { expect, makeRepo, openRepository, test } from '../fixtures';
import { appendToSession, copyRealSession, writeMadeUpSession } from '../sessions-helpers';
import { api, waitRun } from '../xray-helpers';

const home = realpathSync(mkdtempSync(join(tmpdir(), 'loupe-e2e-home-')));
const claudeDir = join(home, 'claude-config');
mkdirSync(claudeDir);
test.use({ hostEnv: { HOME: home, CLAUDE_CONFIG_DIR: claudeDir, CODEX_HOME: join(home, 'codex'), GEMINI_CLI_HOME: join(home, 'gemini') } });
test.afterAll(() => rmSync(home, { recursive: true, force: true }));

const shots = process.env.LOUPE_SCREENSHOTS ? resolve(process.env.LOUPE_SCREENSHOTS) : null;
const sha = (path: string) => createHash('sha256').update(readFileSync(path)).digest('hex');

test('open a CLI session, evict its largest tool result, continue with the demo agent and see the measured prompt', async ({ page, host, request }) => {
  test.setTimeout(120_000);
  const repo = makeRepo({ 'src/app.ts': 'export const timeoutMs = 500;\n' });
  const file = writeMadeUpSession(claudeDir, repo);
  copyRealSession(claudeDir, repo);
  const hash = sha(file);

  await page.setViewportSize({ width: 1280, height: 800 });
  await openRepository(page, repo);
  await page.getByRole('button', { name: 'X-Ray', exact: true }).click();
  const picker = page.getByLabel('Show');
  await expect(picker.locator('optgroup[label^="CLI sessions"] option')).toHaveCount(2);
  // Newest first, with the provider's last count and the format.
  await expect(picker.locator('optgroup[label^="CLI sessions"] option').first()).toContainText(/Claude Code · hello, what is this repository\? · just now · 44 KiB · 16,500 tokens reported · claude-code-jsonl/);
  await picker.selectOption(`s:${file}`);
  await expect(page.locator('.xray[data-ready="true"]')).toBeVisible();
  await expect(page.getByTestId('session-advisory')).toContainText('The CLI owns this context: directives here are intent; continue as a Loupe thread to enforce them');
  await expect(page.locator('.xray-delivery')).toHaveAttribute('data-enforceable', 'false');

  // The provider's count and Loupe's estimate of the same point, the difference named.
  const reported = page.getByTestId('reported');
  await expect(reported).toHaveAttribute('data-reported', '16500');
  const estimate = Number(await reported.getAttribute('data-estimate'));
  expect(estimate).toBeGreaterThan(5000);
  await expect(reported).toContainText(`16,500 reported at the last reply; Loupe’s estimate of the same point ≈ ${estimate.toLocaleString('en-US')}: the estimate is ${(16_500 - estimate).toLocaleString('en-US')} lower`);
  // The compaction: what came before the newest boundary is no longer in context.
  await expect(page.getByTestId('compactions')).toContainText('1 (newest: auto');
  await expect(page.locator('.seg-row.is-out').first()).toContainText('before the newest compaction');
  // The latest prompt is protected: it can be pinned, never evicted.
  const latest = page.locator('.seg-row', { hasText: 'Raise the timeout' });
  await expect(latest).toHaveAttribute('data-status', 'protected');
  await expect(latest.getByRole('button', { name: 'Evict' })).toHaveCount(0);

  // The CLI writes on: the view follows it, reading the file again by itself.
  appendToSession(file, repo, 'Still thinking about the timeout.');
  await expect(page.locator('.seg-row', { hasText: 'Still thinking about the timeout.' })).toHaveCount(1, { timeout: 10_000 });
  await expect(page.locator('.xray-delivery')).toHaveAttribute('data-freshness', 'current');
  // While the user is about to act (pointing at Evict), it only says the file changed; once they are done it reads on.
  const considered = page.locator('.seg-row', { hasText: 'Still thinking about the timeout.' });
  await considered.getByRole('button', { name: 'Evict' }).hover();
  appendToSession(file, repo, 'And one more thought.');
  await expect(page.getByTestId('session-stale')).toBeVisible({ timeout: 10_000 });
  await expect(page.locator('.xray-delivery')).toHaveAttribute('data-freshness', 'stale');
  if (shots) await page.screenshot({ path: join(shots, 'xray-session-stale-light.png') });
  await page.getByRole('heading', { name: 'Context X-Ray' }).hover();
  await expect(page.locator('.seg-row', { hasText: 'And one more thought.' })).toHaveCount(1, { timeout: 10_000 });
  await expect(page.locator('.xray-delivery')).toHaveAttribute('data-freshness', 'current');
  const written = sha(file);
  // A reload comes back to the same session.
  await page.reload();
  await expect(page.getByLabel('Show')).toHaveValue(`s:${file}`);
  await expect(page.getByTestId('session-advisory')).toBeVisible();

  if (shots) {
    mkdirSync(shots, { recursive: true });
    for (const scheme of ['light', 'dark'] as const) {
      await page.emulateMedia({ colorScheme: scheme });
      await page.screenshot({ path: join(shots, `xray-session-${scheme}.png`) });
    }
  }

  const continueAs = async (ask: string): Promise<RunDetail> => {
    await page.getByLabel('Ask for the continued thread').fill(ask);
    await page.getByRole('button', { name: 'Continue as a Loupe thread' }).click();
    const notice = page.getByTestId('continued');
    await expect(notice).toBeVisible();
    const run = await waitRun(request, host, (await notice.getAttribute('data-run-id'))!);
    expect(run.run.status).toBe('succeeded');
    expect(run.steps[0]).toMatchObject({ kind: 'fresh', resumed: false });
    await expect(page.getByTestId('continued-prompt')).toHaveAttribute('data-bytes', String(run.steps[0]!.promptBytes));
    await expect(page.getByTestId('last-prompt')).toHaveAttribute('data-bytes', String(run.steps[0]!.promptBytes));
    await expect(page.getByTestId('continued')).toContainText('Its directives apply whenever Loupe assembles its prompt');
    return run;
  };

  // Without evictions first: the whole history the CLI holds.
  const whole = await continueAs('Raise the timeout to 2 s');

  // Back to the session: evict its largest tool result (undo once, then again).
  await picker.selectOption(`s:${file}`);
  await expect(page.getByTestId('session-advisory')).toBeVisible();
  const row = page.locator('.seg-row[data-kind="tool"]').first();
  await expect(row.locator('.seg-label')).toHaveText('Bash');
  const id = (await row.getAttribute('data-segment-id'))!;
  await row.getByRole('button', { name: 'Evict' }).hover();
  await expect(page.locator('.split-meter-note')).toContainText(/Evict: about [\d,]+ tokens off a continued thread/);
  await row.getByRole('button', { name: 'Evict' }).click();
  const evicted = page.locator(`.seg-row[data-segment-id="${id}"]`);
  await expect(evicted).toHaveAttribute('data-status', 'evicted');
  await page.getByRole('button', { name: 'Undo' }).click();
  await expect(evicted).toHaveAttribute('data-status', 'active');
  await evicted.getByRole('button', { name: 'Evict' }).click();
  await expect(evicted).toHaveAttribute('data-status', 'evicted');
  await expect(page.getByTestId('reclaimable')).toContainText('take about');
  await expect(page.locator('.sm-pending')).toBeVisible();
  if (shots) {
    await page.emulateMedia({ colorScheme: 'light' });
    await page.screenshot({ path: join(shots, 'xray-session-evicted-light.png') });
  }

  const pruned = await continueAs('Raise the timeout to 2 s');
  expect(pruned.steps[0]!.promptBytes).toBeLessThan(whole.steps[0]!.promptBytes - 30_000);
  const thread = await api<{ segments: { preview: string }[] }>(request, host, 'xray.manifest', { threadId: pruned.run.threadId });
  expect(thread.segments.some((s) => s.preview.includes('[build] step'))).toBe(false);
  expect(sha(file)).toBe(written);
  expect(written).not.toBe(hash);

  if (shots) {
    await page.locator('.view').evaluate((el) => el.scrollTo(0, 0));
    for (const scheme of ['light', 'dark'] as const) {
      await page.emulateMedia({ colorScheme: scheme });
      await page.screenshot({ path: join(shots, `xray-session-continued-${scheme}.png`) });
    }
  }
});
