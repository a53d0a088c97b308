/**
 * A wire session's money (issue 36): each reported request at list price, the
 * session's total, and why its cache missed where the cache read fell.
 */
import type { WireSessionCosts } from '../../../shared/contract/wire-methods';
import type { WireRequestRecord, WireRunSummary } from '../../../shared/contract/wire';
import { cacheMisses } from '../../../shared/cost/cache-miss';
import { addRequest, billableFromTotalInput, emptyTotals, priceRequest, type CostTotals, type ModelPrice } from '../../../shared/cost/price';
import { bundledPrice } from '../catalog/price';
import type { Db } from '../store/store';
import { scopeUsage } from '../wire/store';

export function wireSessionCosts(records: readonly WireRequestRecord[], price: (model: string | null) => ModelPrice | null): WireSessionCosts {
  const total = emptyTotals();
  const requests: WireSessionCosts['requests'] = [];
  const model = records.filter((r) => r.api !== null);
  for (const r of model) {
    if (!r.usage) continue;
    const tokens = billableFromTotalInput(r.usage, r.cacheTtl);
    const priced = priceRequest(tokens, price(r.model));
    addRequest(total, tokens, priced, r.model);
    requests.push({ seq: r.seq, tokens, price: priced });
  }
  return { requests, total, misses: cacheMisses(model, price) };
}

/** A run's wire summary with each step's reported requests at list price (the bundled catalog's). */
export function withListPrices(db: Db, summary: WireRunSummary, runId: string, price: (model: string | null) => ModelPrice | null = bundledPrice): WireRunSummary {
  const byStep = new Map<string | null, CostTotals>();
  for (const r of scopeUsage(db, { runId })) {
    const tokens = billableFromTotalInput(r.usage, r.cacheTtl);
    const totals = byStep.get(r.stepId) ?? emptyTotals();
    addRequest(totals, tokens, priceRequest(tokens, price(r.model)), r.model);
    byStep.set(r.stepId, totals);
  }
  return { ...summary, steps: summary.steps.map((s) => (byStep.has(s.stepId) ? { ...s, listPrice: byStep.get(s.stepId)! } : s)) };
}
