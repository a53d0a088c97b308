// Behaviour spec: the models.* services over a real SQLite store and a real
// HTTP server on 127.0.0.1 standing in for models.dev and a /v1/models list.
import type { ServerResponse } from 'node:http';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { makeRuntime, removeTempDirs } from '../testing/fixtures';
import { sendJson, startLocalServer, type LocalServer } from '../testing/http-server';
import type { Runtime } from '../runtime';

afterAll(removeTempDirs);

const HOUR = 60 * 60 * 1000;
const modelsDev = {
  openai: { id: 'openai', models: { 'gpt-4.1': { id: 'gpt-4.1', name: 'GPT-4.1 (refreshed)', limit: { context: 999_000, output: 1000 } } } },
  acme: { id: 'acme', models: { rocket: { id: 'rocket', name: 'Rocket', limit: { context: 50_000, output: 4000 } } } },
};
const list = { object: 'list', data: [{ id: 'gpt-4.1', context_window: 300_000, max_tokens: 1_000_000 }, { id: 'local', context_length: 8192 }] };

interface Ctx {
  server: LocalServer;
  runtime: Runtime;
  clock: { t: number };
  call: Runtime['call'];
  /** Per-path behaviour; set by each test. */
  routes: Record<string, (res: ServerResponse) => void>;
}
let ctx: Ctx | null = null;

async function setup(): Promise<Ctx> {
  const routes: Ctx['routes'] = {};
  const server = await startLocalServer((req, res) => {
    const route = routes[req.url ?? ''];
    if (route) route(res);
    else sendJson(res, { error: 'no route' }, 404);
  });
  const clock = { t: Date.parse('2026-03-01T12:00:00Z') };
  const runtime = makeRuntime({ now: () => new Date(clock.t) });
  const call: Runtime['call'] = (m, req) => runtime.call(m, req);
  ctx = { server, runtime, clock, call, routes };
  return ctx;
}

afterEach(async () => {
  if (!ctx) return;
  ctx.runtime.close();
  await ctx.server.close();
  ctx = null;
});

describe('models services', () => {
  it('starts with refresh off, answers from the snapshot, and never goes online', async () => {
    const { call, server } = await setup();
    expect(await call('models.getSettings', {})).toEqual({ refreshEnabled: false, modelsDevUrl: 'https://models.dev/api.json', listUrl: '' });
    const status = await call('models.refresh', { force: true });
    expect(status.enabled).toBe(false);
    expect(status.sources.map((s) => s.state)).toEqual(['never', 'never']);
    const listed = await call('models.list', { query: 'openai gpt-4.1' });
    expect(listed.models.find((m) => m.id === 'openai/gpt-4.1')).toMatchObject({ source: 'snapshot' });
    expect(listed.total).toBeGreaterThan(500);
    expect(server.hits).toEqual([]);
  });

  it('refuses URLs that are not http(s) or carry credentials, with a clear message', async () => {
    const { call } = await setup();
    await expect(call('models.setSettings', { listUrl: 'file:///etc/passwd' })).rejects.toMatchObject({
      code: 'invalid-input',
      message: expect.stringMatching(/listUrl must start with http:\/\/ or https:\/\//),
    });
    await expect(call('models.setSettings', { modelsDevUrl: 'not a url' })).rejects.toThrow(/modelsDevUrl is not a URL/);
    await expect(call('models.setSettings', { listUrl: 'https://user:pw@example.com/v1/models' })).rejects.toThrow(/user name or password/);
    expect(await call('models.setSettings', { listUrl: '  http://127.0.0.1:1/v1/models ' })).toMatchObject({ listUrl: 'http://127.0.0.1:1/v1/models' });
  });

  it('merges a refresh: the list wins a disagreement, models.dev fills the rest, the settings persist', async () => {
    const { call, server, routes, runtime } = await setup();
    routes['/api.json'] = (res) => sendJson(res, modelsDev);
    routes['/v1/models'] = (res) => sendJson(res, list);
    await call('models.setSettings', { refreshEnabled: true, modelsDevUrl: `${server.url}/api.json`, listUrl: `${server.url}/v1/models` });
    const status = await call('models.refresh', {});
    expect(status.sources.map((s) => [s.kind, s.state, s.models])).toEqual([
      ['models.dev', 'ok', 2],
      ['list', 'ok', 2],
    ]);
    const gpt = await call('models.resolve', { id: 'gpt-4.1' });
    expect(gpt).toMatchObject({ window: 300_000, source: 'refresh', name: 'GPT-4.1 (refreshed)', output: 1000 });
    expect(await call('models.resolve', { id: 'openai/gpt-4.1' })).toMatchObject({ window: 999_000, source: 'refresh' });
    expect(await call('models.resolve', { id: 'acme/rocket' })).toMatchObject({ window: 50_000, source: 'refresh' });
    expect(await call('models.resolve', { id: 'local' })).toMatchObject({ window: 8192, reserve: 16_384, budget: 1, source: 'refresh' });
    // Snapshot models the refresh did not mention are still there.
    expect((await call('models.list', { query: 'anthropic' })).matched).toBeGreaterThan(0);
    // Settings live in SQLite: a new service table over the same database reads them back.
    const again = makeRuntime({ db: runtime.deps.db, userDataDir: runtime.deps.userDataDir });
    expect(await again.call('models.getSettings', {})).toMatchObject({ refreshEnabled: true });
  });

  it('falls back to the snapshot when a source fails, and caches the failure for the TTL', async () => {
    const { call, server, routes, clock } = await setup();
    routes['/api.json'] = (res) => sendJson(res, { error: 'down' }, 503);
    await call('models.setSettings', { refreshEnabled: true, modelsDevUrl: `${server.url}/api.json` });
    const status = await call('models.refresh', {});
    expect(status.sources[0]).toMatchObject({ state: 'failed', error: expect.stringMatching(/answered 503/) });
    expect(await call('models.resolve', { id: 'openai/gpt-4.1' })).toMatchObject({ source: 'snapshot' });
    clock.t += HOUR - 1;
    await call('models.refresh', {});
    expect(server.hits).toEqual(['/api.json']);
    clock.t += 2;
    routes['/api.json'] = (res) => sendJson(res, modelsDev);
    expect((await call('models.refresh', {})).sources[0]!.state).toBe('ok');
    expect(server.hits).toEqual(['/api.json', '/api.json']);
    expect(await call('models.resolve', { id: 'openai/gpt-4.1' })).toMatchObject({ source: 'refresh', window: 999_000 });
  });

  it('reuses a good result for the TTL unless forced, and keeps one request in flight per source', async () => {
    const { call, server, routes, clock } = await setup();
    const pending: ServerResponse[] = [];
    routes['/v1/models'] = (res) => pending.push(res);
    await call('models.setSettings', { refreshEnabled: true, modelsDevUrl: '', listUrl: `${server.url}/v1/models` });
    const calls = Array.from({ length: 5 }, () => call('models.refresh', {}));
    await expect.poll(() => pending.length).toBe(1);
    await new Promise((r) => setTimeout(r, 50));
    expect(pending.length).toBe(1);
    sendJson(pending[0]!, list);
    const results = await Promise.all(calls);
    expect(results.every((r) => r.sources[1]!.state === 'ok')).toBe(true);
    expect(server.hits).toEqual(['/v1/models']);

    routes['/v1/models'] = (res) => sendJson(res, list);
    clock.t += HOUR / 2;
    await call('models.refresh', {});
    expect(server.hits.length).toBe(1);
    await call('models.refresh', { force: true });
    expect(server.hits.length).toBe(2);
    clock.t += HOUR + 1;
    await call('models.refresh', {});
    expect(server.hits.length).toBe(3);
  });

  it('turning refresh off goes back to the snapshot without forgetting the URLs', async () => {
    const { call, server, routes } = await setup();
    routes['/v1/models'] = (res) => sendJson(res, list);
    await call('models.setSettings', { refreshEnabled: true, modelsDevUrl: '', listUrl: `${server.url}/v1/models` });
    await call('models.refresh', {});
    expect((await call('models.resolve', { id: 'local' })).known).toBe(true);
    await call('models.setSettings', { refreshEnabled: false });
    expect(await call('models.resolve', { id: 'local' })).toMatchObject({ known: false, source: 'default', budget: 170_000 });
    expect((await call('models.getSettings', {})).listUrl).toBe(`${server.url}/v1/models`);
  });
});
