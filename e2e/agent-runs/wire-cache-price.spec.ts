// An eviction's price on the wire in the app (issue 37): `loupe wrap -- claude` (the real CLI,
// against a scripted provider that reports a warm cache) reads a small file, then a large one;
// in the wire session's X-Ray each segment says what evicting it would cost. Evicting the small
// file's result early in the context leaves it pending (still sent) with its price and break-even;
// "Apply now" withholds it from the next request. Skipped where the agents are not installed
// (LOUPE_AGENTS_DIR). With LOUPE_SCREENSHOTS, writes 1280x800 screenshots in light and dark.
import { mkdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { agentsMissing } from '../../src/main/core/testing/agents';
import { startProvider, type ScriptedProvider } from '../../src/main/core/testing/providers';
import { expect, makeRepo, openRepository, test } from '../fixtures';
import { claudeEnv, loupe } from '../loupe-cli';

const outDir = process.env.LOUPE_SCREENSHOTS ? resolve(process.env.LOUPE_SCREENSHOTS) : null;
const SMALL = 'CACHE-E2E-SMALL-3a1f';
const LARGE = 'CACHE-E2E-LARGE-8c2d';

test.describe('eviction prices on the wire in the app', () => {
  test.skip(agentsMissing() !== null, agentsMissing() ?? '');
  let provider: ScriptedProvider | null = null;
  test.afterEach(async () => {
    await provider?.close();
  });

  test('a wire segment shows its price; evicted early in a warm cache it is pending until Apply now', async ({ page, host }) => {
    test.setTimeout(180_000);
    const usage = { input: 40, cacheRead: 120_000, cacheWrite: 1_500 };
    const large = Array.from({ length: 700 }, (_, i) => `Line ${i} of the build log: step ${i * 7} finished in ${(i % 13) + 2} ms.`).join('\n');
    const notes = Array.from({ length: 40 }, (_, i) => `Note ${i}: the cache is warmed before build ${i * 3}, then checked.`).join('\n');
    const repo = makeRepo({ 'notes.md': `Notes.\n${SMALL}\n${notes}\n`, 'build.log': `Build log.\n${LARGE}\n${large}\n`, 'src/app.ts': 'export const app = 1;\n' });
    provider = await startProvider('anthropic', {
      script: {
        turns: [
          { when: (r) => r.toolResults.some((t) => t.includes(LARGE)), reply: { text: 'Both are read.', usage } },
          { when: (r) => r.toolResults.some((t) => t.includes(SMALL)), reply: { toolCalls: [{ name: 'Read', input: { file_path: join(repo, 'build.log') } }], usage } },
          { reply: { toolCalls: [{ name: 'Read', input: { file_path: join(repo, 'notes.md') } }], usage } },
        ],
      },
    });
    const env = claudeEnv(host.userDataDir, provider.url);
    const wrapped = await loupe(['wrap', '--repo', repo, '--', 'claude', '--model', 'claude-sonnet-4-5', '-p', 'Read notes.md, then build.log.', '--allowedTools', 'Read'], env);
    expect(wrapped.code, wrapped.out).toBe(0);

    await page.setViewportSize({ width: 1280, height: 800 });
    await openRepository(page, repo);
    await page.getByRole('button', { name: 'X-Ray', exact: true }).click();
    const picker = page.locator('#xray-thread');
    const option = picker.locator('optgroup[label^="Wire sessions"] option', { hasText: 'claude (wrapped)' });
    await picker.selectOption(await option.getAttribute('value'));
    await expect(page.getByTestId('wire-xray')).toBeVisible();

    const row = page.locator('.wire-segment[data-kind="tool"]', { hasText: SMALL });
    await expect(row.getByTestId('eviction-price')).toContainText(/if evicted: saves ≈ [\d,]+ tokens a request · re-writes ≈ [\d,]+ cached tokens once \(\$[\d.]+ list price\) · pays back after [\d,]+ requests/);
    await row.getByRole('button', { name: 'Evict' }).click();
    await expect(row).toHaveAttribute('data-status', 'evicted');
    await expect(row.getByTestId('eviction-price')).toHaveAttribute('data-state', 'pending');
    await expect(row.getByTestId('eviction-price')).toContainText('pending: still sent');
    await expect(page.getByTestId('wire-cache-note')).toContainText('Loupe waits for a cheap moment');
    if (outDir) {
      mkdirSync(outDir, { recursive: true });
      for (const scheme of ['light', 'dark'] as const) {
        await page.emulateMedia({ colorScheme: scheme });
        await page.getByTestId('wire-segments').scrollIntoViewIfNeeded();
        await row.scrollIntoViewIfNeeded();
        await page.screenshot({ path: join(outDir, `wire-eviction-pending-${scheme}.png`) });
      }
    }

    await row.getByRole('button', { name: 'Apply now' }).click();
    await expect(row.getByTestId('eviction-price')).toHaveAttribute('data-state', 'next');
    await expect(row.getByTestId('eviction-price')).toContainText('withheld from the next request');
  });
});
