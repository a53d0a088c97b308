// What a first-time user hit (issue 22, friction), in the browser host at 1280x800:
// the model picker above the run bar and Escape, the run bar compact, X-Ray's
// disabled actions and errors where they happen, Runs of this thread.
import { mkdirSync, mkdtempSync, realpathSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from '@playwright/test';
import { expect, makeRepo, openRepository, runInspect, test } from './fixtures';
import { writeMadeUpSession } from './sessions-helpers';
import { api, runTurn } from './xray-helpers';

/** A HOME of the host's own for this describe block, with the Claude config folder sessions are written into. */
function hostHomeWithClaude(): string {
  const home = realpathSync(mkdtempSync(join(tmpdir(), 'loupe-e2e-home-')));
  const claudeDir = join(home, 'claude-config');
  mkdirSync(claudeDir);
  test.use({ hostEnv: { HOME: home, CLAUDE_CONFIG_DIR: claudeDir, CODEX_HOME: join(home, 'codex'), GEMINI_CLI_HOME: join(home, 'gemini') } });
  test.afterAll(() => rmSync(home, { recursive: true, force: true }));
  return claudeDir;
}

/** Writes the made-up Claude session of a new repository and opens it in X-Ray; resolves with its file. */
async function openMadeUpSession(page: Page, claudeDir: string): Promise<string> {
  const repo = makeRepo({ 'src/app.ts': 'export const timeoutMs = 500;\n' });
  const file = writeMadeUpSession(claudeDir, repo);
  await openRepository(page, repo);
  await page.getByRole('button', { name: 'X-Ray', exact: true }).click();
  await page.getByLabel('Show').selectOption(`s:${file}`);
  await expect(page.locator('.xray[data-ready="true"]')).toBeVisible();
  return file;
}

test.use({ viewport: { width: 1280, height: 800 } });

const shoot = async (page: import('@playwright/test').Page, name: string) => {
  for (const scheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme: scheme });
    await page.screenshot({ path: `test-results/first-user/${name}-${scheme}.png` });
  }
};

test.describe(() => {
  // Picking a model in the run form saves it as the app's own setting.
  test.use({ ownHost: true });

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
    // Wholly above the sticky run bar, and in the viewport, once both have settled (the list's rows
    // and the run bar's measure arrive on their own: under load one frame could catch them mid-way).
    const overlap = async () => {
      const box = (await list.boundingBox())!;
      const dock = (await page.getByTestId('run-dock').boundingBox())!;
      return { below: box.y + box.height - (dock.y + 1), top: box.y };
    };
    await expect.poll(async () => (await overlap()).below, { timeout: 5_000 }).toBeLessThanOrEqual(0);
    expect((await overlap()).top).toBeGreaterThanOrEqual(0);
    await shoot(page, 'model-list');
    await field.press('Escape');
    await expect(list).toHaveCount(0);
    await expect(page.getByTestId('run-settings')).toBeVisible();
    await field.press('Escape');
    await expect(page.getByTestId('run-settings')).toHaveCount(0);
  });
});

test.describe('X-Ray of a CLI session', () => {
  const claudeDir = hostHomeWithClaude();

  test('Pin and Evict are disabled, with why, where they cannot apply; a refusal shows on its row; the undo bar names what was evicted', async ({ page }) => {
    const file = await openMadeUpSession(page, claudeDir);

    // Before the newest compaction: nothing to pin or evict, and the row says why.
    const gone = page.locator('.seg-row.is-out').first();
    await expect(gone).toContainText('before the newest compaction');
    for (const name of ['Pin', 'Evict', 'Summarize']) {
      const button = gone.getByRole('button', { name, exact: true });
      await expect(button).toBeDisabled();
      await expect(button).toHaveAttribute('title', /before the newest compaction: the CLI no longer has it in context/);
    }
    await expect(gone.locator('.seg-actions')).toHaveAttribute('title', /before the newest compaction/);

    // Evicting the build log: the undo bar says what, not an internal id.
    const log = page.locator('.seg-row[data-kind="tool"]').first();
    const id = await log.getAttribute('data-segment-id');
    await log.getByRole('button', { name: 'Evict', exact: true }).click();
    await expect(page.getByTestId('undo-text')).toContainText(/^Evicted the tool call .+\(≈ [\d,]+ tokens\)\.$/);
    await expect(page.getByTestId('undo-text')).not.toContainText(id!);

    // A refusal (the transcript went away) shows in the row whose button caused it, not at the top.
    rmSync(file);
    const other = page.locator('.seg-row[data-status="active"]').first();
    await other.getByRole('button', { name: 'Pin', exact: true }).click();
    await expect(other.getByTestId('segment-error')).toBeVisible();
    await expect(page.locator('.xray > .notice-error')).toHaveCount(0);
    expect(await other.getByTestId('segment-error').isVisible()).toBe(true);
    await shoot(page, 'xray-row-error');
  });
});

test.describe('X-Ray of a CLI session: the meter (issue 22, item 3)', () => {
  const claudeDir = hostHomeWithClaude();

  test('the provider’s count has its own mark on the bar; the CLI’s system prompt and tools read unknown, never ≈ 0; the window says where it comes from', async ({ page }) => {
    await openMadeUpSession(page, claudeDir);
    const mark = page.getByTestId('meter-reported');
    await expect(mark).toHaveAttribute('data-tokens', '16500');
    // Drawn where 16,500 of the 200,000-token window lies on the bar.
    const bar = (await page.locator('.split-meter-bar').first().boundingBox())!;
    const at = (await mark.boundingBox())!;
    expect(Math.abs(at.x - bar.x - (16_500 / 200_000) * bar.width)).toBeLessThan(4);
    await expect(page.getByTestId('meter-reported-label')).toContainText('Reported by the provider at its last reply: 16,500 tokens');
    // One comparison, one figure (issue 34 item 5): the label's difference is the facts' difference, against the estimate of the same point.
    const facts = page.getByTestId('reported');
    const estimate = Number(await facts.getAttribute('data-estimate'));
    const diff = `the estimate is ${(16_500 - estimate).toLocaleString('en-US')} lower`;
    await expect(facts).toContainText(diff);
    await expect(page.getByTestId('meter-reported-label')).toContainText(`Loupe’s estimate of that point ≈ ${estimate.toLocaleString('en-US')}: ${diff}`);
    await expect(page.getByTestId('xray-system-total')).toHaveText('unknown, not in the transcript');
    await expect(page.getByTestId('meter-system-unknown')).toContainText('System: the CLI’s own system prompt and tool definitions: unknown, not in the transcript');
    await expect(page.locator('.meter-facts').first()).not.toContainText('System: ≈ 0');
    await expect(page.locator('.meter-facts').first()).toContainText('window 200,000 (catalog snapshot)');
    await page.locator('.split-meter').first().scrollIntoViewIfNeeded();
    await shoot(page, 'xray-session-meter');
  });
});

test('Runs of this thread opens a run of that thread; its tab and body count the same turns', async ({ page, host, request }) => {
  const repo = makeRepo({ 'notes.md': '# notes\n' });
  const settings = { agent: 'demo' as const };
  const a = await runTurn(request, host, { repo, ask: 'Thread A asks', paths: ['notes.md'], settings });
  const b1 = await runTurn(request, host, { repo, ask: 'Thread B asks', paths: ['notes.md'], settings });
  const b2 = await runTurn(request, host, { repo, ask: 'Thread B again', settings, threadId: b1.run.threadId });
  await openRepository(page, repo);
  // Thread A's run is the one shown in Runs.
  await page.getByRole('button', { name: 'Runs', exact: true }).click();
  await page.locator(`.run-row[data-run-id="${a.run.id}"]`).click();
  await expect(page.getByTestId('run-head')).toHaveAttribute('data-run-id', a.run.id);
  // From X-Ray on thread B, "Runs of this thread" shows thread B's newest run, not A's.
  await page.getByRole('button', { name: 'X-Ray', exact: true }).click();
  await page.locator('#xray-thread').selectOption(`t:${b1.run.threadId}`);
  await page.getByRole('button', { name: 'Runs of this thread' }).click();
  await expect(page.getByTestId('run-head')).toHaveAttribute('data-run-id', b2.run.id);
  await expect(page.getByTestId('thread-filter')).toHaveValue(b1.run.threadId);
  await expect(page.locator('.run-row')).toHaveCount(2);
  await page.getByRole('tab', { name: /^Thread/ }).click();
  await expect(page.getByRole('tab', { name: 'Thread (2 turns)' })).toBeVisible();
  await expect(page.getByTestId('thread-turns').locator('.hint').first()).toContainText('2 turns with one agent');
  await shoot(page, 'runs-of-thread');
});

test('Raise the ceiling and retry says it changes this thread only, and the thread shows its own ceiling (issue 22, item 6)', async ({ page, host, request }) => {
  const repo = makeRepo({ 'notes.md': '# notes\n' });
  const settings = { agent: 'demo' as const, loop: { contextBudget: { maxPromptBytes: 100, policy: 'block' as const } } };
  const blocked = await runTurn(request, host, { repo, ask: 'Read the notes', paths: ['notes.md'], settings });
  expect(blocked.run.status).toBe('blocked');
  await openRepository(page, repo);
  await page.getByRole('button', { name: 'Runs', exact: true }).click();
  await page.locator(`.run-row[data-run-id="${blocked.run.id}"]`).click();
  // Before: the thread's ceiling is its own (the settings in force have none).
  const ceiling = page.getByTestId('thread-ceiling');
  await expect(ceiling).toHaveText('this thread’s context ceiling: block at 100 bytes (its own; the settings in force: no ceiling)');
  await expect(page.getByTestId('raise-scope')).toContainText('Raising changes this thread only');
  await expect(page.getByTestId('raise-scope')).toContainText('The settings in force (no ceiling), which the Inspector, new runs and loupe run use, stay as they are');
  await shoot(page, 'raise-scope');
  await page.getByTestId('raise-maxPromptBytes').fill('50000');
  await page.getByTestId('raise-retry').click();
  await expect(page.getByTestId('run-head')).toHaveAttribute('data-run-status', 'succeeded');
  await expect(ceiling).toHaveText('this thread’s context ceiling: block at 50,000 bytes (its own; the settings in force: no ceiling)');
  // The settings in force did not move: the Inspector's run bar still says no ceiling.
  await page.getByRole('button', { name: 'Inspector', exact: true }).click();
  await expect(page.getByTestId('run-summary')).toContainText('no ceiling');
});

test('Settings → Context follows the Inspector’s base and selection', async ({ page }) => {
  const repo = makeRepo({ 'notes.md': '# notes\n', 'src/app.ts': 'export const a = 1;\n' });
  await openRepository(page, repo);
  await page.getByLabel('Select notes.md', { exact: true }).check();
  await page.getByRole('button', { name: 'Settings', exact: true }).click();
  await page.getByRole('tab', { name: 'Context' }).click();
  const panel = page.getByTestId('context-preview');
  await expect(panel).toHaveAttribute('data-ready', 'true');
  await expect(page.getByTestId('context-inspector')).toContainText('at the Inspector’s base HEAD with its 1 selection');
  await expect(panel).toContainText('notes.md');
  await expect(panel).not.toContainText('app.ts');
  const yours = async () => Number(/System · yours ≈ ([\d,]+)/.exec((await panel.textContent())!)![1]!.replace(/,/g, ''));
  const before = await yours();
  await shoot(page, 'settings-context');
  // Another selection in the Inspector, another context here.
  await page.getByRole('button', { name: 'Inspector', exact: true }).click();
  await page.getByLabel('Select src', { exact: true }).check();
  await page.getByRole('button', { name: 'Settings', exact: true }).click();
  await page.getByRole('tab', { name: 'Context' }).click();
  await expect(page.getByTestId('context-inspector')).toContainText('with its 2 selections');
  // One more reference file named: the section the user chose grows (its preview is cut at 200 characters).
  await expect.poll(yours).toBeGreaterThan(before);
});

test.describe('Settings → Context and memory', () => {
  // Memory is app-wide: a host of its own.
  test.use({ ownHost: true });
  test('shows the ticked memory every run sends, not the unticked (issue 34 item 5)', async ({ page, host, request }) => {
    const repo = makeRepo({ 'notes.md': '# notes\n' });
    await api(request, host, 'memory.add', { text: 'TICKED-MEMORY: we deploy with Terraform.' });
    await api(request, host, 'memory.add', { text: 'UNTICKED-MEMORY: old note.', selected: false });
    await openRepository(page, repo);
    await page.getByRole('button', { name: 'Settings', exact: true }).click();
    await page.getByRole('tab', { name: 'Context' }).click();
    const panel = page.getByTestId('context-preview');
    await expect(panel).toHaveAttribute('data-ready', 'true');
    await expect(panel).toContainText('Selected memory');
    await expect(panel).toContainText('TICKED-MEMORY: we deploy with Terraform.');
    await expect(panel).not.toContainText('UNTICKED-MEMORY');
  });
});

test('attachments in the browser host: one truth in the Inspector, the run bar before launch and the evidence (issue 22, item 7)', async ({ page }) => {
  const repo = makeRepo({ 'notes.md': '# notes\n' });
  await openRepository(page, repo);
  await page.getByLabel('Select notes.md', { exact: true }).check();
  await page.getByTestId('attach-input').setInputFiles({ name: 'design.md', mimeType: 'text/markdown', buffer: Buffer.from('# The design\nUse the cache.\n') });
  await expect(page.getByTestId('attachment-chip')).toHaveCount(1);
  await expect(page.getByTestId('attachments-hint')).toHaveText(
    'The browser host knows each dropped file’s name and size only: a run started here does not send their contents. To send a file from here, copy it into the repository and tick it in the tree.',
  );
  await runInspect(page);
  await expect(page.getByTestId('total-attachments')).toContainText('not sent from the browser host');
  await page.getByTestId('run-ask').fill('Read the design');
  const unsent = page.getByTestId('attachments-unsent');
  await expect(unsent).toHaveText(
    '1 attachment is not sent with this run (design.md): the browser host cannot read a dropped file’s contents. The run records it as left out; to send it, copy it into the repository and tick it in the tree.',
  );
  await shoot(page, 'attachments-unsent');
  await page.getByTestId('run-button').click();
  await expect(page.getByTestId('run-head')).toHaveAttribute('data-run-status', 'succeeded');
  await page.getByRole('tab', { name: /^Evidence/ }).click();
  await expect(page.getByTestId('step-attachments-unsent')).toContainText('Attachment not sent: design.md. Only its name and size are known here');
  await shoot(page, 'attachments-evidence');
});
