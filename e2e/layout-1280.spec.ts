// Layout and words at 1280x800 in the browser host (issue 34 item 9), light and dark: whole texts
// on hover (the X-Ray Show select, the base-ref completion), room between a file's size and the
// tree's scrollbar, the wire history's bars by keyboard, a folder's "changed files" that says
// what it skipped, and no stale base-ref error once a valid ref is applied. Screenshots go to
// LOUPE_SCREENSHOTS when it names a folder.
import { chmodSync, mkdirSync, mkdtempSync, realpathSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import type { Page } from '@playwright/test';
import { startProvider, type ScriptedProvider } from '../src/main/core/testing/providers';
import { chooseBaseRef, expect, git, makeRepo, openRepository, test, writeFiles } from './fixtures';
import { loupe } from './loupe-cli';
import { runTurn } from './xray-helpers';

test.use({ viewport: { width: 1280, height: 800 } });
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

/** A name longer than the tree is wide beside its size. */
const LONG = 'relay-upstream-keep-alive-stale-connection-retry-framing.ts';
const SUBJECT = 'Teach the relay to keep one connection per origin and retry a stale one once, with the reason said in the log';

test('the Inspector at 1280x800: changed files, sizes by the scrollbar, the base ref', async ({ page }) => {
  test.setTimeout(90_000);
  const files: Record<string, string> = { 'README.md': '# r\n', 'src/gone.ts': 'export const gone = 1;\n', [`src/${LONG}`]: `// ${'x'.repeat(2440)}\n` };
  for (let i = 0; i < 4; i++) files[`src/m${i}.ts`] = `export const m = ${i};\n`;
  for (let i = 0; i < 40; i++) files[`src/many/file-${String(i).padStart(2, '0')}.ts`] = `export const n = ${i};\n`;
  const repo = makeRepo(files);
  for (let i = 0; i < 3; i++) {
    writeFiles(repo, { [`log-${i}.md`]: `${i}\n` });
    git(repo, 'add', '-A');
    git(repo, 'commit', '-qm', i === 2 ? SUBJECT : `Commit ${i}`);
  }
  // Six changes under src/: four modified, one untracked, one deleted (nothing of it to send).
  writeFiles(repo, { 'src/m0.ts': 'changed\n', 'src/m1.ts': 'changed\n', 'src/m2.ts': 'changed\n', 'src/m3.ts': 'changed\n', 'src/new.ts': 'new\n' });
  git(repo, 'rm', '-q', 'src/gone.ts');
  await openRepository(page, repo);

  await page.getByRole('button', { name: 'Expand src', exact: true }).click();
  await page.getByRole('button', { name: 'Expand src/many', exact: true }).click();
  // The size keeps clear of the tree's scrollbar (it once touched it).
  const size = page.locator(`[data-path="src/${LONG}"] .tree-size`);
  await expect(size).toHaveText('2.4 KiB');
  // Measured against the tree's inside and the pane's scroll area (where a scrollbar stands).
  const gap = await size.evaluate((el) => {
    const range = document.createRange();
    range.selectNodeContents(el);
    const right = range.getBoundingClientRect().right;
    const inner = (box: Element) => box.getBoundingClientRect().left + box.clientLeft + box.clientWidth;
    return Math.min(inner(el.closest('.tree')!), inner(el.closest('.insp-pane-scroll')!)) - right;
  });
  expect(gap).toBeGreaterThanOrEqual(6);

  // A folder's badge counts the deleted file; ticking its changed files says why one is not ticked.
  await page.getByRole('button', { name: 'Tick the 6 changed files under src one by one' }).click();
  await expect(page.getByTestId('selection')).toContainText('Selected 5 of 6 changed files under src/ (1 deleted, nothing to send)');
  await size.scrollIntoViewIfNeeded();
  await shoot(page, 'inspector-changed');

  // The completion list shows a commit's whole subject on hover.
  const field = page.getByTestId('base-ref');
  await field.click();
  const option = page.locator('.combo-option[data-kind="commit"]', { hasText: 'Teach the relay' });
  await expect(option).toHaveAttribute('title', new RegExp(`${SUBJECT}`));
  // Its subject wraps within the list instead of being cut at the pane's edge.
  expect(await option.locator('.combo-detail').evaluate((el) => el.scrollWidth <= el.clientWidth && el.getBoundingClientRect().height > 20)).toBe(true);
  await shoot(page, 'base-ref-completion');
  await field.press('Escape');

  // A valid base, then a ref that names no commit, then the valid one again: no stale error.
  await chooseBaseRef(page, 'HEAD~1');
  await field.fill('no-such-ref');
  await field.press('Enter');
  await expect(page.getByTestId('base-ref-hint')).toContainText('Still reading HEAD~1');
  await field.fill('HEAD~1');
  await field.press('Enter');
  await expect(page.getByTestId('base-ref-hint')).not.toContainText('Still reading');
  await expect(field).not.toHaveAttribute('aria-invalid', 'true');
  // Escape after a refused ref goes back to the base in force, and its error with it.
  await field.fill('no-such-ref');
  await field.press('Enter');
  await expect(page.getByTestId('base-ref-hint')).toContainText('Still reading HEAD~1');
  await field.press('Escape');
  await expect(page.getByTestId('base-ref-hint')).not.toContainText('Still reading');
});

test('X-Ray’s Show select says the whole thread on hover', async ({ page, host, request }) => {
  const repo = makeRepo({ 'notes.md': 'Notes.\n' });
  const ask = `Read the notes and explain in detail why the build takes two steps, which cache it keeps warm and when it is cleared again`;
  await runTurn(request, host, { repo, ask, paths: ['notes.md'], settings: { agent: 'demo' } });
  await openRepository(page, repo);
  await page.getByRole('button', { name: 'X-Ray', exact: true }).click();
  const picker = page.locator('#xray-thread');
  // The only thread is shown at once.
  await expect(page.locator('.xray[data-ready="true"]')).toBeVisible();
  const title = await picker.getAttribute('title');
  expect(title).toContain(ask);
  expect(title).toContain('demo · 1 turn');
  // The option itself is clipped; the select shows as much as the row has room for.
  expect(await picker.evaluate((el) => el.getBoundingClientRect().width)).toBeGreaterThan(500);
  // …and the buttons beside it stay inside the view (they once ran off its right edge).
  const runsOf = page.getByRole('button', { name: 'Runs of this thread' });
  const edge = await page.locator('.xray').evaluate((el) => el.getBoundingClientRect().right);
  expect(await runsOf.evaluate((el) => el.getBoundingClientRect().right)).toBeLessThanOrEqual(edge);
  await shoot(page, 'xray-show-select');
});

/** A `claude` that sends three requests to $ANTHROPIC_BASE_URL, one after another. */
const SCRIPT = `
if (process.argv.includes('--version')) { console.log('2.1.332 (Claude Code)'); process.exit(0); }
(async () => {
  const messages = [];
  for (let i = 0; i < 3; i++) {
    messages.push({ role: 'user', content: [{ type: 'text', text: 'Turn ' + i + ': ' + 'more words '.repeat(40 * (i + 1)) }] });
    const body = { model: 'claude-sonnet-4-5', max_tokens: 100, system: [{ type: 'text', text: 'You are Claude Code.' }], messages };
    const r = await fetch(process.env.ANTHROPIC_BASE_URL + '/v1/messages', { method: 'POST', headers: { 'content-type': 'application/json', 'x-api-key': 'k', 'anthropic-version': '2023-06-01' }, body: JSON.stringify(body) });
    const reply = await r.json();
    messages.push({ role: 'assistant', content: reply.content });
  }
  console.log('done');
})().catch((e) => { console.error(String(e)); process.exit(1); });
`;

test.describe('the wire history by keyboard', () => {
  let provider: ScriptedProvider | null = null;
  test.afterEach(async () => {
    await provider?.close();
  });

  test('each bar is a labelled button; arrow keys move between them, Enter shows one', async ({ page, host }) => {
    test.setTimeout(90_000);
    const turn = (input: number) => ({ reply: { text: 'Noted.', usage: { input, output: 3 } } });
    provider = await startProvider('anthropic', { script: { turns: [turn(200), turn(420), turn(650)] } });
    const repo = makeRepo({ 'notes.md': 'Notes.\n' });
    const bin = realpathSync(mkdtempSync(join(tmpdir(), 'loupe-e2e-history-cli-')));
    writeFileSync(join(bin, 'claude'), `#!${process.execPath}\n${SCRIPT}`);
    chmodSync(join(bin, 'claude'), 0o755);
    const env = { PATH: `${bin}:${process.env.PATH}`, HOME: bin, TERM: 'dumb', LOUPE_USER_DATA: host.userDataDir, LOUPE_AGENT_PATH: bin, ANTHROPIC_BASE_URL: provider.url, ANTHROPIC_API_KEY: 'sk-ant-e2e-not-a-key' };
    const wrapped = await loupe(['wrap', '--repo', repo, '--', 'claude', '-p', 'go'], env);
    expect(wrapped.code, wrapped.out).toBe(0);

    await openRepository(page, repo);
    await page.getByRole('button', { name: 'X-Ray', exact: true }).click();
    const picker = page.locator('#xray-thread');
    await picker.selectOption(await picker.locator('optgroup[label^="Wire sessions"] option').first().getAttribute('value'));
    const history = page.getByTestId('wire-history');
    const bars = history.getByRole('button', { name: /^Show request #/ });
    await expect(bars).toHaveCount(3);
    const last = bars.nth(2);
    await expect(last).toHaveAttribute('aria-pressed', 'true');
    // One Tab stop: the bar shown (the latest); the arrows move, Enter shows.
    await expect(history.locator('.bar[tabindex="0"]')).toHaveCount(1);
    await last.focus();
    await page.keyboard.press('ArrowLeft');
    await expect(bars.nth(1)).toBeFocused();
    await page.keyboard.press('Home');
    await expect(bars.nth(0)).toBeFocused();
    const seq = await bars.nth(0).getAttribute('data-seq');
    await page.keyboard.press('Enter');
    await expect(bars.nth(0)).toHaveAttribute('aria-pressed', 'true');
    await expect(page.getByTestId('wire-facts')).toContainText(`model request 1 of 3 (#${seq} on the wire)`);
    await page.keyboard.press('End');
    await expect(last).toBeFocused();
    await shoot(page, 'wire-history-keyboard');
  });
});
