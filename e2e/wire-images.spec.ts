// Images on the wire in the app (issue 31 item 7): a CLI (a stand-in `claude` that sends
// one Anthropic request through `loupe wrap`'s relay: a 1000 × 1000 PNG read by its Read
// tool and an SVG it cannot measure) against the scripted provider; X-Ray's wire view
// shows the images, their tokens by Anthropic's formula (1,334) and "unknown" for the
// SVG. With LOUPE_SCREENSHOTS, writes 1280x800 screenshots in light and dark.
import { chmodSync, mkdirSync, mkdtempSync, realpathSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { grayPng } from '../src/main/core/testing/png';
import { startProvider, type ScriptedProvider } from '../src/main/core/testing/providers';
import { expect, makeRepo, openRepository, test } from './fixtures';
import { loupe } from './loupe-cli';

const outDir = process.env.LOUPE_SCREENSHOTS ? resolve(process.env.LOUPE_SCREENSHOTS) : null;

/** A `claude` that sends one request with images to $ANTHROPIC_BASE_URL and prints the reply. */
const SCRIPT = `
const fs = require('fs');
if (process.argv.includes('--version')) { console.log('2.1.332 (Claude Code)'); process.exit(0); }
const png = fs.readFileSync(process.env.LOUPE_E2E_IMAGE).toString('base64');
const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="800" height="600"/>').toString('base64');
const body = { model: 'claude-sonnet-4-5', max_tokens: 100, system: [{ type: 'text', text: 'You are Claude Code, a coding agent.' }], messages: [
  { role: 'user', content: [{ type: 'text', text: 'What does screenshot.png show?' }] },
  { role: 'assistant', content: [{ type: 'tool_use', id: 'toolu_1', name: 'Read', input: { file_path: process.cwd() + '/screenshot.png' } }] },
  { role: 'user', content: [
    { type: 'tool_result', tool_use_id: 'toolu_1', content: [{ type: 'image', source: { type: 'base64', media_type: 'image/png', data: png } }] },
    { type: 'image', source: { type: 'base64', media_type: 'image/svg+xml', data: svg } },
    { type: 'text', text: 'And the diagram I pasted?' } ] } ] };
fetch(process.env.ANTHROPIC_BASE_URL + '/v1/messages', { method: 'POST', headers: { 'content-type': 'application/json', 'x-api-key': process.env.ANTHROPIC_API_KEY || 'k', 'anthropic-version': '2023-06-01' }, body: JSON.stringify(body) })
  .then((r) => r.text()).then((t) => console.log(t.slice(0, 300)), (e) => { console.error(String(e)); process.exit(1); });
`;

test.describe('images on the wire in the app', () => {
  let provider: ScriptedProvider | null = null;
  test.afterEach(async () => {
    await provider?.close();
  });

  test('the wire view counts a 1000 × 1000 PNG by Anthropic’s formula and says "unknown" for an image it cannot measure', async ({ page, host }) => {
    test.setTimeout(90_000);
    provider = await startProvider('anthropic', { script: { turns: [{ reply: { text: 'A gray square and a diagram.', usage: { input: 2120, output: 9 } } }] } });
    const repo = makeRepo({ 'notes.md': 'Notes.\n' });
    const bin = realpathSync(mkdtempSync(join(tmpdir(), 'loupe-e2e-image-cli-')));
    writeFileSync(join(bin, 'claude'), `#!${process.execPath}\n${SCRIPT}`);
    chmodSync(join(bin, 'claude'), 0o755);
    const image = join(bin, 'screenshot.png');
    writeFileSync(image, grayPng(1000, 1000, 128, true));
    const env = { PATH: `${bin}:${process.env.PATH}`, HOME: bin, TERM: 'dumb', LOUPE_USER_DATA: host.userDataDir, LOUPE_AGENT_PATH: bin, ANTHROPIC_BASE_URL: provider.url, ANTHROPIC_API_KEY: 'sk-ant-e2e-not-a-key', LOUPE_E2E_IMAGE: image };
    const wrapped = await loupe(['wrap', '--repo', repo, '--', 'claude', '-p', 'look'], env);
    expect(wrapped.code, wrapped.out).toBe(0);
    expect(provider.turns()).toHaveLength(1);

    await page.setViewportSize({ width: 1280, height: 800 });
    await openRepository(page, repo);
    await page.getByRole('button', { name: 'X-Ray', exact: true }).click();
    const picker = page.locator('#xray-thread');
    const option = picker.locator('optgroup[label^="Wire sessions"] option', { hasText: 'claude (wrapped)' });
    await expect(option).toHaveCount(1);
    await picker.selectOption(await option.getAttribute('value'));
    await expect(page.getByTestId('wire-xray')).toBeVisible();
    const images = page.getByTestId('wire-images');
    await expect(images).toContainText('2 images: 1,334 tokens (image, Anthropic’s formula) + 1 unknown');
    await expect(images).toContainText('image/png 1000×1000: 1,334 tokens (image, Anthropic’s formula)');
    await expect(images).toContainText('image/svg+xml: unknown (its size could not be read: it is not a PNG, JPEG, GIF or WebP image)');
    await expect(page.getByTestId('wire-loupe-count')).toContainText('+ 1,334 image (Anthropic’s formula) + 1 image unknown');
    await expect(page.locator('.wire-segment[data-kind="tool"]')).toContainText('1,334 tokens (image, Anthropic’s formula)');
    await expect(page.locator('.wire-segment', { hasText: 'image/svg+xml' })).toContainText('unknown');
    if (outDir) {
      mkdirSync(outDir, { recursive: true });
      for (const scheme of ['light', 'dark'] as const) {
        await page.emulateMedia({ colorScheme: scheme });
        await page.locator('.view').evaluate((el) => el.scrollTo(0, 0));
        await page.screenshot({ path: join(outDir, `wire-image-${scheme}.png`) });
        await page.getByTestId('wire-segments').scrollIntoViewIfNeeded();
        await page.screenshot({ path: join(outDir, `wire-image-segments-${scheme}.png`) });
      }
    }
  });
});
