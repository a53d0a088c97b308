// Each test gets its own browser host (own user-data folder, port and token)
// and a page already loaded and marked data-ready="true". No sleeps.
import { test as base, expect, type Page } from '@playwright/test';
import type { InspectResult } from '../src/shared/contract/context';
import { startBrowserHost, type StartedHost } from './host';

export { makeRepo, git, writeFiles } from './repos';

interface Fixtures {
  /** Extra environment for the host process (e.g. LOUPE_DEMO_GATE); set with test.use({ hostEnv }). */
  hostEnv: NodeJS.ProcessEnv;
  host: StartedHost;
  page: Page;
}

export const test = base.extend<Fixtures>({
  hostEnv: [{}, { option: true }],
  host: async ({ hostEnv }, use) => {
    const host = await startBrowserHost(hostEnv);
    await use(host);
    await host.stop();
  },
  page: async ({ page, host }, use) => {
    await page.goto(host.url);
    await expect(page.locator('.app[data-ready="true"]')).toBeVisible();
    await use(page);
  },
});

/** Opens a repository through the start screen's path field, as a user would. */
export async function openRepository(page: Page, path: string): Promise<void> {
  await page.getByLabel('Repository folder').fill(path);
  await page.getByRole('button', { name: 'Open', exact: true }).click();
  await expect(page.locator('.repo-bar')).toHaveAttribute('data-repo-root', path);
}

/** Types a base ref into the Inspector's base-ref field and presses Enter, as a user would. */
export async function chooseBaseRef(page: Page, ref: string): Promise<void> {
  const field = page.getByTestId('base-ref');
  await field.fill(ref);
  await field.press('Enter');
  await expect(page.getByTestId('file-tree')).toHaveAttribute('aria-labelledby', 'insp-tree-label');
  await expect(page.locator('#insp-tree-label .mono')).toHaveText(ref);
}

/** Presses Inspect and returns the response the page received, to compare with what it shows. */
export async function runInspect(page: Page): Promise<InspectResult> {
  const response = page.waitForResponse((r) => r.url().includes('/api/rpc/context.inspect'));
  await page.getByTestId('inspect-button').click();
  const body = (await (await response).json()) as { result: InspectResult };
  await expect(page.getByTestId('result')).toBeVisible();
  return body.result;
}

export { expect };
