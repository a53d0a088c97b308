/**
 * The spend budget on the wire (loop.spendBudget, issue 36): before a model
 * request is forwarded, the session's (a wrap's) or run's running total, at
 * list price and in reported tokens, plus this request priced from Loupe's
 * count of exactly the bytes to be forwarded: the part the previous request
 * tells will be read from the cache at the cache-read price, the rest at the
 * price it will be written or sent at; its output is not known yet and counts
 * nothing. Over a `block` ceiling the relay answers the request itself in the
 * provider's non-retryable error shape (as the request budget does) and
 * nothing is billed; over `warn` it is forwarded and the facts recorded.
 */
import type { SpendBudget } from '../../../../shared/contract/runs';
import type { WireSpendFacts } from '../../../../shared/contract/wire';
import { billableFromTotalInput, priceRequest, type ModelPrice } from '../../../../shared/cost/price';
import { spendBlockMessage } from '../../../../shared/wire/enforcement-text';
import { bundledPrice } from '../../catalog/price';
import type { CoreDeps } from '../../deps';
import { countTexts } from '../analyse';
import { recordedBefore, scopeUsage } from '../store';
import { BLOCK_STATUS } from '../providers';
import type { WireStage } from './chain';

/** Where the running total is kept: the wire session, or (a run's step) the whole run. */
export interface SpendScope {
  sessionId: string;
  runId: string | null;
}

/** How long a request waits for the records of the requests before it (written when their responses end). */
const SETTLE_MS = 3000;

async function settled(deps: Pick<CoreDeps, 'db'>, sessionId: string, seq: number): Promise<void> {
  const until = Date.now() + SETTLE_MS;
  while (recordedBefore(deps.db, sessionId, seq) < seq - 1 && Date.now() < until) await new Promise((r) => setTimeout(r, 10));
}

/** The spend stage for one wire session; requests that are not model requests pass unmeasured. */
export function spendStage(deps: Pick<CoreDeps, 'db' | 'tokens'>, budget: SpendBudget, scope: SpendScope, price: (model: string | null) => ModelPrice | null = bundledPrice): WireStage {
  return async (exchange) => {
    const { request } = exchange;
    const parsed = exchange.outgoing();
    if (!parsed) return;
    await settled(deps, scope.sessionId, request.seq);
    const rows = scopeUsage(deps.db, scope.runId ? { runId: scope.runId } : { sessionId: scope.sessionId });
    let spentUsd = 0;
    let spentTokens = 0;
    let unpriced = 0;
    for (const r of rows) {
      const t = billableFromTotalInput(r.usage, r.cacheTtl);
      spentTokens += t.input + t.cacheRead + t.cacheWrite + t.output;
      const p = priceRequest(t, price(r.model));
      if (p.kind === 'priced') spentUsd += p.usd;
      else unpriced += 1;
    }
    const texts = [...parsed.system.map((s) => s.text), ...parsed.tools.map((t) => t.json), ...parsed.segmentTexts];
    const { counts } = await countTexts(deps, parsed.model, texts);
    const requestTokens = counts.reduce((n, c) => n + c.tokens, 0);
    // The previous request of this session tells how much of the prefix the provider holds in its cache.
    const previous = rows.filter((r) => r.sessionId === scope.sessionId).at(-1);
    const prevPrompt = previous ? billableFromTotalInput(previous.usage) : null;
    const expectedCacheRead = prevPrompt ? Math.min(requestTokens, prevPrompt.input + prevPrompt.cacheRead + prevPrompt.cacheWrite) : 0;
    const rest = requestTokens - expectedCacheRead;
    // Where the CLI writes to the cache (the previous request did), the new part is billed as a write.
    const writes = (prevPrompt?.cacheWrite ?? 0) > 0;
    // Written to a 1-hour cache when this request asks for one (twice the input price, not 1.25x).
    const write = writes ? { cacheWrite: rest, ...(parsed.cacheTtl === '1h' ? { cacheWrite1h: rest } : {}) } : { cacheWrite: 0 };
    const priced = priceRequest({ input: writes ? 0 : rest, ...write, cacheRead: expectedCacheRead, output: 0 }, price(parsed.model));
    const requestUsd = priced.kind === 'priced' ? priced.usd : null;
    const exceeded: WireSpendFacts['exceeded'] = [];
    if (budget.maxUsd !== undefined && requestUsd !== null && spentUsd + requestUsd > budget.maxUsd) exceeded.push({ ceiling: 'maxUsd', limit: budget.maxUsd, would: spentUsd + requestUsd });
    if (budget.maxTokens !== undefined && spentTokens + requestTokens > budget.maxTokens) exceeded.push({ ceiling: 'maxTokens', limit: budget.maxTokens, would: spentTokens + requestTokens });
    const verdict: WireSpendFacts['verdict'] = exceeded.length === 0 ? 'within' : budget.policy;
    const facts: WireSpendFacts = { policy: budget.policy, scope: scope.runId ? 'run' : 'session', spentUsd, spentTokens, requestTokens, expectedCacheRead, requestUsd, unpriced, exceeded, verdict };
    exchange.spend = facts;
    if (verdict === 'block') return { kind: 'answer', status: BLOCK_STATUS[request.provider], message: spendBlockMessage(facts) };
  };
}
