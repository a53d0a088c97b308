// The Inspector end to end in the browser host: a real fixture repository made
// with the git CLI, the real services, the built renderer in Chromium.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { chooseBaseRef, expect, git, makeRepo, openRepository, runInspect, test, writeFiles } from './fixtures';

const APP_BASE = 'export const app = 1;\n';
const APP_NOW = 'export const app = 2; // edited\n';
const README_BASE = '# Fixture\n';
const README_NOW = '# Fixture\n\nEdited in the working copy.\n';
const UTIL = 'export const util = (n: number) => n * 2;\n';
const DEEP = 'export const deep = true;\n';

/** A repo with a folder holding plain, modified, untracked, credential and binary files. */
function fixtureRepo(): string {
  const repo = makeRepo({
    'README.md': README_BASE,
    'src/app.ts': APP_BASE,
    'src/util.ts': UTIL,
    'src/lib/deep.ts': DEEP,
    'src/.env': 'API_TOKEN=do-not-read\n',
    'src/blob.bin': Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x00, 0x00, 0x01, 0x02, 0x00, 0xff]),
    'docs/guide.md': '# Guide\n',
  });
  writeFiles(repo, {
    'src/app.ts': APP_NOW,
    'README.md': README_NOW,
    'src/new.ts': 'export const fresh = 1;\n',
    'scratch/todo.md': '- later\n',
  });
  return repo;
}

const bytes = (s: string) => Buffer.byteLength(s, 'utf8');


test('inspects a folder, a modified file and a dropped attachment', async ({ page }) => {
  const repo = fixtureRepo();
  await openRepository(page, repo);

  // The tree shows the base commit with working-copy markers.
  const tree = page.getByTestId('file-tree');
  await expect(tree.locator('[data-path="README.md"]')).toHaveAttribute('data-status', 'modified');
  await expect(tree.locator('[data-path="src"] [data-testid="changed-inside"]')).toHaveText('2');
  await page.getByRole('button', { name: 'Expand src', exact: true }).click();
  await expect(tree.locator('[data-path="src/app.ts"]')).toHaveAttribute('data-status', 'modified');
  await expect(tree.locator('[data-path="src/new.ts"]')).toHaveAttribute('data-status', 'untracked');

  // A folder that exists only in the working copy has nothing at base to expand.
  await expect(tree.locator('[data-path="scratch"]')).toHaveAttribute('data-status', 'untracked');
  await expect(page.getByLabel('Select scratch', { exact: true })).toBeDisabled();

  await page.getByLabel('Select src', { exact: true }).check();
  await page.getByLabel('Select README.md', { exact: true }).check();
  await expect(page.getByTestId('selection-count')).toHaveText('2 of 50');
  // Inside the selected folder, the modified file is marked as kept at its committed version.
  await expect(tree.locator('[data-path="src/app.ts"]')).toContainText('committed version');

  // Drop an attachment on the view (a real DragEvent with a DataTransfer made in the page).
  // (A string expression: this file is typechecked without the DOM library.)
  const dataTransfer = await page.evaluateHandle(`(() => {
    const dt = new DataTransfer();
    dt.items.add(new File(['n'.repeat(1000)], 'notes.md', { type: 'text/markdown' }));
    return dt;
  })()`);
  await page.getByTestId('inspector').dispatchEvent('drop', { dataTransfer });
  // And one through the file chooser.
  await page.getByTestId('attach-input').setInputFiles({ name: 'shot.png', mimeType: 'image/png', buffer: Buffer.alloc(300) });
  await expect(page.getByTestId('attachment-chip')).toHaveCount(2);
  await expect(page.getByTestId('attachment-chip').first()).toContainText('notes.md');
  await expect(page.getByTestId('attachment-chip').first()).toContainText('1,000 B');

  const result = await runInspect(page);

  // Source badges: the explicit modified file is the working copy, the folder's files are base.
  const row = (path: string) => page.locator(`[data-testid="result-row"][data-path="${path}"]`);
  await expect(row('README.md').getByTestId('source-badge')).toHaveText('working copy');
  await expect(row('README.md').getByTestId('change-mark')).toHaveAttribute('data-change', 'modified');
  await expect(row('src/util.ts').getByTestId('change-mark')).toHaveCount(0);
  await expect(row('src/app.ts').getByTestId('source-badge')).toHaveText('base');
  await expect(row('src/util.ts').getByTestId('source-badge')).toHaveText('base');
  await expect(row('src/lib/deep.ts')).toBeVisible();
  await expect(row('src/new.ts')).toHaveCount(0);
  await expect(page.getByTestId('source-badge').filter({ hasText: 'working copy' })).toHaveCount(1);

  // Omissions grouped by reason, each with its plain sentence.
  const credential = page.locator('[data-testid="omission-group"][data-reason="credential"]');
  await expect(credential).toContainText('Looks like a credential file; Loupe never opens these.');
  await expect(credential.locator('[data-testid="omission"][data-path="src/.env"]')).toContainText('size unknown');
  const binary = page.locator('[data-testid="omission-group"][data-reason="binary"]');
  await expect(binary).toContainText('Binary content');
  await expect(binary.locator('[data-testid="omission"]')).toHaveText([/src\/blob\.bin/]);

  // The callout about the modified file kept at base.
  await expect(page.getByTestId('modified-callout')).toContainText(
    '1 modified file under the selected folders was kept at the committed version.',
  );

  // Totals: bytes computed here from the fixture, tokens labelled approximate.
  const inspected = bytes(README_NOW) + bytes(APP_BASE) + bytes(UTIL) + bytes(DEEP);
  expect(result.totals.inspectedBytes).toBe(inspected);
  await expect(page.getByTestId('total-inspected')).toContainText(`${inspected} B of 8 MiB`);
  await expect(page.getByTestId('total-tokens')).toContainText(new RegExp(`≈ ${result.totals.inspectedTokens} tokens \\(estimate(; exact likely|, (high|low) for [a-zA-Z ]+: the exact count is likely) `));
  await expect(page.getByTestId('total-files')).toContainText('4 files, 2 left out');
  await expect(page.getByTestId('total-attachments')).toContainText('1.3 KiB');
  await expect(page.getByTestId('total-attachments')).toContainText('≈ 250 tokens (approx.)');
  // Unknown: the credential file's size (never opened) and the image's tokens.
  expect(result.totals.unknownSizes).toBe(2);
  await expect(page.getByTestId('total-unknown')).toContainText('2');
  await expect(page.getByTestId('total-attachments')).toContainText('1 not estimated');
  await expect(page.getByTestId('attachment-result')).toHaveCount(2);
  await expect(page.locator('[data-testid="attachment-result"][data-kind="image"]')).toContainText('unknown');

  // The preview of the selected row, with the redaction caveat.
  await row('README.md').click();
  await expect(page.getByTestId('preview')).toHaveAttribute('data-path', 'README.md');
  await expect(page.getByTestId('preview')).toContainText('Edited in the working copy.');
  await expect(page.getByTestId('redaction-note')).toContainText('no guarantee');
});

test('keyboard: tree selection, row navigation, hash copy', async ({ page }) => {
  const repo = fixtureRepo();
  await page.context().grantPermissions(['clipboard-read', 'clipboard-write']);
  await openRepository(page, repo);

  // Tree: first row is docs/; Right expands it, Down moves into it, Space selects.
  const tree = page.getByTestId('file-tree');
  await tree.locator('[data-path="docs"]').focus();
  await page.keyboard.press('ArrowRight');
  await expect(tree.locator('[data-path="docs/guide.md"]')).toBeVisible();
  await page.keyboard.press('ArrowDown');
  await expect(tree.locator('[data-path="docs/guide.md"]')).toBeFocused();
  await page.keyboard.press(' ');
  await expect(page.getByLabel('Select docs/guide.md', { exact: true })).toBeChecked();
  // Folders come first: docs, scratch (untracked), src.
  await page.keyboard.press('ArrowDown');
  await expect(tree.locator('[data-path="scratch"]')).toBeFocused();
  await page.keyboard.press(' ');
  await expect(page.getByTestId('selection')).toContainText('scratch/ is not in the base commit');
  await page.keyboard.press('ArrowDown');
  await expect(tree.locator('[data-path="src"]')).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page.getByLabel('Collapse src', { exact: true })).toBeVisible();
  await page.getByLabel('Select src/util.ts', { exact: true }).check();

  const result = await runInspect(page);
  expect(result.files.map((f) => f.path)).toEqual(expect.arrayContaining(['docs/guide.md', 'src/util.ts']));

  // Rows: focus the first, arrow down, Enter shows that row's preview.
  const rows = page.getByTestId('result-row');
  await rows.first().focus();
  await page.keyboard.press('ArrowDown');
  await expect(rows.nth(1)).toBeFocused();
  await page.keyboard.press('Enter');
  const second = result.files[1]!;
  await expect(page.getByTestId('preview')).toHaveAttribute('data-path', second.path);

  // The short hash copies the full sha256; only the hash copies, and it leaves the open preview alone.
  const hash = rows.nth(1).getByTestId('hash');
  await expect(hash).toHaveText(second.sha256.slice(0, 10));
  await hash.click();
  await expect(hash).toContainText('Copied');
  expect(await page.evaluate('navigator.clipboard.readText()')).toBe(second.sha256);
  await expect(page.getByTestId('preview')).toHaveAttribute('data-path', second.path);
  await page.evaluate('navigator.clipboard.writeText("unchanged")');
  await rows.first().click({ position: { x: 300, y: 10 } });
  await expect(page.getByTestId('preview')).toHaveAttribute('data-path', result.files[0]!.path);
  expect(await page.evaluate('navigator.clipboard.readText()')).toBe('unchanged');
});

test('base ref picker reads folders at an older tag; selection limit is shown', async ({ page }) => {
  const files: Record<string, string> = { 'README.md': README_BASE };
  for (let i = 0; i < 52; i++) files[`f${String(i).padStart(2, '0')}.txt`] = `file ${i}\n`;
  const repo = makeRepo(files);
  git(repo, 'tag', 'v1');
  writeFileSync(join(repo, 'later.md'), 'added after v1\n');
  writeFileSync(join(repo, 'README.md'), '# Fixture, changed after v1\n');
  git(repo, 'add', 'later.md', 'README.md');
  git(repo, 'commit', '-q', '-m', 'later');
  await openRepository(page, repo);

  const tree = page.getByTestId('file-tree');
  await expect(tree.locator('[data-path="later.md"]')).not.toHaveAttribute('data-status', /./);
  await expect(tree.locator('[data-path="README.md"]')).not.toHaveAttribute('data-status', /./);
  // At v1 the tree is read from the older commit: the later file is new, README differs.
  await chooseBaseRef(page, 'v1');
  await expect(tree.locator('[data-path="later.md"]')).toHaveAttribute('data-status', 'added');
  await expect(tree.locator('[data-path="README.md"]')).toHaveAttribute('data-status', 'modified');

  // The first 39 in one go (DOM clicks, so React sees real change events), the rest one by one.
  await page.evaluate(`(() => {
    for (let i = 0; i < 39; i++) document.querySelector('[aria-label="Select f' + String(i).padStart(2, '0') + '.txt"]').click();
  })()`);
  await expect(page.getByTestId('selection-count')).toHaveText('39 of 50');
  await expect(page.getByTestId('selection')).not.toContainText('selections left');
  for (let i = 39; i < 50; i++) {
    await page.getByLabel(`Select f${String(i).padStart(2, '0')}.txt`, { exact: true }).check();
    if (i === 39) await expect(page.getByTestId('selection')).toContainText('10 selections left');
  }
  await expect(page.getByTestId('selection-count')).toHaveText('50 of 50');
  await expect(page.getByTestId('selection')).toContainText('Limit reached');
  await expect(page.getByLabel('Select f50.txt', { exact: true })).toBeDisabled();

  const result = await runInspect(page);
  expect(result.baseRef).toBe('v1');
  expect(result.baseCommit).toBe(git(repo, 'rev-parse', 'v1^{commit}'));
  await expect(page.getByTestId('result')).toHaveAttribute('data-base-commit', result.baseCommit);
  await expect(page.getByTestId('result-row')).toHaveCount(50);
});

test('shows progress while inspecting and explains a base ref that no longer exists', async ({ page }) => {
  const repo = makeRepo({ 'README.md': README_BASE, 'src/a.ts': UTIL });
  git(repo, 'tag', 'release');
  await openRepository(page, repo);
  await chooseBaseRef(page, 'release');
  await expect(page.getByTestId('file-tree').locator('[data-path="README.md"]')).toBeVisible();
  await page.getByLabel('Select README.md', { exact: true }).check();

  // Hold the request until the progress UI has been seen, then let it through to the real host.
  let release!: () => void;
  const gate = new Promise<void>((r) => (release = r));
  await page.route('**/api/rpc/context.inspect', async (route) => {
    await gate;
    await route.continue();
  });
  await page.getByTestId('inspect-button').click();
  await expect(page.getByRole('progressbar', { name: 'Inspection progress' })).toBeVisible();
  await expect(page.getByTestId('inspect-button')).toHaveText('Inspecting…');
  await expect(page.getByTestId('inspect-button')).toBeDisabled();
  release();
  await expect(page.getByTestId('result-row')).toHaveCount(1);
  await expect(page.getByRole('progressbar')).toHaveCount(0);

  // The tag is deleted behind Loupe's back: the next inspection fails in plain language.
  git(repo, 'tag', '-d', 'release');
  await page.getByTestId('inspect-button').click();
  const alert = page.getByRole('alert');
  await expect(alert).toHaveAttribute('data-error-code', 'bad-ref');
  await expect(alert).toContainText('That commit or branch doesn’t exist');
  // The last good result stays on screen under the error.
  await expect(page.getByTestId('result-row')).toHaveCount(1);
});
