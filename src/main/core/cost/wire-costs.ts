/**
 * A wire session's money (issue 36): each reported request at list price, the
 * session's total, and why its cache missed where the cache read fell.
 */
import type { WireSessionCosts } from '../../../shared/contract/wire-methods';
import type { WireRequestRecord } from '../../../shared/contract/wire';
import { cacheMisses } from '../../../shared/cost/cache-miss';
import { addRequest, billableFromTotalInput, emptyTotals, priceRequest, type ModelPrice } from '../../../shared/cost/price';

export function wireSessionCosts(records: readonly WireRequestRecord[], price: (model: string | null) => ModelPrice | null): WireSessionCosts {
  const total = emptyTotals();
  const requests: WireSessionCosts['requests'] = [];
  const model = records.filter((r) => r.api !== null);
  for (const r of model) {
    if (!r.usage) continue;
    const tokens = billableFromTotalInput(r.usage);
    const priced = priceRequest(tokens, price(r.model));
    addRequest(total, tokens, priced, r.model);
    requests.push({ seq: r.seq, tokens, price: priced });
  }
  return { requests, total, misses: cacheMisses(model, price) };
}
