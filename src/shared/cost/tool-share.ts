/**
 * What a request's tool definitions cost (issue 37), priced as that request
 * was. The attribution rule: a request's input is read in the order the
 * provider caches its prefix (Anthropic: tools, system, messages; OpenAI and
 * Gemini: system, tools, messages, as cache-miss.ts orders them); the
 * provider's reported cache read covers the first tokens, its cache write the
 * next, and fresh input the rest. Each definition's tokens take their place
 * in that order, after `start` tokens (the system blocks' where they come
 * first), and are priced at the part they fall in, at the tier of the whole
 * request; what lies beyond the reported input is not priced. The caller
 * gives tokens in the provider's units (tool-usage.ts scales Loupe's count of
 * each part by the reported input over Loupe's count of the whole request).
 * A definition sent deferred (`defer_loading`, Anthropic's tool search) is
 * not at the top: the API loads it where a tool_reference names it, inside
 * the conversation, so it is priced at the request's average input price.
 */
import { promptTokens, rowFor, writePrice, type BillableTokens, type ModelPrice, type PriceTier } from './price';

/** A cache-write token's price at `row` (USD per million): the 1-hour writes' and the others' averaged over the request's writes. */
function writeRate(row: Omit<PriceTier, 'size'>, tokens: BillableTokens): number {
  const hour = Math.min(tokens.cacheWrite, tokens.cacheWrite1h ?? 0);
  return tokens.cacheWrite > 0 ? ((tokens.cacheWrite - hour) * writePrice(row) + hour * writePrice(row, true)) / tokens.cacheWrite : writePrice(row);
}

/** The list price (USD) of each definition, in the order given (the order sent). */
export function toolDefinitionPrices(tools: readonly { tokens: number }[], tokens: BillableTokens, price: ModelPrice, start = 0): number[] {
  const prompt = promptTokens(tokens);
  const { row } = rowFor(price, prompt);
  // The prompt's parts in order: [0, read) cache read, [read, read+write) cache write, then fresh input.
  const parts = [
    { end: tokens.cacheRead, rate: row.cacheRead ?? row.input },
    { end: tokens.cacheRead + tokens.cacheWrite, rate: writeRate(row, tokens) },
    { end: prompt, rate: row.input },
  ];
  let at = Math.max(0, start);
  return tools.map((t) => {
    const from = at;
    const to = at + Math.max(0, t.tokens);
    at = to;
    let usd = 0;
    let start = 0;
    for (const p of parts) {
      const overlap = Math.max(0, Math.min(to, p.end) - Math.max(from, start));
      usd += (overlap * p.rate) / 1_000_000;
      start = p.end;
    }
    return usd;
  });
}

/** A deferred definition's list price (USD): its tokens at the request's average input price per token (its input's cost ÷ its input tokens). */
export function deferredDefinitionPrice(definitionTokens: number, tokens: BillableTokens, price: ModelPrice): number {
  const prompt = promptTokens(tokens);
  if (prompt <= 0) return 0;
  const { row } = rowFor(price, prompt);
  const inputUsd = (tokens.cacheRead * (row.cacheRead ?? row.input) + tokens.cacheWrite * writeRate(row, tokens) + tokens.input * row.input) / 1_000_000;
  return (Math.min(Math.max(0, definitionTokens), prompt) * inputUsd) / prompt;
}
