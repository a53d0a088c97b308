/**
 * List-price math (issue 36): what a request cost at the catalog's published
 * prices, from the tokens the provider reported. Pure: the catalog lookup and
 * the records live in main. A price is "list price" (a subscription or a
 * negotiated rate is not a bill); a model the catalog has no price for is
 * "price unknown", never $0.
 */

/** A tier: above `size` input tokens (cache reads and writes included) the whole request is priced here. */
export interface PriceTier {
  size: number;
  input: number;
  output: number;
  cacheRead?: number;
  cacheWrite?: number;
}

/** A model's list price, USD per million tokens (models.dev `cost`). */
export interface ModelPrice {
  input: number;
  output: number;
  /** Absent: not published; cache reads are then priced as input (no discount assumed). */
  cacheRead?: number;
  /** Absent: not published; cache writes are then priced as input. */
  cacheWrite?: number;
  /** Ascending by size. */
  tiers?: PriceTier[];
}

/**
 * Anthropic's price of a 1-hour cache write: twice the base input price (the 5-minute write is
 * 1.25x, which models.dev publishes as `cache_write`; the 1-hour one it does not publish).
 */
export const ONE_HOUR_WRITE = 2;

/** The price (USD per million) of a cache write at `row`: a 1-hour write at ONE_HOUR_WRITE × input, else the published write price (or input when none is published). */
export const writePrice = (row: Omit<PriceTier, 'size'>, oneHour = false): number => (oneHour ? row.input * ONE_HOUR_WRITE : (row.cacheWrite ?? row.input));

/** One request's tokens, each billed once: the four parts are disjoint. */
export interface BillableTokens {
  /** Input tokens neither read from nor written to the cache. */
  input: number;
  cacheWrite: number;
  /** Of `cacheWrite`, the tokens written to a 1-hour cache (priced at ONE_HOUR_WRITE × input); absent: none. */
  cacheWrite1h?: number;
  cacheRead: number;
  output: number;
}

/** The providers whose counting rules Loupe knows. */
export type PricedProvider = 'anthropic' | 'openai' | 'gemini';

export const LIST_PRICE = 'list price';
export const PRICE_UNKNOWN = 'price unknown';

export type RequestPrice =
  | {
      kind: 'priced';
      /** The request at list price. */
      usd: number;
      /** Per part, USD. */
      parts: BillableTokens;
      /** The tier the whole request was priced at (its size), or null for the base price. */
      tier: number | null;
      /** The same request with no cache: every input token at the input price (same tier). */
      noCacheUsd: number;
    }
  | { kind: 'unknown'; reason: string };

const nz = (v: number | null | undefined): number => (typeof v === 'number' && Number.isFinite(v) && v > 0 ? v : 0);

/**
 * The disjoint parts of a provider's own usage report, by its counting rule:
 * Anthropic reports cache reads and writes apart from `input_tokens`; OpenAI's
 * `input_tokens` includes `cached_tokens`; Gemini's `cachedContentTokenCount`
 * is part of `promptTokenCount`.
 */
export function billableFromProvider(
  provider: PricedProvider,
  raw: { input?: number | null; cacheRead?: number | null; cacheWrite?: number | null; cacheWrite1h?: number | null; output?: number | null },
): BillableTokens {
  const cacheRead = nz(raw.cacheRead);
  const cacheWrite = nz(raw.cacheWrite);
  const input = provider === 'anthropic' ? nz(raw.input) : Math.max(0, nz(raw.input) - cacheRead - cacheWrite);
  return { input, cacheWrite, ...oneHour(Math.min(cacheWrite, nz(raw.cacheWrite1h))), cacheRead, output: nz(raw.output) };
}

const oneHour = (n: number) => (n > 0 ? { cacheWrite1h: n } : {});

/**
 * The disjoint parts of a usage whose `input` already counts every input token, cache reads and
 * writes included (the wire's WireUsage); `cacheTtl` "1h": the request asked for a 1-hour cache,
 * so its writes are 1-hour writes.
 */
export function billableFromTotalInput(u: { input: number | null; cacheRead: number | null; cacheWrite: number | null; output: number | null }, cacheTtl?: '1h' | null): BillableTokens {
  const cacheRead = nz(u.cacheRead);
  const cacheWrite = nz(u.cacheWrite);
  return { input: Math.max(0, nz(u.input) - cacheRead - cacheWrite), cacheWrite, ...(cacheTtl === '1h' ? oneHour(cacheWrite) : {}), cacheRead, output: nz(u.output) };
}

/** Every input token of the request: what a tier's size is compared with. */
export const promptTokens = (t: BillableTokens): number => t.input + t.cacheRead + t.cacheWrite;

/** The price row that applies to a request of `prompt` input tokens: the highest tier it is above, else the base. */
export function rowFor(price: ModelPrice, prompt: number): { row: Omit<PriceTier, 'size'>; tier: number | null } {
  let hit: PriceTier | null = null;
  for (const t of price.tiers ?? []) if (prompt > t.size && (!hit || t.size > hit.size)) hit = t;
  return hit ? { row: hit, tier: hit.size } : { row: price, tier: null };
}

/** One request at list price: each part times its price, the whole request at its tier when it crosses one. */
export function priceRequest(tokens: BillableTokens, price: ModelPrice | null | undefined): RequestPrice {
  if (!price) return { kind: 'unknown', reason: 'the catalog has no price for this model' };
  const { row, tier } = rowFor(price, promptTokens(tokens));
  const per = (n: number, usdPerMillion: number) => (n * usdPerMillion) / 1_000_000;
  const parts: BillableTokens = {
    input: per(tokens.input, row.input),
    // 1-hour writes at twice the input price, the rest at the (5-minute) write price.
    cacheWrite: per(tokens.cacheWrite - (tokens.cacheWrite1h ?? 0), writePrice(row)) + per(tokens.cacheWrite1h ?? 0, writePrice(row, true)),
    cacheRead: per(tokens.cacheRead, row.cacheRead ?? row.input),
    output: per(tokens.output, row.output),
  };
  const usd = parts.input + parts.cacheWrite + parts.cacheRead + parts.output;
  const noCacheUsd = per(promptTokens(tokens), row.input) + parts.output;
  return { kind: 'priced', usd, parts, tier, noCacheUsd };
}

/** What a set of requests cost: priced ones summed, unknown ones counted apart (never as $0). */
export interface CostTotals {
  requests: number;
  priced: number;
  unknown: number;
  /** Models with no price, for the "price unknown" note. */
  unknownModels: string[];
  usd: number;
  noCacheUsd: number;
  tokens: BillableTokens;
  /** What the CLI itself reported it cost, where it did (Claude's total_cost_usd), summed; null when none did. */
  cliUsd: number | null;
}

export const emptyTotals = (): CostTotals => ({
  requests: 0,
  priced: 0,
  unknown: 0,
  unknownModels: [],
  usd: 0,
  noCacheUsd: 0,
  tokens: { input: 0, cacheWrite: 0, cacheRead: 0, output: 0 },
  cliUsd: null,
});

/** Adds one request to totals (mutates and returns `into`). */
export function addRequest(into: CostTotals, tokens: BillableTokens, price: RequestPrice, model: string | null): CostTotals {
  into.requests += 1;
  into.tokens.input += tokens.input;
  into.tokens.cacheWrite += tokens.cacheWrite;
  into.tokens.cacheRead += tokens.cacheRead;
  into.tokens.output += tokens.output;
  if (price.kind === 'priced') {
    into.priced += 1;
    into.usd += price.usd;
    into.noCacheUsd += price.noCacheUsd;
  } else {
    into.unknown += 1;
    const name = model ?? '(no model named)';
    if (!into.unknownModels.includes(name)) into.unknownModels.push(name);
  }
  return into;
}

/** Adds totals to totals (mutates and returns `into`). */
export function addTotals(into: CostTotals, t: CostTotals): CostTotals {
  into.requests += t.requests;
  into.priced += t.priced;
  into.unknown += t.unknown;
  for (const m of t.unknownModels) if (!into.unknownModels.includes(m)) into.unknownModels.push(m);
  into.usd += t.usd;
  into.noCacheUsd += t.noCacheUsd;
  for (const k of ['input', 'cacheWrite', 'cacheRead', 'output'] as const) into.tokens[k] += t.tokens[k];
  if (t.cliUsd !== null) into.cliUsd = (into.cliUsd ?? 0) + t.cliUsd;
  return into;
}

/** The share of input tokens read from the cache (0..1), or null with no input. */
export function cacheReadShare(t: BillableTokens): number | null {
  const all = promptTokens(t);
  return all > 0 ? t.cacheRead / all : null;
}

/** US dollars as people read them: cents from ten cents up (and any whole-cent amount), three or four places below. */
export function formatUsd(usd: number): string {
  const abs = Math.abs(usd);
  const cents = Math.abs(Math.round(abs * 100) - abs * 100) < 1e-9;
  const digits = abs >= 0.1 || cents ? 2 : abs >= 0.01 ? 3 : 4;
  return `${usd < 0 ? '-' : ''}$${abs.toLocaleString('en-US', { minimumFractionDigits: digits, maximumFractionDigits: digits })}`;
}

/** A request's price in words: "$0.0123 list price", or "price unknown". */
export function priceText(price: RequestPrice): string {
  return price.kind === 'priced' ? `${formatUsd(price.usd)} ${LIST_PRICE}${price.tier !== null ? ` (above ${price.tier.toLocaleString('en-US')} tokens: tier price)` : ''}` : PRICE_UNKNOWN;
}

/** Totals in words: "$9.53 list price", with the unknown requests said apart. */
export function totalsText(t: CostTotals): string {
  if (t.requests === 0) return 'no requests';
  if (t.priced === 0) return `${PRICE_UNKNOWN} (${t.unknownModels.join(', ')})`;
  const unknown = t.unknown ? ` + ${t.unknown} request${t.unknown === 1 ? '' : 's'} ${PRICE_UNKNOWN} (${t.unknownModels.join(', ')})` : '';
  return `${formatUsd(t.usd)} ${LIST_PRICE}${unknown}`;
}
