// Helpers for the presets e2e specs: calls to the browser host's API as any
// client would make them (the run form is another view's), and drops of files.
import { expect, type Page } from '@playwright/test';
import type { RequestOf, ResponseOf, MethodName } from '../src/shared/api';
import type { StartedHost } from './host';

/** Calls a contract method over the host's HTTP API; throws with the error envelope on failure. */
export async function rpc<M extends MethodName>(page: Page, host: StartedHost, name: M, request: RequestOf<M>): Promise<ResponseOf<M>> {
  const res = await page.request.post(`${host.origin}/api/rpc/${name}`, { headers: { 'x-loupe-token': host.token }, data: request });
  const body = (await res.json()) as { ok: boolean; result?: unknown; error?: unknown };
  if (!body.ok) throw new Error(`${name} failed: ${JSON.stringify(body.error)}`);
  return body.result as ResponseOf<M>;
}

/** Starts a run with the settings in force, as the run form does (no presetRef: Loupe names the preset behind them), and waits for its end. */
export async function runWithEffective(page: Page, host: StartedHost, repo: string): Promise<ResponseOf<'runs.get'>> {
  const eff = await rpc(page, host, 'settings.effective', {});
  const started = await rpc(page, host, 'runs.start', {
    repo,
    ask: 'Summarize the notes',
    paths: ['notes.md'],
    settings: eff.settings,
  });
  if (started.run.status !== 'running') return started;
  await expect.poll(async () => (await rpc(page, host, 'runs.get', { runId: started.run.id })).run.status, { timeout: 30_000 }).not.toBe('running');
  return rpc(page, host, 'runs.get', { runId: started.run.id });
}

/** Drops `files` (name → text) on the element matching `selector`, as a drag from the desktop would. */
export async function dropFiles(page: Page, selector: string, files: Record<string, string>): Promise<void> {
  const dt = await page.evaluateHandle((entries) => {
    const transfer = new DataTransfer();
    for (const [name, text] of entries) transfer.items.add(new File([text], name, { type: 'application/json' }));
    return transfer;
  }, Object.entries(files));
  for (const type of ['dragenter', 'dragover', 'drop']) await page.dispatchEvent(selector, type, { dataTransfer: dt });
}

/** A version 2 library document with one preset. */
export function libraryText(name: string, revisions: { settings: Record<string, unknown>; author?: string | null }[]): string {
  return JSON.stringify(
    {
      kind: 'loupe-presets',
      version: 2,
      presets: [{ name, revisions: revisions.map((r, i) => ({ revision: i + 1, createdAt: `2026-0${i + 1}-15T09:00:00.000Z`, author: r.author ?? 'Ada Lovelace', settings: r.settings })) }],
    },
    null,
    2,
  );
}
