// Runs in the browser host (issue 8): a 100-byte block ceiling blocks the
// bundled demo agent with the numbers; raised, the run streams live, a reload
// mid-run picks it back up, and the evidence reads and exports as JSON and CSV.
// The demo agent is held by a gate file the test opens (LOUPE_DEMO_GATE in the host's
// environment), so the reload lands while it runs whatever the machine's speed. No sleeps:
// every wait is on text or data-*.
import { mkdirSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import { delimiter, join } from 'node:path';
import { existsSync, mkdtempSync, realpathSync } from 'node:fs';
import { tmpdir } from 'node:os';
import type { Page } from '@playwright/test';
import { expect, makeRepo, openRepository, test } from '../fixtures';

/** A gate file for the demo agent: it writes event N only once the file holds a number above N, or "open". */
function demoGate(): { path: string; release(n: number | 'open'): void } {
  const path = join(realpathSync(mkdtempSync(join(tmpdir(), 'loupe-e2e-gate-'))), 'gate');
  return { path, release: (n) => writeFileSync(path, String(n)) };
}

async function download(page: Page, testId: string): Promise<{ name: string; text: string }> {
  await page.getByTestId('export-menu').locator('summary').click();
  const pending = page.waitForEvent('download');
  await page.getByTestId(testId).click();
  const file = await pending;
  return { name: file.suggestedFilename(), text: readFileSync((await file.path())!, 'utf8') };
}

test.describe('a run from the Inspector', () => {
  const gate = demoGate();
  test.use({ hostEnv: { LOUPE_DEMO_GATE: gate.path } });

  test('blocks at 100 bytes with the numbers, runs when raised, survives a reload, and exports its evidence', async ({ page }) => {
    test.setTimeout(90_000);
    const repo = makeRepo({
      'src/a.ts': 'export const a = 1;\n',
      'src/b.ts': 'export const b = 2;\n',
      'src/c.ts': 'export const c = 3;\n',
      'src/d.ts': 'export const d = 4;\n',
      'README.md': '# e2e\n',
    });
    await openRepository(page, repo);
    await page.getByLabel('Select src', { exact: true }).check();

    // Settings: a 100-byte ceiling, blocking. The settings in force say it is the user's change.
    await page.getByTestId('run-settings-toggle').click();
    await expect(page.locator('[data-agent="demo"]')).toContainText('Demo agent (no model)');
    await page.getByTestId('run-maxPromptBytes').fill('100');
    await expect(page.locator('.in-force-row[data-field="loop.contextBudget"]')).toHaveAttribute('data-source', 'app');
    await expect(page.locator('.in-force-row[data-field="loop.contextBudget"]')).toContainText('block at 100 bytes');
    await expect(page.locator('.in-force-row[data-field="agent"]')).toHaveAttribute('data-source', 'default');
    // A bad value is kept as typed, explained, and never saved.
    await page.getByTestId('run-maxApproximateTokens').fill('2.5');
    await expect(page.locator('#run-maxApproximateTokens-hint')).toHaveText('Max approx. tokens must be a whole number.');
    await expect(page.getByTestId('run-maxApproximateTokens')).toHaveValue('2.5');
    await expect(page.getByTestId('run-button')).toBeDisabled();
    await page.getByTestId('run-maxApproximateTokens').fill('');
    // The X-Ray tools box: saved like any setting (the demo agent takes an MCP server as Claude Code does: no note).
    await page.getByTestId('run-xray-tools').check();
    await expect(page.locator('.in-force-row[data-field="xrayTools"]')).toHaveAttribute('data-source', 'app');
    await expect(page.locator('.in-force-row[data-field="xrayTools"]')).toContainText('offered');
    await expect(page.getByTestId('run-xray-tools-note')).toHaveCount(0);
    await page.getByTestId('run-xray-tools').uncheck();
    await expect(page.locator('.in-force-row[data-field="xrayTools"]')).toContainText('not offered');
    // Memory: a kept item, ticked, is measured with the prompt; unticked, it is not.
    const meters0 = page.getByTestId('prompt-meters');
    await expect(meters0).toHaveAttribute('data-current', 'true');
    const before = Number(await meters0.getAttribute('data-total-bytes'));
    await page.getByLabel('New memory item').fill('We use pnpm, never npm.');
    await page.getByRole('button', { name: 'Keep' }).click();
    const item = page.locator('.memory-item', { hasText: 'We use pnpm, never npm.' });
    await expect(item.getByRole('checkbox')).toBeChecked();
    const withMemory = before + Buffer.byteLength('## Memory\n- We use pnpm, never npm.\n\n');
    await expect(meters0).toHaveAttribute('data-total-bytes', String(withMemory));
    await item.getByRole('checkbox').uncheck();
    await expect(meters0).toHaveAttribute('data-total-bytes', String(before));
    await page.getByTestId('run-settings-close').click();

    await page.getByTestId('run-ask').fill('List what each file exports');
    const meters = page.getByTestId('prompt-meters');
    await expect(meters).toHaveAttribute('data-current', 'true');
    await expect(page.getByTestId('pm-verdict')).toHaveText('would BLOCK');
    await expect(meters).toHaveAttribute('data-verdict', 'block');
    const total = Number(await meters.getAttribute('data-total-bytes'));
    expect(total).toBeGreaterThan(100);
    await expect(page.getByTestId('pm-ceiling-bytes')).toContainText(`${(total - 100).toLocaleString('en-US')} B over the 100 B ceiling`);

    // Run: blocked before launch, with which ceiling and by how much (the preview measured the same bytes).
    await page.getByTestId('run-button').click();
    const head = page.getByTestId('run-head');
    await expect(head).toHaveAttribute('data-run-status', 'blocked');
    const ceiling = page.getByTestId('blocked-ceiling');
    await expect(ceiling).toHaveAttribute('data-ceiling', 'maxPromptBytes');
    await expect(ceiling).toContainText(`prompt ${total.toLocaleString('en-US')} B, ${(total - 100).toLocaleString('en-US')} B over the 100 B ceiling`);
    await expect(page.locator('.run-row[data-status="blocked"]')).toHaveCount(1);

    // Retry with the same ceiling blocks again.
    await page.getByTestId('retry-same').click();
    await expect(page.getByRole('tab', { name: 'Evidence (2 steps)' })).toBeVisible();
    await expect(head).toHaveAttribute('data-run-status', 'blocked');

    // Raise it: the demo agent runs and its output streams in, as far as the gate lets it
    // (its start, the intro and the first read), so the reload below lands mid-run.
    gate.release(3);
    await page.getByTestId('raise-maxPromptBytes').fill('100000');
    await page.getByTestId('raise-retry').click();
    await expect(head).toHaveAttribute('data-run-status', 'running');
    const output = page.getByTestId('run-output');
    await expect(output.locator('[data-ev="text"]').first()).toContainText('Demo agent (no model): I received a prompt of');
    await expect(output.locator('[data-ev="tool"]').first()).toBeVisible();
    await expect(page.getByTestId('run-progress')).toBeVisible();

    // A reload mid-run picks the same run back up and keeps following it.
    await page.reload();
    await expect(page.locator('.app[data-ready="true"]')).toBeVisible();
    await expect(head).toHaveAttribute('data-run-status', 'running');
    await expect(output.locator('[data-ev="text"]').first()).toContainText('I received a prompt of');
    gate.release('open');
    await expect(head).toHaveAttribute('data-run-status', 'succeeded', { timeout: 30_000 });
    await expect(output).toContainText('I read 4 of 4 reference files');
    // Nothing lost, nothing twice: intro and summary, four reads with their results.
    await expect(output.locator('[data-ev="text"]')).toHaveCount(2);
    await expect(output.locator('[data-ev="tool"][data-done="true"]')).toHaveCount(4);
    await expect(page.getByTestId('run-progress')).toHaveCount(0);
    await expect(head).toContainText('exit 0');

    // Evidence: every step with its numbers, and what lies outside the measurement.
    await page.getByRole('tab', { name: 'Evidence (3 steps)' }).click();
    await expect(page.getByTestId('measure-scope')).toContainText('Outside the measurement');
    const steps = page.getByTestId('step-evidence');
    await expect(steps).toHaveCount(3);
    await expect(steps.nth(0)).toHaveAttribute('data-outcome', 'blocked');
    await expect(steps.nth(0).getByTestId('budget')).toContainText(`Max prompt bytes: ${total.toLocaleString('en-US')} > 100, ${(total - 100).toLocaleString('en-US')} over`);
    await expect(steps.nth(2)).toHaveAttribute('data-outcome', 'launched');
    await expect(steps.nth(2).getByTestId('budget')).toHaveText('block at 100,000 bytes');
    await expect(steps.nth(2).getByTestId('reported')).toContainText('Reported by the demo agent');
    await expect(steps.nth(2).getByTestId('reported')).toContainText('Loupe’s estimate');
    const sha = await steps.nth(2).getByTestId('hash').getAttribute('data-sha256');
    expect(sha).toMatch(/^[0-9a-f]{64}$/);

    // Export: the run's evidence as JSON and CSV, downloaded by the browser.
    const json = await download(page, 'export-run-json');
    expect(json.name).toMatch(/^loupe-evidence-run-r[0-9a-f]+-.*\.json$/);
    const doc = JSON.parse(json.text) as { kind: string; steps: { outcome: string; sha256: string; totalBytes: number }[] };
    expect(doc.kind).toBe('loupe-evidence');
    expect(doc.steps.map((s) => s.outcome)).toEqual(['blocked', 'blocked', 'launched']);
    expect(doc.steps[0]!.totalBytes).toBe(total);
    expect(doc.steps[2]!.sha256).toBe(sha);
    await expect(page.getByTestId('export-note')).toHaveText(`Downloaded ${json.name}`);
    const csv = await download(page, 'export-run-csv');
    const lines = csv.text.trimEnd().split('\r\n');
    expect(lines[0]).toMatch(/^repo,thread_id,run_id,step_id,ordinal,kind/);
    expect(lines).toHaveLength(4);
    expect(lines.filter((l) => l.includes(',blocked,'))).toHaveLength(2);
    expect(lines[3]).toContain(sha!);
  });
});

test.describe('a thread', () => {
  // The first turn runs through; the follow-up is held after its intro, so Cancel lands while it runs.
  const gate = demoGate();
  test.use({ hostEnv: { LOUPE_DEMO_GATE: gate.path } });

  test('a follow-up resumes the agent session; Cancel ends a running turn', async ({ page }) => {
    test.setTimeout(90_000);
    await openRepository(page, makeRepo({ 'notes.md': '# notes\n' }));
    await page.getByLabel('Select notes.md', { exact: true }).check();
    await page.getByTestId('run-ask').fill('Read the notes');
    await expect(page.getByTestId('prompt-meters')).toHaveAttribute('data-current', 'true');
    gate.release('open');
    await page.getByTestId('run-button').click();
    const head = page.getByTestId('run-head');
    await expect(head).toHaveAttribute('data-run-status', 'succeeded', { timeout: 45_000 });

    gate.release(2);
    await page.getByLabel('Follow-up ask').fill('And once more');
    await page.getByTestId('follow-up-send').click();
    await expect(head).toHaveAttribute('data-run-status', 'running');
    await expect(page.getByTestId('run-output')).toContainText('I resumed session');
    await page.getByTestId('run-cancel').click();
    await expect(head).toHaveAttribute('data-run-status', 'cancelled');
    await expect(page.getByTestId('run-message')).toContainText('Cancelled: Loupe ended the agent and its processes.');

    await page.getByRole('tab', { name: 'Thread (2 turns)' }).click();
    await expect(page.locator('.turn')).toHaveCount(2);
    await expect(page.locator('.turn .run-status')).toHaveText(['succeeded', 'cancelled']);
    await page.getByRole('tab', { name: 'Evidence (1 step)' }).click();
    const step = page.getByTestId('step-evidence');
    await expect(step).toHaveAttribute('data-outcome', 'cancelled');
    await expect(step).toContainText('resumed the CLI session');
  });
});

test.describe('a missing agent CLI', () => {
  // The host sees a PATH that holds git and nothing else: no claude, codex or gemini.
  const bin = realpathSync(mkdtempSync(join(tmpdir(), 'loupe-e2e-bin-')));
  const gitPath = (process.env.PATH ?? '').split(delimiter).map((d) => join(d, 'git')).find((p) => existsSync(p));
  if (gitPath) {
    mkdirSync(bin, { recursive: true });
    symlinkSync(gitPath, join(bin, 'git'));
  }
  test.use({ hostEnv: { PATH: bin, LOUPE_AGENT_PATH: '' } });

  test('is shown plainly and cannot be picked; the demo agent still can', async ({ page }) => {
    test.skip(!gitPath, 'git is not on PATH here');
    await openRepository(page, makeRepo({ 'a.txt': 'a\n' }));
    await page.getByTestId('run-settings-toggle').click();
    const claude = page.locator('[data-agent="claude"]');
    await expect(claude).toHaveAttribute('data-installed', 'false');
    await expect(claude.locator('.agent-problem')).toHaveText(
      `Claude Code (claude) is not on your PATH: Loupe looked in ${bin}. Install it with npm i -g @anthropic-ai/claude-code, or start Loupe with LOUPE_AGENT_PATH set to the folder that holds claude (searched before PATH), then Check again.`,
    );
    await expect(claude.getByRole('radio')).toBeDisabled();
    await expect(page.locator('[data-agent="codex"] .agent-problem')).toContainText('Codex CLI (codex) is not on your PATH');
    await expect(page.locator('[data-agent="demo"]').getByRole('radio')).toBeEnabled();
    await expect(page.locator('[data-agent="demo"]').getByRole('radio')).toBeChecked();
    // Check again looks again, and says so (issue 34, item 4: it seemed to do nothing).
    await page.getByRole('button', { name: 'Check again' }).click();
    await expect(page.getByTestId('agents-checked')).toContainText('3 still not found.');
  });
});
