// Evictions on the wire in the app: a `loupe run` of the real claude (against a scripted
// provider) reads a file; in the thread's X-Ray the user evicts that tool result, which is
// marked as on the wire; the thread's next (resumed) run goes without it (the provider
// never receives its text) and X-Ray shows what was withheld from which request. Skipped
// where the agents are not installed (LOUPE_AGENTS_DIR). With LOUPE_SCREENSHOTS, writes
// 1280x800 screenshots in light and dark.
import { mkdirSync, mkdtempSync, realpathSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { agentsBin, agentsMissing } from '../../src/main/core/testing/agents';
import { startProvider, type ScriptedProvider } from '../../src/main/core/testing/providers';
import { expect, makeRepo, openRepository, test } from '../fixtures';
import { loupe } from '../loupe-cli';

const outDir = process.env.LOUPE_SCREENSHOTS ? resolve(process.env.LOUPE_SCREENSHOTS) : null;
const MARKER = 'EVICT-E2E-5b7d';
/** A recognised secret (GitHub token shape) for the evict + redact case (issue 31, item 1). */
const SECRET = `ghp_${'Zx8Cv5Bn2Mq4'.repeat(3)}`;

test.describe('evictions on the wire in the app', () => {
  test.skip(agentsMissing() !== null, agentsMissing() ?? '');
  let provider: ScriptedProvider | null = null;
  test.afterEach(async () => {
    await provider?.close();
  });

  for (const redact of [false, true]) {
  test(`evicting a tool result claude sent withholds it from the thread’s next run, and X-Ray says how much${redact ? ' (it held a secret, redact on)' : ''}`, async ({ page, host }) => {
    test.setTimeout(240_000);
    const notes = Array.from({ length: 80 }, (_, i) => `Line ${i}: the cache is warmed before build ${i * 3}.`).join('\n');
    const repo = makeRepo({ 'notes.md': `Notes.\n${MARKER}\n${redact ? `GITHUB_TOKEN=${SECRET}\n` : ''}${notes}\n`, 'src/app.ts': 'export const app = 1;\n' });
    const secrets = redact ? ['--wire-secrets', 'redact'] : [];
    provider = await startProvider('anthropic', {
      script: {
        turns: [
          { when: (r) => r.toolResults.some((t) => t.includes(MARKER)), reply: { text: 'The notes are read.' } },
          { when: /Read the notes/, reply: () => ({ toolCalls: [{ name: 'Read', input: { file_path: join(repo, 'notes.md') } }] }) },
        ],
        otherwise: { text: 'Done.' },
      },
    });
    const home = realpathSync(mkdtempSync(join(tmpdir(), 'loupe-wire-evict-home-')));
    mkdirSync(join(home, '.claude'), { recursive: true });
    writeFileSync(join(home, '.claude.json'), JSON.stringify({ hasCompletedOnboarding: true }));
    const env = {
      PATH: `${agentsBin()}:${process.env.PATH}`,
      HOME: home,
      TERM: 'dumb',
      LOUPE_USER_DATA: host.userDataDir,
      LOUPE_AGENT_PATH: agentsBin(),
      ANTHROPIC_BASE_URL: provider.url,
      ANTHROPIC_API_KEY: 'sk-ant-e2e-wire-not-a-key',
    };
    const one = await loupe(['run', '--repo', repo, '--agent', 'claude', ...secrets, '--ask', 'Read the notes and say what they hold.', '--json', 'notes.md'], env);
    expect(one.code, one.out).toBe(0);
    const threadId = (JSON.parse(one.out.slice(one.out.indexOf('{'))) as { threadId: string }).threadId;

    await page.setViewportSize({ width: 1280, height: 800 });
    await openRepository(page, repo);
    await page.getByRole('button', { name: 'X-Ray', exact: true }).click();
    await expect(page.locator('.xray[data-ready="true"]')).toBeVisible();
    await expect(page.getByTestId('wire-cache-note')).toContainText('prompt cache is invalidated');
    // A result that held a secret is shown as "[result not shown …]": found by the file it read.
    const row = page.locator('.seg-row', { has: page.getByTestId('seg-wire') }).filter({ hasText: redact ? 'notes.md' : MARKER }).filter({ hasNotText: 'Read the notes and say' }).first();
    await expect(row).toBeVisible();
    await row.getByRole('button', { name: 'Evict' }).click();
    await expect(row).toHaveAttribute('data-status', 'evicted');

    const sent = provider.requests.length;
    const two = await loupe(['run', '--repo', repo, '--agent', 'claude', ...secrets, '--thread', threadId, '--ask', 'Say thanks.'], env);
    expect(two.code, two.out).toBe(0);
    const later = provider.requests.slice(sent).filter((r) => r.bodyText.includes('Say thanks'));
    expect(later.length).toBeGreaterThan(0);
    for (const r of later) {
      expect(r.bodyText).not.toContain(MARKER);
      expect(r.bodyText).not.toContain(SECRET);
    }

    await page.reload();
    await page.getByRole('button', { name: 'X-Ray', exact: true }).click();
    await expect(page.locator('.xray[data-ready="true"]')).toBeVisible();
    await expect(page.getByTestId('wire-withheld-request').filter({ hasText: 'withheld 1 segment' }).first()).toBeVisible();
    if (outDir) {
      mkdirSync(outDir, { recursive: true });
      for (const scheme of ['light', 'dark'] as const) {
        await page.emulateMedia({ colorScheme: scheme });
        await page.locator('.view').evaluate((el) => el.scrollTo(0, 0));
        const name = redact ? 'wire-evict-redact' : 'wire-evict';
        await page.screenshot({ path: join(outDir, `${name}-${scheme}.png`) });
        await page.getByTestId('wire-enforcement').scrollIntoViewIfNeeded();
        await page.locator('.seg-row[data-status="evicted"]').first().scrollIntoViewIfNeeded();
        await page.screenshot({ path: join(outDir, `${name}-rows-${scheme}.png`) });
      }
    }
  });
  }
});
