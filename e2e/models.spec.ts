// Settings → Models on the browser host: the bundled catalog, the default
// label, search, and an opt-in refresh against a local /v1/models server.
import { sendJson, startLocalServer, type LocalServer } from '../src/main/core/testing/http-server';
import { expect, test } from './fixtures';

let server: LocalServer | null = null;
test.afterEach(async () => {
  await server?.close();
  server = null;
});

async function openModels(page: import('@playwright/test').Page) {
  await page.getByRole('button', { name: /Settings/ }).click();
  await page.getByRole('tab', { name: 'Models' }).click();
  await expect(page.locator('.models-panel[data-models-ready="true"]')).toBeVisible();
}

test('lists the bundled catalog with window, source, reserve and budget; refresh is off', async ({ page }) => {
  await openModels(page);
  await expect(page.getByLabel(/Refresh model windows online/)).not.toBeChecked();
  await expect(page.getByRole('button', { name: 'Refresh now' })).toBeDisabled();
  await expect(page.locator('.models-count')).toHaveText(/^[\d,]+ of [\d,]+ models$/);

  // The bundled snapshot is the 2026-07-02 models.dev data: Claude Sonnet 4.5 is in it.
  await page.getByLabel('Search models').fill('anthropic/claude-sonnet-4-5');
  const sonnet = page.locator('tr[data-model-id="anthropic/claude-sonnet-4-5"]');
  await expect(sonnet).toBeVisible();
  await expect(sonnet).toHaveAttribute('data-source', 'snapshot');
  await expect(sonnet.locator('td')).toHaveText([/anthropic\/claude-sonnet-4-5/, '200,000', 'snapshot', '30,000', '170,000', '64,000']);

  // A model that publishes no window shows the default, labelled as such.
  await page.getByLabel('Search models').fill('openai/gpt-image-1');
  const aura = page.locator('tr[data-model-id="openai/gpt-image-1"]');
  await expect(aura).toHaveAttribute('data-source', 'default');
  await expect(aura.locator('td').nth(1)).toHaveText(/200,000/);
  await expect(aura.locator('td').nth(2)).toHaveText('default');

  await page.getByLabel('Search models').fill('no such model zzz');
  await expect(page.getByText('No model matches')).toBeVisible();
});

test.describe(() => {
  // Turns refresh on and saves its URLs: app-wide model settings.
  test.use({ ownHost: true });

  test('refresh from a local list: the list wins, failures read plainly, bad URLs are refused', async ({ page }) => {
    server = await startLocalServer((req, res) => {
      if (req.url === '/v1/models') sendJson(res, { object: 'list', data: [{ id: 'gpt-4.1', context_window: 300_000 }, { id: 'my-coder', context_length: 32_768 }] });
      else sendJson(res, { error: 'down' }, 503);
    });
    await openModels(page);
    await page.getByLabel('OpenAI-style model list URL').fill('ftp://example.com/models');
    await page.getByRole('button', { name: 'Save URLs' }).click();
    await expect(page.getByRole('alert')).toContainText('listUrl must start with http:// or https://');

    await page.getByLabel('models.dev api.json URL').fill(`${server.url}/api.json`);
    await page.getByLabel('OpenAI-style model list URL').fill(`${server.url}/v1/models`);
    await page.getByRole('button', { name: 'Save URLs' }).click();
    await expect(page.getByRole('button', { name: 'Save URLs' })).toBeDisabled();
    await page.getByLabel(/Refresh model windows online/).check();

    await expect(page.locator('.refresh-status li[data-kind="list"]')).toContainText('Refreshed at');
    await expect(page.locator('.refresh-status li[data-kind="list"]')).toContainText('2 models');
    await expect(page.locator('.refresh-status li[data-kind="models.dev"]')).toContainText(/Failed at .*answered 503.*bundled snapshot/);

    await page.getByLabel('Search models').fill('gpt-4.1');
    const listed = page.locator('tr[data-model-id="gpt-4.1"]');
    await expect(listed).toHaveAttribute('data-source', 'refresh');
    await expect(listed.locator('td')).toHaveText([/gpt-4\.1.*served by 127\.0\.0\.1/, '300,000', 'refreshed', '45,000', '255,000', /.*/]);
    await expect(page.locator('tr[data-model-id="openai/gpt-4.1"]')).toHaveAttribute('data-source', 'snapshot');

    const hits = server.hits.length;
    await expect(page.getByRole('button', { name: 'Refresh now' })).toBeEnabled();
    await page.getByRole('button', { name: 'Refresh now' }).click();
    await expect.poll(() => server!.hits.length).toBe(hits + 2);
  });
});
