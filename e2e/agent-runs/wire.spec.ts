// The wire in the app: `loupe wrap -- claude` (the real CLI, against a scripted provider)
// records into a wire session that X-Ray opens through the browser host; a `loupe run`
// of claude shows its wire requests in Runs evidence. Skipped where the agents are not
// installed (npm run agents:install, LOUPE_AGENTS_DIR). With LOUPE_SCREENSHOTS, writes
// 1280x800 screenshots in light and dark.
import { mkdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { agentsMissing } from '../../src/main/core/testing/agents';
import { startProvider, type ScriptedProvider } from '../../src/main/core/testing/providers';
import { expect, makeRepo, openRepository, test } from '../fixtures';
import { claudeEnv, loupe } from '../loupe-cli';

const outDir = process.env.LOUPE_SCREENSHOTS ? resolve(process.env.LOUPE_SCREENSHOTS) : null;

test.describe('the wire in the app', () => {
  test.skip(agentsMissing() !== null, agentsMissing() ?? '');
  let provider: ScriptedProvider | null = null;
  test.afterEach(async () => {
    await provider?.close();
  });

  test('a loupe wrap session of the real claude shows in X-Ray; a run’s wire requests show in Runs evidence', async ({ page, host }) => {
    test.setTimeout(180_000);
    provider = await startProvider('anthropic', {
      script: {
        turns: [
          { when: (r) => r.toolResults.some((t) => t.includes('WIRE-E2E')), reply: { text: 'The marker is WIRE-E2E.', usage: { input: 3200, cacheRead: 21000, cacheWrite: 400, output: 12 } } },
          { reply: (r) => ({ toolCalls: [{ name: 'Read', input: { file_path: join(repo, 'notes.md') } }], usage: { input: 2900, cacheWrite: 21000, output: 30 } }) },
        ],
      },
    });
    const repo = makeRepo({ 'notes.md': 'Notes.\nWIRE-E2E\n', 'src/app.ts': 'export const app = 1;\n' });
    const env = claudeEnv(host.userDataDir, provider.url);
    const wrapped = await loupe(['wrap', '--repo', repo, '--', 'claude', '-p', 'Read notes.md and say the marker.', '--allowedTools', 'Read'], env);
    expect(wrapped.code, wrapped.out).toBe(0);
    expect(wrapped.out).toContain('WIRE-E2E');
    const ran = await loupe(['run', '--repo', repo, '--agent', 'claude', '--ask', 'Read the notes and say the marker.', 'notes.md'], env);
    expect(ran.code, ran.out).toBe(0);

    await page.setViewportSize({ width: 1280, height: 800 });
    await openRepository(page, repo);
    await page.getByRole('button', { name: 'X-Ray', exact: true }).click();
    const picker = page.locator('#xray-thread');
    const wrapOption = picker.locator('optgroup[label^="Wire sessions"] option', { hasText: 'claude (wrapped)' });
    await expect(wrapOption).toHaveCount(1);
    await picker.selectOption(await wrapOption.getAttribute('value'));
    await expect(page.getByTestId('wire-xray')).toBeVisible();
    await expect(page.getByTestId('wire-reported')).toContainText('24,600 input tokens (cache read 21,000, cache write 400)');
    await expect(page.getByTestId('wire-loupe-count')).toContainText('estimate');
    await expect(page.locator('.wire-segment[data-kind="tool"]')).toContainText('Read');
    await expect(page.getByTestId('wire-history').locator('.bar')).toHaveCount(await page.getByTestId('wire-history').locator('.bar').count());
    await expect(page.getByText('Tool definitions: built-in', { exact: false }).first()).toBeVisible();
    if (outDir) {
      mkdirSync(outDir, { recursive: true });
      for (const scheme of ['light', 'dark'] as const) {
        await page.emulateMedia({ colorScheme: scheme });
        await page.locator('.view').evaluate((el) => el.scrollTo(0, 0));
        await page.screenshot({ path: join(outDir, `wire-xray-${scheme}.png`) });
        await page.locator('.view').evaluate((el) => el.scrollTo(0, el.scrollHeight));
        await page.screenshot({ path: join(outDir, `wire-xray-system-${scheme}.png`) });
      }
    }

    await page.getByRole('button', { name: 'Runs', exact: true }).click();
    await page.locator('.run-row, [data-testid="run-row"]').first().click();
    await page.getByRole('tab', { name: /Evidence/ }).click();
    await expect(page.getByTestId('step-wire')).toContainText('2 requests');
    await expect(page.getByTestId('wire-saw')).toContainText('What the wire saw');
    if (outDir) {
      for (const scheme of ['light', 'dark'] as const) {
        await page.emulateMedia({ colorScheme: scheme });
        await page.screenshot({ path: join(outDir, `wire-evidence-${scheme}.png`) });
      }
    }
  });
});
