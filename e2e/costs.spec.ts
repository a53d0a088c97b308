// The Costs view on the browser host (issue 36): the CLIs' own transcripts in a fake HOME
// (the real Claude Code spotter session and a real Codex rollout from fixtures/sessions)
// priced at list price, as `loupe cost` prices them; screenshots at 1280x800, light and
// dark, when LOUPE_SCREENSHOTS names a folder.
import { copyFileSync, mkdirSync, mkdtempSync, realpathSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { expect, test as base } from './fixtures';

const FX = join(__dirname, '../fixtures/sessions');
const CODEX = 'rollout-2026-05-11T11-26-55-019e1625-789d-76c0-80ab-3724b5ddb799.jsonl';
const SPOTTER = '4d5611e5-241a-462a-8d15-5122611a9569.jsonl';

const test = base.extend<{ home: string }>({
  home: async ({}, use) => {
    const home = realpathSync(mkdtempSync(join(tmpdir(), 'loupe-e2e-costs-')));
    const claude = join(home, '.claude', 'projects', '-home-marco-projects-spotter');
    mkdirSync(claude, { recursive: true });
    copyFileSync(join(FX, 'claude/spotter', SPOTTER), join(claude, SPOTTER));
    const codex = join(home, '.codex', 'sessions', '2026', '05', '11');
    mkdirSync(codex, { recursive: true });
    copyFileSync(join(FX, 'codex/codemie-code', CODEX), join(codex, CODEX));
    await use(home);
    rmSync(home, { recursive: true, force: true });
  },
  hostEnv: async ({ home }, use) => {
    await use({ HOME: home, CODEX_HOME: '', CLAUDE_CONFIG_DIR: '', GEMINI_CLI_HOME: '' });
  },
});

test('Costs shows what the sessions cost at list price, the cache-read share and what the cache saved', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.getByRole('button', { name: /Costs/ }).click();
  await expect(page.locator('.costs[data-ready="true"]')).toBeVisible();
  // $9.52614975 (spotter, claude-opus-4-6) + $8.369808 (Codex, gpt-5.5): session-costs.spec.ts derives both.
  await expect(page.getByTestId('cost-total')).toContainText('$17.90 list price');
  await expect(page.getByTestId('cost-total')).toContainText('205 requests');
  await expect(page.locator('.cost-table tbody tr')).toHaveCount(2);
  await expect(page.locator(`.cost-table tr[data-key$="${SPOTTER}"]`)).toContainText('$9.53');
  await expect(page.locator(`.cost-table tr[data-key$="${CODEX}"]`)).toContainText('$8.37');
  await expect(page.locator('.cost-chart rect.cost-bar')).not.toHaveCount(0);

  const out = process.env.LOUPE_SCREENSHOTS ? resolve(process.env.LOUPE_SCREENSHOTS) : null;
  if (out) {
    mkdirSync(out, { recursive: true });
    for (const scheme of ['light', 'dark'] as const) {
      await page.emulateMedia({ colorScheme: scheme });
      await page.screenshot({ path: join(out, `costs-${scheme}.png`) });
    }
  }

  // Grouped by model instead: one row per model.
  await page.getByLabel('Group by').selectOption('model');
  await expect(page.locator('.costs[data-ready="true"]')).toBeVisible();
  await expect(page.locator('.cost-table tbody tr')).toHaveCount(2);
  await expect(page.locator('.cost-table tr[data-key="claude-opus-4-6"]')).toContainText('$9.53');
});
