/**
 * The request budget on the wire (loop.requestBudget): each model request is
 * measured on exactly the bytes the relay would forward (after evictions), in
 * bytes and in the best count for its model, the same count its record gets
 * (exact where the tokenizer is public, else the calibrated estimate). Over a
 * `block` ceiling the relay answers the request itself, in the provider's
 * error shape, and nothing reaches the provider; over a `warn` ceiling it is
 * forwarded and the excess is recorded.
 */
import type { RequestBudget } from '../../../../shared/contract/runs';
import type { RequestExceeded, WireBudgetFacts } from '../../../../shared/contract/wire';
import { blockMessage } from '../../../../shared/wire/enforcement-text';
import type { CoreDeps } from '../../deps';
import { countTexts } from '../analyse';
import { countsWithImages } from '../image-count';
import { BLOCK_STATUS } from '../providers';
import type { WireStage } from './chain';

function over(ceiling: RequestExceeded['ceiling'], limit: number | undefined, actual: number): RequestExceeded[] {
  return limit !== undefined && actual > limit ? [{ ceiling, limit, actual, over: actual - limit }] : [];
}

/** The token ceiling: over when the count is, and over whenever an image could not be measured. */
function overTokens(limit: number | undefined, actual: number, unknownImages: number): RequestExceeded[] {
  if (limit === undefined) return [];
  if (unknownImages > 0) return [{ ceiling: 'maxRequestTokens', limit, actual, over: Math.max(0, actual - limit), unknownImages }];
  return over('maxRequestTokens', limit, actual);
}

/** The budget stage for one wire session; requests that are not model requests pass unmeasured. */
export function budgetStage(deps: Pick<CoreDeps, 'db' | 'tokens'>, budget: RequestBudget): WireStage {
  return async (exchange) => {
    const parsed = exchange.outgoing();
    if (!parsed) return;
    const bytes = exchange.body.length;
    let tokens: WireBudgetFacts['tokens'] = null;
    let unknownImages = 0;
    if (budget.maxRequestTokens !== undefined) {
      // The parts analyse() counts: the record's count and the ceiling's measure are the same number.
      const texts = [...parsed.system.map((s) => s.text), ...parsed.tools.map((t) => t.json), ...parsed.segmentTexts];
      const { counts: textCounts } = await countTexts(deps, parsed.model, texts);
      // Images by the provider's formula; one whose size cannot be read counts as over the ceiling, never as zero.
      const { counts, images } = countsWithImages(parsed, textCounts, parsed.system.length + parsed.tools.length);
      unknownImages = images.totals?.unknown ?? 0;
      tokens = { tokens: counts.reduce((n, c) => n + c.tokens, 0), kind: counts[0]?.kind ?? 'estimate', ...(counts[0]?.encoding ? { encoding: counts[0].encoding } : {}) };
    }
    const exceeded = [...overTokens(budget.maxRequestTokens, tokens?.tokens ?? 0, unknownImages), ...over('maxRequestBytes', budget.maxRequestBytes, bytes)];
    const verdict: WireBudgetFacts['verdict'] = exceeded.length === 0 ? 'within' : budget.policy;
    exchange.budget = { policy: budget.policy, bytes, tokens, ...(unknownImages ? { unmeasuredImages: unknownImages } : {}), exceeded, verdict };
    if (verdict === 'block') return { kind: 'answer', status: BLOCK_STATUS[exchange.request.provider], message: blockMessage(exchange.budget) };
  };
}
