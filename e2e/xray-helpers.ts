// Helpers for the X-Ray e2e specs: runs started through the browser host's API
// (the run form is another feature's), waited for until they end.
import type { APIRequestContext } from '@playwright/test';
import type { RunDetail, RunSettingsInput } from '../src/shared/contract/runs';
import type { StartedHost } from './host';

/** Calls a contract method on the browser host, as a client with the launch token. */
export async function api<T>(request: APIRequestContext, host: StartedHost, method: string, body: unknown): Promise<T> {
  const res = await request.post(`${host.origin}/api/rpc/${method}`, { data: body, headers: { 'x-loupe-token': host.token } });
  const json = (await res.json()) as { ok: boolean; result?: T; error?: { message: string } };
  if (!json.ok) throw new Error(`${method}: ${json.error?.message}`);
  return json.result as T;
}

/** Resolves once a run has ended (polling runs.get). */
export async function waitRun(request: APIRequestContext, host: StartedHost, runId: string): Promise<RunDetail> {
  for (let i = 0; i < 300; i++) {
    const detail = await api<RunDetail>(request, host, 'runs.get', { runId });
    if (detail.run.status !== 'running') return detail;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`run ${runId} did not end`);
}

/** Starts a turn and resolves once it has ended (polling runs.get). */
export async function runTurn(
  request: APIRequestContext,
  host: StartedHost,
  body: { repo: string; ask: string; paths?: string[]; settings: RunSettingsInput; threadId?: string },
): Promise<RunDetail> {
  const started = await api<RunDetail>(request, host, 'runs.start', body);
  return waitRun(request, host, started.run.id);
}
