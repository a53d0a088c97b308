// What a first-time user hit in the Inspector (issue 12), end to end at 1280x800
// in the browser host: readable paths, a tree that refreshes, state kept across a
// reload, the base ref typed freely, and taking the result along.
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from '@playwright/test';
import type { InspectResult } from '../src/shared/contract/context';
import { chooseBaseRef, expect, git, makeRepo, openRepository, runInspect, test, writeFiles } from './fixtures';

test.use({ viewport: { width: 1280, height: 800 } });

/** Two names in one folder that share their first 21 characters. */
const ALPHA = 'leak-detection-rules-alpha.ts';
const BETA = 'leak-detection-rules-beta.ts';


const row = (page: Page, path: string) => page.locator(`[data-testid="result-row"][data-path="${path}"]`);

test('paths are readable at 1280x800 and Inspect stays in view', async ({ page }) => {
  // About 40 steps, an inspection, a reload that measures the prompt again and four screenshots:
  // 35-54 s of a 60 s budget on a loaded machine (2 cores, load average about 20), where it timed out
  // about one run in three (the failures once blamed on the reused tab, 2026-12-02).
  test.setTimeout(120_000);
  const files: Record<string, string> = { 'README.md': '# r\n' };
  for (const name of [ALPHA, BETA, 'context-inspector-service.ts', 'context-inspector-service.test.ts']) {
    files[`src/shared/contract/generated/${name}`] = `export const x = ${JSON.stringify(name)};\n`;
  }
  for (let i = 0; i < 40; i++) files[`src/many/file-${String(i).padStart(2, '0')}.ts`] = `export const n = ${i};\n`;
  const repo = makeRepo(files);
  writeFiles(repo, { 'src/shared/contract/generated/untracked-notes.md': 'new\n' });
  await openRepository(page, repo);

  await page.getByRole('button', { name: 'Expand src', exact: true }).click();
  await page.getByRole('button', { name: 'Expand src/many', exact: true }).click();
  await page.getByLabel('Select src', { exact: true }).check();
  // The Inspect button is in the viewport however long the tree is.
  await expect(page.getByTestId('inspect-button')).toBeInViewport();
  await page.getByRole('button', { name: 'Expand src/shared', exact: true }).click();
  await page.getByRole('button', { name: 'Expand src/shared/contract', exact: true }).click();
  await page.getByRole('button', { name: 'Expand src/shared/contract/generated', exact: true }).click();
  await page.getByLabel('Select src/shared/contract/generated/untracked-notes.md', { exact: true }).check();
  await expect(page.getByTestId('inspect-button')).toBeInViewport();
  const result = await runInspect(page);
  expect(result.files).toHaveLength(45);

  // Each file's name is shown whole: the two that share a long prefix differ in visible text.
  for (const name of [ALPHA, BETA]) {
    const label = row(page, `src/shared/contract/generated/${name}`).getByTestId('path-name');
    await label.scrollIntoViewIfNeeded();
    await expect(label).toBeVisible();
    await expect(label).toHaveText(name);
    expect(await label.evaluate((el) => el.scrollWidth <= el.clientWidth && el.getBoundingClientRect().width > 0)).toBe(true);
  }
  const dir = row(page, `src/shared/contract/generated/${ALPHA}`).getByTestId('path-dir');
  await expect(dir).toHaveText('src/shared/contract/generated/');
  await expect(row(page, `src/shared/contract/generated/${ALPHA}`).locator('.path-label')).toHaveAttribute(
    'title',
    `src/shared/contract/generated/${ALPHA}`,
  );
  // Untracked is said as such, not as modified.
  await expect(row(page, 'src/shared/contract/generated/untracked-notes.md').getByTestId('change-mark')).toHaveAttribute(
    'data-change',
    'untracked',
  );
  // The page itself never scrolls: each pane does.
  expect(await page.evaluate('document.scrollingElement.scrollHeight <= window.innerHeight')).toBe(true);
  await expect(page.getByTestId('inspect-button')).toBeInViewport();

  // The run bar is one line of measures until the ask is typed (issue 22: the results deserve most of the height).
  const results = page.locator('.insp-results-inner');
  const tall = async () => (await results.boundingBox())!.height;
  await expect(page.getByTestId('prompt-meters')).toHaveCount(0);
  await expect(page.getByTestId('meters-folded')).toContainText(/^Prompt [\d,]+ B ≈ [\d,]+ tokens · references/);
  const compact = await tall();
  // At 1280x800 the results take most of the right pane, more than the run bar under them.
  const pane = (await page.locator('.insp-results').boundingBox())!.height;
  expect(compact).toBeGreaterThan(pane * 0.6);
  await page.getByTestId('run-ask').focus();
  await expect(page.getByTestId('prompt-meters')).toBeVisible();
  expect(await tall()).toBeLessThan(compact - 60);
  // Focus moving within the bar (to Run) keeps it open; leaving it folds it again.
  await page.getByTestId('meters-fold').focus();
  await expect(page.getByTestId('prompt-meters')).toBeVisible();
  await page.getByTestId('inspect-button').focus();
  await expect(page.getByTestId('prompt-meters')).toHaveCount(0);
  // Kept open on request, across a reload; folded again on request.
  await page.getByTestId('meters-fold').click();
  await page.getByTestId('inspect-button').focus();
  await expect(page.getByTestId('prompt-meters')).toBeVisible();
  await page.reload();
  // After a reload the prompt is measured again before the meters show.
  await expect(page.getByTestId('prompt-meters')).toBeVisible({ timeout: 30_000 });
  await page.getByTestId('meters-fold').click();
  await page.getByTestId('inspect-button').focus();
  await expect(page.getByTestId('meters-folded')).toBeVisible();
  for (const scheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme: scheme });
    await page.screenshot({ path: `test-results/first-user/inspector-compact-${scheme}.png` });
  }
});

test('a file created after opening appears after a refresh, and on Inspect', async ({ page }) => {
  const repo = makeRepo({ 'README.md': '# r\n', 'src/a.ts': 'a\n' });
  await openRepository(page, repo);
  const tree = page.getByTestId('file-tree');
  await page.getByRole('button', { name: 'Expand src', exact: true }).click();
  await expect(tree.locator('[data-path="src/a.ts"]')).toBeVisible();

  writeFileSync(join(repo, 'src/created-later.ts'), 'later\n');
  writeFileSync(join(repo, 'top-level.md'), 'later\n');
  await page.getByTestId('refresh-tree').click();
  await expect(tree.locator('[data-path="src/created-later.ts"]')).toHaveAttribute('data-status', 'untracked');
  await expect(tree.locator('[data-path="top-level.md"]')).toHaveAttribute('data-status', 'untracked');

  writeFileSync(join(repo, 'src/made-before-inspect.ts'), 'x\n');
  await page.getByLabel('Select README.md', { exact: true }).check();
  await runInspect(page);
  await expect(tree.locator('[data-path="src/made-before-inspect.ts"]')).toHaveAttribute('data-status', 'untracked');
});

test('a reload keeps the repository, base, selection, attachments and open folders', async ({ page }) => {
  const repo = makeRepo({ 'README.md': '# r\n', 'src/a.ts': 'a\n', 'src/b.ts': 'b\n' });
  git(repo, 'tag', 'v1');
  await openRepository(page, repo);
  await chooseBaseRef(page, 'v1');
  await page.getByRole('button', { name: 'Expand src', exact: true }).click();
  await page.getByLabel('Select src/a.ts', { exact: true }).check();
  await page.getByLabel('Select README.md', { exact: true }).check();
  await page.getByTestId('attach-input').setInputFiles({ name: 'notes.md', mimeType: 'text/markdown', buffer: Buffer.alloc(1234) });
  await runInspect(page);

  await page.reload();
  await expect(page.locator('.app[data-ready="true"]')).toBeVisible();
  await expect(page.locator('.repo-bar')).toHaveAttribute('data-repo-root', repo);
  await expect(page.getByTestId('base-ref')).toHaveValue('v1');
  await expect(page.getByTestId('selection-chip')).toHaveText([/src\/a\.ts/, /README\.md/]);
  await expect(page.getByLabel('Select src/a.ts', { exact: true })).toBeChecked();
  await expect(page.getByTestId('attachment-chip')).toHaveText([/notes\.md\s*1\.2 KiB/]);
  // The inspection on screen before the reload is run again.
  await expect(page.getByTestId('result-row')).toHaveCount(2);
  await expect(page.getByTestId('result')).toHaveAttribute('data-base-commit', git(repo, 'rev-parse', 'v1^{commit}'));
});

test('the base ref is typed freely, a bad one is refused, a branch and a tag of one name are told apart', async ({ page }) => {
  const repo = makeRepo({ 'README.md': '# one\n' });
  const first = git(repo, 'rev-parse', 'HEAD');
  git(repo, 'tag', 'release');
  writeFileSync(join(repo, 'second.md'), 'two\n');
  git(repo, 'add', 'second.md');
  git(repo, 'commit', '-q', '-m', 'second');
  git(repo, 'branch', 'release');
  writeFileSync(join(repo, 'third.md'), 'three\n');
  git(repo, 'add', 'third.md');
  git(repo, 'commit', '-q', '-m', 'third');
  await openRepository(page, repo);
  const tree = page.getByTestId('file-tree');

  await chooseBaseRef(page, 'HEAD~2');
  await expect(tree.locator('[data-path="second.md"]')).toHaveAttribute('data-status', 'added');

  const field = page.getByTestId('base-ref');
  await field.fill('no-such-ref');
  await field.press('Enter');
  await expect(page.getByTestId('base-ref-hint')).toContainText('"no-such-ref" does not name a commit');
  await expect(page.getByTestId('base-ref-hint')).toContainText('Still reading HEAD~2');
  await expect(field).toHaveAttribute('aria-invalid', 'true');

  // Completion: both "release" refs are offered under their full names.
  await field.fill('rele');
  const options = page.getByRole('option');
  await expect(options).toHaveCount(2);
  await expect(options.nth(0)).toHaveAttribute('data-value', 'refs/heads/release');
  await expect(options.nth(0)).toContainText('branch');
  await expect(options.nth(1)).toHaveAttribute('data-value', 'refs/tags/release');
  await expect(options.nth(1)).toContainText('tag');
  await field.press('ArrowDown');
  await field.press('ArrowDown');
  await field.press('Enter');
  await expect(field).toHaveValue('refs/tags/release');
  await expect(page.getByTestId('base-ref-hint')).toContainText('tag release');
  await page.getByLabel('Select README.md', { exact: true }).check();
  const result = await runInspect(page);
  expect(result.baseCommit).toBe(first);
});

test('a ticked folder includes its children; changed files can be ticked one by one; the result can be taken along', async ({ page }) => {
  const repo = makeRepo({ 'src/a.ts': 'a\n', 'src/b.ts': 'b\n', 'src/deep/c.ts': 'c\n', 'README.md': '# r\n' });
  writeFiles(repo, { 'src/a.ts': 'a changed\n', 'src/deep/c.ts': 'c changed\n', 'src/new.ts': 'new\n' });
  await page.context().grantPermissions(['clipboard-read', 'clipboard-write']);
  await openRepository(page, repo);
  const tree = page.getByTestId('file-tree');
  await page.getByRole('button', { name: 'Expand src', exact: true }).click();
  await page.getByLabel('Select src', { exact: true }).check();

  // Children of the ticked folder read as included; what the folder does not bring says so.
  await expect(page.getByLabel('Select src/b.ts', { exact: true })).toBeChecked();
  await expect(page.getByLabel('Select src/b.ts', { exact: true })).toBeDisabled();
  await expect(tree.locator('[data-path="src/b.ts"]')).toHaveAttribute('data-coverage', 'included');
  await expect(tree.locator('[data-path="src/a.ts"]')).toHaveAttribute('data-coverage', 'committed-version');
  await expect(tree.locator('[data-path="src/new.ts"]')).toHaveAttribute('data-coverage', 'not-included');
  await expect(page.getByLabel('Select src/new.ts', { exact: true })).not.toBeChecked();

  await runInspect(page);
  await expect(page.getByTestId('modified-callout')).toContainText('2 modified files');
  await page.getByTestId('select-modified').click();
  await expect(page.getByTestId('selection-chip')).toHaveText([/^src\/\s*×?$/, /src\/deep\/c\.ts/, /src\/a\.ts/]);
  const result = await runInspect(page);
  expect(result.files.filter((f) => f.source === 'working-copy').map((f) => f.path).sort()).toEqual(['src/a.ts', 'src/deep/c.ts']);

  // The folder's count of changed files ticks them (untracked included) one by one.
  await page.getByRole('button', { name: 'Tick the 3 changed files under src one by one' }).click();
  await expect(page.getByTestId('selection')).toContainText('Selected 1 changed file under src/');
  await expect(page.getByTestId('selection-chip')).toHaveCount(4);

  await page.getByTestId('copy-file-list').click();
  await expect(page.getByTestId('copy-file-list')).toHaveText('✓ Copied');
  const copied = (await page.evaluate('navigator.clipboard.readText()')) as string;
  expect(copied.trim().split('\n')).toEqual(result.files.map((f) => f.path));

  const download = page.waitForEvent('download');
  await page.getByTestId('export-json').click();
  const file = await download;
  expect(file.suggestedFilename()).toMatch(/^loupe-loupe-e2e-repo-\w+-[0-9a-f]{10}\.json$/);
  const saved = JSON.parse(readFileSync((await file.path())!, 'utf8')) as InspectResult;
  expect(saved).toEqual(result);
});

test('a long result comes a screenful first, then every row; the keys reach rows not built yet', async ({ page }) => {
  const files: Record<string, string> = {};
  for (let i = 0; i < 150; i++) files[`many/f${String(i).padStart(3, '0')}.ts`] = `export const n = ${i};\n`;
  await openRepository(page, makeRepo(files));
  await page.getByLabel('Select many', { exact: true }).check();
  const result = await runInspect(page);
  expect(result.files).toHaveLength(150);
  const table = page.getByTestId('result-table');
  // Every row is there once the table has settled, in the result's order, and the table says when it is.
  await expect(table).toHaveAttribute('aria-busy', 'false');
  await expect(page.getByTestId('result-row')).toHaveCount(150);
  expect(await page.getByTestId('result-row').evaluateAll((rows) => rows.map((r) => r.getAttribute('data-path')))).toEqual(result.files.map((f) => f.path));

  // Inspect again, noting each count of rows the table commits: the first rows come at once (fewer than all,
  // more than a screenful), the rest after. The moment the first rows are in, End is pressed on the first row:
  // it reaches the last row, which was not built yet.
  await page.evaluate(() => {
    const w = window as unknown as { shownCounts: number[]; endPressed: boolean };
    w.shownCounts = [];
    w.endPressed = false;
    const table = document.querySelector('[data-testid="result-table"]')!;
    new MutationObserver(() => {
      const n = Number(table.getAttribute('data-rows-shown'));
      w.shownCounts.push(n);
      if (n < 150 && !w.endPressed) {
        w.endPressed = true;
        const first = table.querySelector<HTMLElement>('[data-testid="result-row"]')!;
        first.focus();
        first.dispatchEvent(new KeyboardEvent('keydown', { key: 'End', bubbles: true }));
      }
    }).observe(table, { attributes: true, attributeFilter: ['data-rows-shown'] });
  });
  await page.getByTestId('inspect-button').click();
  await expect(page.locator('[data-testid="result-row"][data-index="149"]')).toBeFocused();
  await expect(table).toHaveAttribute('aria-busy', 'false');
  await expect(page.getByTestId('result-row')).toHaveCount(150);
  const counts = await page.evaluate(() => (window as unknown as { shownCounts: number[] }).shownCounts);
  expect(counts[0]).toBeGreaterThanOrEqual(20);
  expect(counts[0]).toBeLessThan(150);
  expect(counts.at(-1)).toBe(150);
  await page.keyboard.press('Home');
  await expect(page.locator('[data-testid="result-row"][data-index="0"]')).toBeFocused();
});
