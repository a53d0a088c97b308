// The spend budget through a real wire session (relay, stages, SQLite) in front of the scripted
// providers, for each API: the first request's reported usage puts the session over its ceiling,
// so the next one is answered by the relay in the provider's non-retryable shape and never
// reaches the provider; warn forwards it and records the running total; the expected cache read
// is the previous request's prompt. Prices: the bundled catalog (claude-sonnet-4-5, gpt-5,
// gemini-2.5-pro).
import { BLOCK_STATUS } from '../providers';
import { describe, expect, it } from 'vitest';
import type { SpendBudget } from '../../../../shared/contract/runs';
import type { WireProvider } from '../providers';
import { makeRuntime } from '../../testing/fixtures';
import { startProvider, type ScriptedProvider } from '../../testing/providers';
import { wireBody } from '../../testing/wire-requests';
import type { Runtime } from '../../runtime';
import { openWireSession, type WireSession } from '../session';
import { wireRequests } from '../store';
import { closeAfterEach, PROVIDER_API as API, MODEL_ENDPOINT as ENDPOINT } from '../../testing/wire-spec';

let runtime: Runtime | null = null;
let provider: ScriptedProvider | null = null;
let session: WireSession | null = null;
closeAfterEach(() => [session, provider, runtime], () => (session = provider = runtime = null));


async function open(p: WireProvider, spendBudget: SpendBudget): Promise<void> {
  runtime = makeRuntime();
  // 1,000,000 cache-write tokens: $3.75 (sonnet), $1.25 (gpt-5, input), $2.50 (gemini-2.5-pro, its tier above 200,000).
  provider = await startProvider(API[p], { script: { turns: [{ reply: { text: 'Done.', usage: { input: 1_000, cacheWrite: 1_000_000, output: 10 } } }] } });
  session = await openWireSession(runtime.deps, { kind: 'wrap', agent: 'test', repo: null, runId: null, upstreams: { [p]: provider.url }, enforce: { spendBudget } });
}

async function send(p: WireProvider): Promise<{ status: number; text: string }> {
  const body = JSON.parse(wireBody(p, { turns: 2, resultChars: 400 }).toString()) as Record<string, unknown>;
  if (p === 'gemini') delete body.model;
  const res = await fetch(`${session!.relay.baseUrl(p)}${ENDPOINT[p]}`, { method: 'POST', headers: { 'content-type': 'application/json', 'x-api-key': 'k', 'anthropic-version': '2023-06-01', authorization: 'Bearer k', 'x-goog-api-key': 'k' }, body: JSON.stringify(body) });
  const text = await res.text();
  await session!.settled();
  return { status: res.status, text };
}

describe('the spend budget on the wire', () => {
  for (const p of ['anthropic', 'openai', 'gemini'] as const) {
    it(`${p}: block answers the request that would cross the ceiling itself, in the provider's shape; warn forwards it`, async () => {
      await open(p, { maxUsd: 1, policy: 'block' });
      expect((await send(p)).status).toBe(200);
      const blocked = await send(p);
      // The API's status its CLI does not retry (Anthropic's 451: claude resends a 400 six times).
      expect(blocked.status).toBe(BLOCK_STATUS[p]);
      expect(blocked.text).toMatch(/Loupe blocked this request: \$[\d.]+ at list price with this request \(spent \$[\d.]+\), over your \$1\.00 session spend ceiling/);
      // The provider saw the first request only.
      expect(provider!.turns()).toHaveLength(1);
      const [first, second] = wireRequests(runtime!.deps.db, session!.id);
      expect(first!.enforcement?.spend).toMatchObject({ verdict: 'within', spentUsd: 0, expectedCacheRead: 0 });
      const spend = second!.enforcement!.spend!;
      expect(spend).toMatchObject({ verdict: 'block', scope: 'session', unpriced: 0, exceeded: [{ ceiling: 'maxUsd', limit: 1 }] });
      expect(spend.spentUsd).toBeGreaterThan(1);
      // The same body again: the previous request's whole prompt is expected from the cache.
      expect(spend.expectedCacheRead).toBe(spend.requestTokens);
      expect(second!.usage).toBeNull();
      await session!.close();
      await provider!.close();
      await runtime!.close();

      await open(p, { maxUsd: 1, maxTokens: 500_000, policy: 'warn' });
      await send(p);
      expect((await send(p)).status).toBe(200);
      expect(provider!.turns()).toHaveLength(2);
      const warned = wireRequests(runtime!.deps.db, session!.id)[1]!.enforcement!.spend!;
      expect(warned.verdict).toBe('warn');
      expect(warned.exceeded.map((e) => e.ceiling)).toEqual(['maxUsd', 'maxTokens']);
    });
  }
});
