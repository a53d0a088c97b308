// Runs and the wire in the app (issues 31 and 34): on a fresh data folder "Record every
// request" is ticked and stays ticked when Claude Code is chosen; a run whose request the
// relay blocks on the request budget reads as a wire block in Runs (which request, its size,
// the ceiling, the request budget) and its Raise control raises the request ceiling, so the
// retry goes through; a selection that stages nothing (.env) is said in the run bar before
// Run, with one click to go ahead without it. The agent is a stand-in claude that sends one
// real request (src/main/core/testing/fake-wire-claude.ts) through Loupe's relay to a
// scripted provider. With LOUPE_SCREENSHOTS, writes 1280x800 screenshots, light and dark.
import { mkdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import type { Page } from '@playwright/test';
import { fakeWireClaudeDir } from '../src/main/core/testing/fake-wire-claude';
import { startProvider, type ScriptedProvider } from '../src/main/core/testing/providers';
import { expect, makeRepo, openRepository, test as base } from './fixtures';

const outDir = process.env.LOUPE_SCREENSHOTS ? resolve(process.env.LOUPE_SCREENSHOTS) : null;

async function shoot(page: Page, name: string): Promise<void> {
  if (!outDir) return;
  mkdirSync(outDir, { recursive: true });
  for (const scheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme: scheme });
    await page.screenshot({ path: join(outDir, `${name}-${scheme}.png`) });
  }
  await page.emulateMedia({ colorScheme: 'light' });
}

// A host of its own whose claude is the stand-in, pointed at a scripted provider started first.
const test = base.extend<{ provider: ScriptedProvider }>({
  provider: async ({}, use) => {
    const provider = await startProvider('anthropic', { script: { turns: [{ reply: { text: 'Hello from the provider.', usage: { input: 40, output: 6 } } }] } });
    await use(provider);
    await provider.close();
  },
  hostEnv: async ({ provider }, use) => {
    await use({ LOUPE_AGENT_PATH: fakeWireClaudeDir(), ANTHROPIC_BASE_URL: provider.url, ANTHROPIC_API_KEY: 'sk-ant-e2e-not-a-key' });
  },
});

test('a fresh data folder records the wire: the box is ticked and stays ticked when Claude Code is chosen', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await openRepository(page, makeRepo({ 'src/app.ts': 'export const app = 1;\n' }));
  await page.getByTestId('run-settings-toggle').click();
  const box = page.getByTestId('run-wire');
  const inForce = page.locator('.in-force-row[data-field="wire"]');
  await expect(box).toBeChecked();
  await expect(inForce).toContainText('on (default)');
  // The demo agent (the fresh default) has no provider: said beside the box.
  await expect(page.getByTestId('run-wire-demo')).toBeVisible();
  await expect(page.getByTestId('run-maxRequestTokens')).toBeEnabled();
  await box.scrollIntoViewIfNeeded();
  await shoot(page, 'run-settings-wire');

  await page.locator('[data-agent="claude"]').getByRole('radio').check();
  await expect(page.locator('.in-force-row[data-field="agent"]')).toHaveAttribute('data-source', 'app');
  await expect(box).toBeChecked();
  // Choosing the agent saved no wire setting: it is still the default, which records claude.
  await expect(inForce).toHaveText(/on \(default\)/);
  await expect(inForce).toHaveAttribute('data-source', 'default');
  await expect(page.getByTestId('run-wire-demo')).toHaveCount(0);
  await page.reload();
  await expect(page.locator('.repo-bar')).toHaveAttribute('data-repo-root', /.+/);
  if (!(await page.getByTestId('run-wire').isVisible())) await page.getByTestId('run-settings-toggle').click();
  await expect(page.getByTestId('run-wire')).toBeChecked();
  await expect(page.locator('[data-agent="claude"]').getByRole('radio')).toBeChecked();
});

test('a request-budget block reads as a wire block in Runs, and Raise raises the request ceiling so the retry goes through', async ({ page, provider }) => {
  test.setTimeout(90_000);
  await page.setViewportSize({ width: 1280, height: 800 });
  await openRepository(page, makeRepo({ 'src/app.ts': 'export const app = 1;\n' }));
  await page.getByTestId('run-settings-toggle').click();
  await page.locator('[data-agent="claude"]').getByRole('radio').check();
  await page.getByTestId('run-maxRequestBytes').fill('500');
  await expect(page.locator('.in-force-row[data-field="loop.requestBudget"]')).toContainText('block at 500 bytes per request');
  // Where the request budget is set, what a passing one does not promise.
  await expect(page.getByTestId('wire-fields')).toContainText('instructions the provider adds on its side stay invisible');
  await page.getByTestId('wire-fields').scrollIntoViewIfNeeded();
  await shoot(page, 'run-settings-request-budget');
  await page.getByTestId('run-settings-close').click();
  await page.getByTestId('run-ask').fill('Say hello.');
  await page.getByTestId('run-button').click();

  const head = page.getByTestId('run-head');
  await expect(head).toHaveAttribute('data-run-status', 'blocked', { timeout: 30_000 });
  expect(provider.turns()).toHaveLength(0);
  const panel = page.getByTestId('blocked');
  await expect(panel).toHaveAttribute('data-blocked-by', 'wire');
  await expect(panel.locator('h3')).toHaveText('Blocked on the wire: Loupe’s relay did not forward request 1');
  await expect(panel).not.toContainText('before launch');
  await expect(panel).not.toContainText('not started');
  await expect(page.getByTestId('wire-block-what')).toContainText('block at 500 bytes per request');
  const ceiling = panel.getByTestId('blocked-ceiling');
  await expect(ceiling).toHaveAttribute('data-ceiling', 'maxRequestBytes');
  await expect(ceiling).toContainText(/Max request bytes: [\d,]+ bytes, [\d,]+ over the 500-byte request ceiling/);
  await expect(head).not.toContainText('not launched');
  await shoot(page, 'run-wire-blocked');

  await page.getByRole('tab', { name: /Evidence/ }).click();
  const step = page.getByTestId('step-evidence').first();
  await expect(step.getByTestId('step-request-budget')).toContainText('block at 500 bytes per request');
  await expect(step.getByTestId('step-wire-exceeded')).toContainText(/Request 1: Max request bytes [\d,]+ > 500/);
  await expect(step.getByTestId('step-exact')).not.toContainText('not launched');
  await expect(step.getByTestId('reported-none')).toHaveAttribute('data-why', 'wire-block');
  await expect(step.getByTestId('budget-limits')).toContainText('neither the context budget nor the request budget');
  await step.getByTestId('step-request-budget').scrollIntoViewIfNeeded();
  await shoot(page, 'run-wire-blocked-evidence');

  // Raise: the suggested request ceiling lets the request through; the context budget is untouched.
  await page.getByTestId('raise-maxRequestBytes').waitFor();
  const suggested = Number((await page.getByTestId('raise-maxRequestBytes').inputValue()).replace(/,/g, ''));
  expect(suggested).toBeGreaterThan(500);
  await page.getByTestId('raise-retry').click();
  await expect(head).toHaveAttribute('data-run-status', 'succeeded', { timeout: 30_000 });
  expect(provider.turns()).toHaveLength(1);
  await page.getByRole('tab', { name: /Evidence/ }).click();
  await expect(page.getByTestId('step-evidence').last().getByTestId('step-request-budget')).toContainText(`block at ${suggested.toLocaleString('en-US')} bytes per request`);
  await expect(page.getByTestId('step-evidence').last().getByTestId('budget')).toContainText('no ceiling');
});

test('X-Ray: a fresh session started from it says so until its turn ends, then that it ended; wire sessions read apart in Show', async ({ page, provider }) => {
  test.setTimeout(90_000);
  await page.setViewportSize({ width: 1280, height: 800 });
  await openRepository(page, makeRepo({ 'src/app.ts': 'export const app = 1;\n' }));
  await page.getByTestId('run-settings-toggle').click();
  await page.locator('[data-agent="claude"]').getByRole('radio').check();
  await page.getByTestId('run-settings-close').click();
  await page.getByTestId('run-ask').fill('Say hello.');
  await page.getByTestId('run-button').click();
  await expect(page.getByTestId('run-head')).toHaveAttribute('data-run-status', 'succeeded', { timeout: 30_000 });

  await page.getByRole('button', { name: 'X-Ray', exact: true }).click();
  await expect(page.locator('.xray[data-ready="true"]')).toBeVisible();
  // Claude resumes its own session: directives are intent, and a fresh session is offered.
  await expect(page.locator('.xray-delivery')).toHaveAttribute('data-enforceable', 'false');
  await page.getByLabel('Ask for the fresh session').fill('Again, fresh.');
  await page.getByRole('button', { name: 'Continue as a fresh session' }).click();
  await expect.poll(() => provider.turns().length, { timeout: 30_000 }).toBe(2);
  // The turn ended: the note says so instead of promising an update that already came.
  await expect(page.getByTestId('continued-ended')).toBeVisible({ timeout: 20_000 });
  await expect(page.getByTestId('continued-started')).toHaveCount(0);

  // Two runs, two wire sessions of the same agent within a minute: their lines differ.
  const options = page.locator('#xray-thread optgroup[label^="Wire sessions"] option');
  await page.getByRole('button', { name: '↻ Refresh' }).click();
  await expect(options).toHaveCount(2);
  const labels = await options.allTextContents();
  expect(new Set(labels).size).toBe(2);
  for (const label of labels) expect(label).toMatch(/^claude \(run\) · started .+ · run r[0-9a-f]+ · 1 request · /);
  await page.locator('#xray-thread').selectOption((await options.first().getAttribute('value'))!);
  await expect(page.getByTestId('wire-xray')).toBeVisible();
  await shoot(page, 'xray-wire-show');
});

base.describe('a selection that stages nothing', () => {
  base('.env is said in the run bar before Run, and Run without it goes ahead in one click', async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 800 });
    await openRepository(page, makeRepo({ '.env': 'API_TOKEN=do-not-send\n', 'src/app.ts': 'export const app = 1;\n' }));
    await page.getByLabel('Select .env', { exact: true }).check();
    await page.getByTestId('run-ask').fill('Read the settings.');
    const notice = page.getByTestId('run-unstaged');
    await expect(notice).toBeVisible();
    await expect(notice.getByTestId('run-unstaged-item')).toHaveText([/^\.env \(.+\)$/]);
    await shoot(page, 'run-bar-unstaged');
    await page.getByTestId('run-without-unstaged').click();
    const head = page.getByTestId('run-head');
    await expect(head).toHaveAttribute('data-run-status', 'succeeded', { timeout: 30_000 });
    await page.getByRole('tab', { name: /Evidence/ }).click();
    await expect(page.getByTestId('step-evidence').first()).toContainText('.env');
  });
});
