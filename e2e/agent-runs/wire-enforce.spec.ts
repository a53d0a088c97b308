// Enforcement on the wire in the app (issue 21): a `loupe run` of the real claude, against
// a scripted provider, whose requests go over a `warn` request ceiling and carry a secret
// from a file the agent read. The run's output shows each warning as it happened, its
// evidence lists them under "On the wire", and X-Ray's view of its wire session shows them
// on the requests that carried them. Skipped where the agents are not installed
// (LOUPE_AGENTS_DIR). With LOUPE_SCREENSHOTS, writes 1280x800 screenshots, light and dark.
import { mkdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { agentsMissing } from '../../src/main/core/testing/agents';
import { startProvider, type ScriptedProvider } from '../../src/main/core/testing/providers';
import { expect, makeRepo, openRepository, test } from '../fixtures';
import { claudeEnv, loupe } from '../loupe-cli';

const outDir = process.env.LOUPE_SCREENSHOTS ? resolve(process.env.LOUPE_SCREENSHOTS) : null;

// A made-up GitHub token (a recognised format); built here so no token sits in the source.
const SECRET = `ghp_${'Wq7Zx2Lm9Pk4'.repeat(3)}`;

test.describe('enforcement on the wire in the app', () => {
  test.skip(agentsMissing() !== null, agentsMissing() ?? '');
  let provider: ScriptedProvider | null = null;
  test.afterEach(async () => {
    await provider?.close();
  });

  test('a run over its warn request ceiling, with a secret read: the warnings show in the output and the evidence', async ({ page, host }) => {
    test.setTimeout(180_000);
    const repo = makeRepo({ 'deploy/notes.md': `Deploy notes.\nGITHUB_TOKEN=${SECRET}\nEND-OF-NOTES\n`, 'src/app.ts': 'export const app = 1;\n' });
    provider = await startProvider('anthropic', {
      script: {
        turns: [
          { when: (r) => r.toolResults.some((t) => t.includes('END-OF-NOTES')), reply: { text: 'Read the deploy notes.' } },
          { reply: { toolCalls: [{ name: 'Read', input: { file_path: join(repo, 'deploy/notes.md') } }] } },
        ],
      },
    });
    const env = claudeEnv(host.userDataDir, provider.url);
    const ran = await loupe(
      ['run', '--repo', repo, '--agent', 'claude', '--ask', 'Read deploy/notes.md.', '--max-request-tokens', '5000', '--request-policy', 'warn'],
      env,
    );
    expect(ran.code, ran.out).toBe(0);
    expect(ran.out).toContain('Loupe on the wire: Request');

    await page.setViewportSize({ width: 1280, height: 800 });
    await openRepository(page, repo);
    await page.getByRole('button', { name: 'Runs', exact: true }).click();
    await page.locator('.run-row, [data-testid="run-row"]').first().click();
    const live = page.getByTestId('wire-warning');
    await expect(live.filter({ hasText: 'recognised secret' })).toHaveCount(1);
    await expect(live.filter({ hasText: 'request ceiling (warn): sent' }).first()).toBeVisible();
    await expect(live.first()).toHaveAttribute('data-action', 'warn');
    // The warning names the secret's kind and place, never its value.
    for (const text of await live.allTextContents()) expect(text).not.toContain(SECRET.slice(4, 16));
    if (outDir) {
      mkdirSync(outDir, { recursive: true });
      await live.filter({ hasText: 'recognised secret' }).scrollIntoViewIfNeeded();
      for (const scheme of ['light', 'dark'] as const) {
        await page.emulateMedia({ colorScheme: scheme });
        await page.screenshot({ path: join(outDir, `wire-enforce-output-${scheme}.png`) });
      }
    }
    await page.getByRole('tab', { name: /Evidence/ }).click();
    const listed = page.getByTestId('step-wire-warnings');
    await expect(listed.locator('li[data-kind="secret"]')).toHaveCount(1);
    await expect(listed.locator('li[data-kind="request-budget"]').first()).toContainText('over your 5,000-token request ceiling');
    await expect(page.getByTestId('evidence')).not.toContainText(SECRET.slice(4, 16));
    if (outDir) {
      await listed.scrollIntoViewIfNeeded();
      for (const scheme of ['light', 'dark'] as const) {
        await page.emulateMedia({ colorScheme: scheme });
        await page.screenshot({ path: join(outDir, `wire-enforce-evidence-${scheme}.png`) });
      }
    }

    // X-Ray's view of the run's wire session: each warned request says so where it is shown, and its bar is marked.
    await page.getByRole('button', { name: 'X-Ray', exact: true }).click();
    const picker = page.locator('#xray-thread');
    const runOption = picker.locator('optgroup[label^="Wire sessions"] option', { hasText: 'claude (run)' });
    await expect(runOption).toHaveCount(1);
    await picker.selectOption(await runOption.getAttribute('value'));
    await expect(page.getByTestId('wire-xray')).toBeVisible();
    const shownWarnings = page.getByTestId('wire-request-warning');
    const warned = page.getByTestId('wire-history').locator('.bar.is-warned');
    await expect(warned.first()).toBeVisible();
    // The request that carried the secret: its bar's title names it; shown, it says so, beside its size over the ceiling.
    const secretBar = warned.filter({ has: page.locator('title', { hasText: 'recognised secret' }) });
    await expect(secretBar).toHaveCount(1);
    await secretBar.click();
    await expect(page.getByTestId('wire-request-warnings')).toHaveAttribute('data-seq', (await secretBar.getAttribute('data-seq'))!);
    await expect(shownWarnings.filter({ hasText: 'recognised secret' })).toHaveAttribute('data-kind', 'secret');
    await expect(shownWarnings.filter({ hasText: 'request ceiling (warn): sent' })).toHaveAttribute('data-action', 'warn');
    for (const text of await shownWarnings.allTextContents()) expect(text).not.toContain(SECRET.slice(4, 16));
    if (outDir) {
      await page.getByTestId('wire-request-warnings').scrollIntoViewIfNeeded();
      for (const scheme of ['light', 'dark'] as const) {
        await page.emulateMedia({ colorScheme: scheme });
        await page.screenshot({ path: join(outDir, `wire-enforce-xray-${scheme}.png`) });
      }
    }
  });
});

test.describe(() => {
  // Saves the run settings in force: app-wide.
  test.use({ ownHost: true });

  test('run settings: the request budget and secrets on the wire are edited, checked and saved beside the wire switch', async ({ page }) => {
    const repo = makeRepo({ 'src/app.ts': 'export const app = 1;\n' });
    await page.setViewportSize({ width: 1280, height: 800 });
    await openRepository(page, repo);
    await page.getByTestId('run-settings-toggle').click();
    const fields = page.getByTestId('wire-fields');
    // The wire is on by default (issue 31): the fields are ready; without it there is nothing to enforce and they wait for it.
    await expect(page.getByTestId('run-wire')).toBeChecked();
    await page.getByTestId('run-wire').uncheck();
    await expect(page.getByTestId('run-maxRequestTokens')).toBeDisabled();
    await page.getByTestId('run-wire').check();
    await page.getByTestId('run-maxRequestTokens').fill('0');
    await expect(page.locator('#run-maxRequestTokens-hint')).toHaveText('Max request tokens must be a positive number (0 is not a ceiling).');
    await page.getByTestId('run-maxRequestTokens').fill('150,000');
    await fields.getByTestId('request-policy-warn').check();
    await fields.getByTestId('wire-secrets-redact').check();
    const budget = page.locator('.in-force-row[data-field="loop.requestBudget"]');
    await expect(budget).toContainText('warn at 150,000 tokens per request');
    await expect(budget).toHaveAttribute('data-source', 'app');
    await expect(page.locator('.in-force-row[data-field="loop.wireSecrets"]')).toContainText('redact: replaced before sending');
    if (outDir) {
      mkdirSync(outDir, { recursive: true });
      await fields.scrollIntoViewIfNeeded();
      for (const scheme of ['light', 'dark'] as const) {
        await page.emulateMedia({ colorScheme: scheme });
        await page.screenshot({ path: join(outDir, `wire-enforce-settings-${scheme}.png`) });
      }
    }
    // Saved: a reload shows the same.
    await page.reload();
    await expect(page.locator('.repo-bar')).toHaveAttribute('data-repo-root', repo);
    if (!(await page.getByTestId('wire-fields').isVisible())) await page.getByTestId('run-settings-toggle').click();
    await expect(page.getByTestId('run-maxRequestTokens')).toHaveValue('150000');
    await expect(page.getByTestId('wire-secrets-redact')).toBeChecked();
  });
});
