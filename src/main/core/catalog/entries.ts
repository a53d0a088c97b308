/**
 * Model entries as Loupe keeps them, and the parsers for the two refresh
 * sources: a models.dev api.json and an OpenAI-style /v1/models list.
 */
import type { ModelPrice, PriceTier } from '../../../shared/cost/price';
import { isValidWindow } from '../../../shared/fold';
// The snapshot as text, parsed on first use: bundled as a 220 KB object literal, V8 built
// every model's object while the chunk loaded (~16 ms of each `loupe` command that loads
// the catalog, twice JSON.parse's time), whether or not a model was ever looked up.
import snapshotText from '../../../../resources/models/catalog.json?raw';

/** One model from models.dev (the bundled snapshot or a refreshed api.json). */
export interface CatalogEntry {
  provider: string;
  /** The provider's own model id, e.g. `gpt-5`; the catalog id is `provider/id`. */
  id: string;
  name: string;
  /** Published context window; null when none or not a finite positive integer. */
  context: number | null;
  input: number | null;
  output: number | null;
  /** List price (USD per million tokens); absent when the catalog publishes none. */
  cost?: ModelPrice;
}

/** One model from an OpenAI-style list: its id and, when published, its window. */
export interface ListEntry {
  id: string;
  name: string | null;
  context: number | null;
}

/** Guards against a pathological document: more models than any real catalog has. */
const MAX_MODELS = 50_000;
const MAX_TEXT = 512;

const limit = (value: unknown): number | null => (isValidWindow(value) ? value : null);
const text = (value: unknown): string | null =>
  typeof value === 'string' && value.length > 0 && value.length <= MAX_TEXT ? value : null;
const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

const usd = (v: unknown): number | undefined => (typeof v === 'number' && Number.isFinite(v) && v > 0 && v < 1e6 ? v : undefined);

/** The prices of one row, read under either spelling (the snapshot's cacheRead, models.dev's cache_read). */
function priceRow(v: Record<string, unknown>): Omit<PriceTier, 'size'> | null {
  const input = usd(v.input);
  const output = usd(v.output);
  if (input === undefined || output === undefined) return null;
  const cacheRead = usd(v.cacheRead ?? v.cache_read);
  const cacheWrite = usd(v.cacheWrite ?? v.cache_write);
  return { input, output, ...(cacheRead !== undefined ? { cacheRead } : {}), ...(cacheWrite !== undefined ? { cacheWrite } : {}) };
}

/**
 * A list price from the snapshot's `cost` or a models.dev `cost`: input and
 * output both published (else none), cache prices where given, tiers sorted.
 */
export function parseCost(value: unknown): ModelPrice | undefined {
  if (!isRecord(value)) return undefined;
  const base = priceRow(value);
  if (!base) return undefined;
  const tiers: PriceTier[] = [];
  for (const t of Array.isArray(value.tiers) ? value.tiers : []) {
    if (!isRecord(t)) continue;
    const size = isRecord(t.tier) ? t.tier.size : t.size;
    const row = priceRow(t);
    if (row && isValidWindow(size)) tiers.push({ size, ...row });
  }
  tiers.sort((a, b) => a.size - b.size);
  return tiers.length ? { ...base, tiers } : base;
}

const withCost = (cost: ModelPrice | undefined) => (cost ? { cost } : {});

let snapshotFile: { source: string; models: Record<string, unknown>[] } | undefined;

/** The snapshot bundled with this build (resources/models/catalog.json). */
export function snapshotEntries(): { source: string; entries: CatalogEntry[] } {
  snapshotFile ??= JSON.parse(snapshotText) as { source: string; models: Record<string, unknown>[] };
  const file = snapshotFile;
  return {
    source: file.source,
    entries: file.models.map((m) => ({
      provider: String(m.provider),
      id: String(m.id),
      name: String(m.name),
      context: limit(m.context),
      input: limit(m.input),
      output: limit(m.output),
      ...withCost(parseCost(m.cost)),
    })),
  };
}

/**
 * Reads a models.dev api.json: `{ [provider]: { id?, models: { [id]: { id?, name?, limit: { context, input?, output } } } } }`.
 * Malformed providers and models are skipped; a window that is not a finite
 * positive integer is recorded as null (the default applies, labelled so).
 * Throws when the document has no models at all.
 */
export function parseModelsDev(doc: unknown): CatalogEntry[] {
  if (!isRecord(doc)) throw new Error('The models.dev answer is not a JSON object of providers.');
  const entries: CatalogEntry[] = [];
  for (const [providerKey, provider] of Object.entries(doc)) {
    if (!isRecord(provider) || !isRecord(provider.models)) continue;
    const providerId = text(provider.id) ?? text(providerKey);
    if (!providerId) continue;
    for (const [modelKey, model] of Object.entries(provider.models)) {
      if (!isRecord(model)) continue;
      const id = text(model.id) ?? text(modelKey);
      if (!id) continue;
      const lim = isRecord(model.limit) ? model.limit : {};
      entries.push({
        provider: providerId,
        id,
        name: text(model.name) ?? id,
        context: limit(lim.context),
        input: limit(lim.input),
        output: limit(lim.output),
        ...withCost(parseCost(model.cost)),
      });
      if (entries.length > MAX_MODELS) throw new Error(`The models.dev answer lists more than ${MAX_MODELS} models.`);
    }
  }
  if (entries.length === 0) throw new Error('The models.dev answer lists no models.');
  return entries;
}

/**
 * Reads an OpenAI-style model list (`{ data: [{ id, ... }] }` or a bare array).
 * The window is `context_window`, else `context_length` (an alias some servers
 * use); `max_tokens` is the output cap and is never taken as a window.
 * Throws when the document has no model entries.
 */
export function parseModelList(doc: unknown): ListEntry[] {
  const items = Array.isArray(doc) ? doc : isRecord(doc) && Array.isArray(doc.data) ? doc.data : null;
  if (!items) throw new Error('The model list is not { "data": [...] } or an array.');
  if (items.length > MAX_MODELS) throw new Error(`The model list has more than ${MAX_MODELS} models.`);
  const entries: ListEntry[] = [];
  for (const item of items) {
    if (!isRecord(item)) continue;
    const id = text(item.id);
    if (!id) continue;
    entries.push({ id, name: text(item.name), context: limit(item.context_window) ?? limit(item.context_length) });
  }
  if (entries.length === 0) throw new Error('The model list has no entries with an id.');
  return entries;
}
