// The Inspector's answer without previews (issue 24: the page took the ~1.7 MB of a 200-file
// folder's previews in before its first row showed): Inspect asks for none, a row's preview comes
// when it opens (context.previews, redacted as the inspection made it), and the exported JSON
// still holds every preview, as `loupe inspect --json` prints them.
import { readFileSync } from 'node:fs';
import type { InspectResult } from '../src/shared/contract/context';
import { expect, makeRepo, openRepository, test } from './fixtures';

test.use({ viewport: { width: 1280, height: 800 } });

// Built at run time so no scanner mistakes this file for a leak; shaped like a real GitHub token.
const TOKEN = `ghp_${'A1b2C3d4E5f6G7h8I9j0'.repeat(2).slice(0, 36)}`;

test('Inspect answers without previews; a row opens its redacted preview; the export has them all', async ({ page }) => {
  const files: Record<string, string> = { 'src/config.ts': `export const token = "${TOKEN}";\nexport const fine = "visible";\n` };
  for (let i = 0; i < 40; i++) files[`src/part${String(i).padStart(2, '0')}.ts`] = `export const part${i} = "${'x'.repeat(2000)}";\n`;
  await openRepository(page, makeRepo(files));
  await page.getByLabel('Select src', { exact: true }).check();

  const answered = page.waitForResponse((r) => r.url().includes('/api/rpc/context.inspect'));
  await page.getByTestId('inspect-button').click();
  const response = await answered;
  const request = JSON.parse(response.request().postData() ?? '{}') as { previews?: boolean };
  expect(request.previews).toBe(false);
  const { result } = (await response.json()) as { result: InspectResult };
  expect(result.files).toHaveLength(41);
  expect(result.files.filter((f) => f.preview !== undefined)).toEqual([]);
  await expect(page.locator('[data-testid="result-row"]').first()).toBeVisible();

  // Opening a row asks for its preview, once; the secret stays hidden, the rest is there.
  const asked: string[] = [];
  page.on('request', (r) => {
    if (r.url().includes('/api/rpc/context.previews')) asked.push(r.postData() ?? '');
  });
  const config = result.files.find((f) => f.path === 'src/config.ts')!;
  await page.locator('[data-testid="result-row"][data-path="src/config.ts"]').click();
  const preview = page.getByTestId('preview');
  await expect(preview).toHaveAttribute('data-path', 'src/config.ts');
  await expect(preview.locator('.preview-body')).toContainText('export const fine = "visible";');
  await expect(preview.locator('.preview-body')).toContainText('[redacted');
  await expect(preview).not.toContainText(TOKEN.slice(4, 20));
  await expect(page.getByTestId('redaction-note')).toContainText('1 recognized secret hidden');
  expect(asked.map((body) => JSON.parse(body) as { sha256: string[] })).toEqual([{ sha256: [config.sha256] }]);

  // Closed and opened again: held in the page, not asked for again.
  await page.locator('[data-testid="result-row"][data-path="src/config.ts"]').click();
  await expect(preview).toHaveCount(0);
  await page.locator('[data-testid="result-row"][data-path="src/config.ts"]').click();
  await expect(preview.locator('.preview-body')).toContainText('visible');
  expect(asked).toHaveLength(1);

  // The export is the whole document: every file with its preview.
  const download = page.waitForEvent('download');
  await page.getByTestId('export-json').click();
  const saved = JSON.parse(readFileSync((await (await download).path())!, 'utf8')) as InspectResult;
  expect(saved.files.map((f) => f.path)).toEqual(result.files.map((f) => f.path));
  expect(saved.files.every((f) => typeof f.preview === 'string' && f.preview.startsWith('export const'))).toBe(true);
  expect(JSON.stringify(saved)).not.toContain(TOKEN.slice(4, 20));
  expect(saved.files.find((f) => f.path === 'src/part07.ts')!.preview).toBe(files['src/part07.ts']);
});
