// Pins that survive the CLI's own compaction, in the app (issue 37): a `loupe run` of the real
// claude (against a scripted provider that reports the turn's usage near the window) reads a
// file; in the thread's X-Ray the user pins that tool result; the thread's next run resumes
// claude's session, which compacts its history itself; the request after the compaction
// reaches the provider with the pinned result once: back in Loupe's labelled block when the file
// is gone, or as claude's own re-attachment of the file it had read (Loupe adds no second copy),
// and X-Ray says, on that request, that the compaction dropped it and which of the two it was. Skipped where the
// agents are not installed (LOUPE_AGENTS_DIR). With LOUPE_SCREENSHOTS, writes 1280x800
// screenshots in light and dark.
import { mkdirSync, mkdtempSync, realpathSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { agentsBin, agentsMissing } from '../../src/main/core/testing/agents';
import { startProvider, type ScriptedProvider } from '../../src/main/core/testing/providers';
import { expect, makeRepo, openRepository, test } from '../fixtures';
import { loupe } from '../loupe-cli';

const outDir = process.env.LOUPE_SCREENSHOTS ? resolve(process.env.LOUPE_SCREENSHOTS) : null;
const MARKER = 'PIN-E2E-3c9a';

test.describe('pins after the CLI compacts, in the app', () => {
  test.skip(agentsMissing() !== null, agentsMissing() ?? '');
  let provider: ScriptedProvider | null = null;
  test.afterEach(async () => {
    await provider?.close();
  });

  for (const fileGone of [true, false]) {
  test(`a tool result pinned in X-Ray comes back once after claude’s own compaction${fileGone ? ' (re-sent by Loupe: the file is gone)' : ' (claude re-attaches the file: no second copy)'}`, async ({ page, host }) => {
    test.setTimeout(240_000);
    const notes = Array.from({ length: 60 }, (_, i) => `Line ${i}: the cache is warmed before build ${i * 3}.`).join('\n');
    const repo = makeRepo({ 'notes.md': `Notes.\n${MARKER}\n${notes}\n` });
    const compacting = (lastInput: string) => /create a detailed summary of the conversation/i.test(lastInput);
    provider = await startProvider('anthropic', {
      script: {
        turns: [
          { when: (r) => compacting(r.lastInput), reply: { text: '<summary>The notes were read.</summary>', usage: { input: 2000, output: 40 } } },
          // The turn that read the notes ends near the window: claude compacts before its next turn.
          { when: (r) => r.toolResults.some((t) => t.includes(MARKER)) && !/Say thanks/.test(r.lastInput), reply: { text: 'The notes are read.', usage: { input: 950_000, output: 20 } } },
          { when: /Read the notes/, reply: () => ({ toolCalls: [{ name: 'Read', input: { file_path: join(repo, 'notes.md') } }] }) },
        ],
        otherwise: { text: 'Done.', usage: { input: 3000, output: 5 } },
      },
    });
    const home = realpathSync(mkdtempSync(join(tmpdir(), 'loupe-wire-pins-home-')));
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
      // claude's own threshold for compacting, in percent of its window (wire-pins.agents.test.ts says why).
      CLAUDE_AUTOCOMPACT_PCT_OVERRIDE: '50',
    };
    const one = await loupe(['run', '--repo', repo, '--agent', 'claude', '--ask', 'Read the notes and say what they hold.', '--json', 'notes.md'], env);
    expect(one.code, one.out).toBe(0);
    const threadId = (JSON.parse(one.out.slice(one.out.indexOf('{'))) as { threadId: string }).threadId;

    await page.setViewportSize({ width: 1280, height: 800 });
    await openRepository(page, repo);
    await page.getByRole('button', { name: 'X-Ray', exact: true }).click();
    await expect(page.locator('.xray[data-ready="true"]')).toBeVisible();
    const row = page.locator('.seg-row', { has: page.getByTestId('seg-wire') }).filter({ hasText: MARKER }).filter({ hasNotText: 'Read the notes and say' }).first();
    await expect(row).toBeVisible();
    await row.getByRole('button', { name: 'Pin' }).click();
    await expect(row).toHaveAttribute('data-status', 'pinned');

    // claude re-attaches, after compacting, the files it had read that are still there.
    if (fileGone) rmSync(join(repo, 'notes.md'));
    const sent = provider.requests.length;
    const two = await loupe(['run', '--repo', repo, '--agent', 'claude', '--thread', threadId, '--ask', 'Say thanks.'], env);
    expect(two.code, two.out).toBe(0);
    const later = provider.requests.slice(sent);
    const compaction = later.findIndex((r) => compacting(r.lastInput));
    expect(compaction, JSON.stringify(later.map((r) => r.lastInput.slice(0, 80)))).toBeGreaterThanOrEqual(0);
    const after = later.slice(compaction + 1).filter((r) => r.bodyText.includes('Say thanks'));
    expect(after.length).toBeGreaterThan(0);
    for (const r of after) {
      expect(r.bodyText.split(MARKER).length - 1).toBe(1);
      expect(r.bodyText.includes('[Loupe restored pinned context: segment ')).toBe(fileGone);
    }

    await page.reload();
    await page.getByRole('button', { name: 'X-Ray', exact: true }).click();
    await expect(page.locator('.xray[data-ready="true"]')).toBeVisible();
    await expect(page.getByTestId('wire-dropped-pinned').first()).toContainText('The CLI’s own compaction dropped a pinned segment before this request');
    if (!fileGone) {
      await expect(page.getByTestId('wire-pinned-carried').first()).toContainText('Not added again: the request already carried the text');
      return;
    }
    const resent = page.getByTestId('wire-pinned-resent').first();
    await expect(resent).toContainText('Loupe re-sent it in this request as a labelled block');
    if (outDir) {
      mkdirSync(outDir, { recursive: true });
      for (const scheme of ['light', 'dark'] as const) {
        await page.emulateMedia({ colorScheme: scheme });
        await page.getByTestId('wire-enforcement').scrollIntoViewIfNeeded();
        await resent.scrollIntoViewIfNeeded();
        await page.screenshot({ path: join(outDir, `wire-pins-${scheme}.png`) });
      }
    }
    // The run says it too, in its evidence: the follow-up's step lists the re-send, labelled re-sent.
    await page.emulateMedia({ colorScheme: 'light' });
    await page.getByRole('button', { name: 'Runs', exact: true }).click();
    await page.locator('.run-row, [data-testid="run-row"]').filter({ hasText: 'Say thanks' }).first().click();
    await page.getByRole('tab', { name: /Evidence/ }).click();
    const listed = page.getByTestId('step-wire-warnings').locator('li[data-kind="pins"]').first();
    await expect(listed).toHaveAttribute('data-action', 'restore');
    await expect(listed).toContainText("re-sent after the CLI's compaction dropped it");
    await expect(listed.locator('.badge')).toHaveText('re-sent');
    if (outDir) {
      await listed.scrollIntoViewIfNeeded();
      for (const scheme of ['light', 'dark'] as const) {
        await page.emulateMedia({ colorScheme: scheme });
        await page.screenshot({ path: join(outDir, `wire-pins-run-${scheme}.png`) });
      }
    }
  });
  }
});
