/**
 * The merged model catalog: models.dev data (the bundled snapshot, overlaid by
 * a refreshed api.json) plus an OpenAI-style list. Pure functions over entries.
 *
 * Merge rules (issue 4): where the list and models.dev disagree about a model
 * the list wins; models.dev fills what the list leaves out (name, limits, and
 * the window when the list publishes none). A window counts only when it is a
 * finite positive integer; otherwise the 200,000 default applies, with source
 * 'default', never presented as the model's own.
 */
import type { ModelInfo, WindowSource } from '../../../shared/contract/models';
import type { ModelPrice } from '../../../shared/cost/price';
import { DEFAULT_WINDOW_TOKENS, foldBudgetTokens, isValidWindow, reserveTokens } from '../../../shared/fold';
import { matchesWords, queryWords } from '../../../shared/model-search';
import type { CatalogEntry, ListEntry } from './entries';
import { FIRST_PARTY, makerOf } from './makers';

/** One model as the catalog holds it, before the default is applied. */
export interface CatalogRecord {
  /** `provider/model` for models.dev entries; the list's own id for list entries. */
  key: string;
  /** The bare model id (`gpt-5` for `openai/gpt-5`). */
  modelId: string;
  provider: string;
  name: string;
  context: number | null;
  input: number | null;
  output: number | null;
  /** List price, when the catalog publishes one (a list entry takes its models.dev twin's). */
  cost?: ModelPrice;
  /** Which data the published window came from. */
  from: 'snapshot' | 'refresh';
  /** True when the record came from the /v1/models list (it wins bare-id lookups). */
  listed: boolean;
}

export interface Catalog {
  records: CatalogRecord[];
  byKey: Map<string, CatalogRecord>;
  byModelId: Map<string, CatalogRecord[]>;
  /** The same, keyed by lowercase id: lookups ignore case (resolve.ts). */
  byKeyLower: Map<string, CatalogRecord>;
  byModelIdLower: Map<string, CatalogRecord[]>;
  /** Records of each provider, keyed by lowercase provider id. */
  byProvider: Map<string, CatalogRecord[]>;
}

export interface CatalogSources {
  snapshot: CatalogEntry[];
  /** A refreshed models.dev api.json, when one was fetched. */
  modelsDev?: CatalogEntry[] | null;
  /** A fetched /v1/models list and the label (host) its models are shown under. */
  list?: { entries: ListEntry[]; provider: string } | null;
}

const fromEntry = (e: CatalogEntry, from: 'snapshot' | 'refresh'): CatalogRecord => ({
  key: `${e.provider}/${e.id}`,
  modelId: e.id,
  provider: e.provider,
  name: e.name,
  context: e.context,
  input: e.input,
  output: e.output,
  ...(e.cost ? { cost: e.cost } : {}),
  from,
  listed: false,
});

const push = <K, V>(map: Map<K, V[]>, key: K, value: V) => {
  const list = map.get(key);
  if (list) list.push(value);
  else map.set(key, [value]);
};

function index(records: CatalogRecord[]): Catalog {
  const byKey = new Map<string, CatalogRecord>();
  const byModelId = new Map<string, CatalogRecord[]>();
  const byKeyLower = new Map<string, CatalogRecord>();
  const byModelIdLower = new Map<string, CatalogRecord[]>();
  const byProvider = new Map<string, CatalogRecord[]>();
  for (const r of records) {
    byKey.set(r.key, r);
    // The first of two ids differing only in case keeps the lowercase slot (records are sorted, listed first).
    if (!byKeyLower.has(r.key.toLowerCase())) byKeyLower.set(r.key.toLowerCase(), r);
    push(byModelId, r.modelId, r);
    push(byModelIdLower, r.modelId.toLowerCase(), r);
    push(byProvider, r.provider.toLowerCase(), r);
  }
  return { records, byKey, byModelId, byKeyLower, byModelIdLower, byProvider };
}

/** The models.dev entry a list item is the same model as: the maker's, a first-party one, else the smallest window. */
function preferred(candidates: CatalogRecord[]): CatalogRecord | undefined {
  const listed = candidates.find((c) => c.listed);
  if (listed) return listed;
  const maker = candidates[0] ? makerOf(candidates[0].modelId) : null;
  for (const provider of maker ? [maker, ...FIRST_PARTY] : FIRST_PARTY) {
    const hit = candidates.find((c) => c.provider === provider);
    if (hit) return hit;
  }
  return [...candidates].sort(
    (a, b) => (a.context ?? Number.MAX_SAFE_INTEGER) - (b.context ?? Number.MAX_SAFE_INTEGER) || (a.key < b.key ? -1 : 1),
  )[0];
}

/** Builds the catalog from the snapshot, a refreshed models.dev document and a list (each optional but the first). */
export function buildCatalog(sources: CatalogSources): Catalog {
  const merged = new Map<string, CatalogRecord>();
  for (const e of sources.snapshot) merged.set(`${e.provider}/${e.id}`, fromEntry(e, 'snapshot'));
  // A refreshed api.json replaces the snapshot entry by entry; what it lacks the snapshot fills.
  for (const e of sources.modelsDev ?? []) {
    const old = merged.get(`${e.provider}/${e.id}`);
    const next = fromEntry(e, 'refresh');
    if (old && next.context === null && old.context !== null) {
      next.context = old.context;
      next.from = old.from;
    }
    next.input ??= old?.input ?? null;
    next.output ??= old?.output ?? null;
    if (!next.cost && old?.cost) next.cost = old.cost;
    merged.set(next.key, next);
  }
  const base = index([...merged.values()]);
  for (const item of sources.list?.entries ?? []) {
    const twin = base.byKey.get(item.id) ?? preferred(base.byModelId.get(item.id) ?? []);
    const record: CatalogRecord = {
      key: item.id,
      modelId: item.id.includes('/') ? item.id.slice(item.id.lastIndexOf('/') + 1) : item.id,
      provider: sources.list!.provider,
      name: item.name ?? twin?.name ?? item.id,
      context: item.context ?? twin?.context ?? null,
      input: twin?.input ?? null,
      output: twin?.output ?? null,
      ...(twin?.cost ? { cost: twin.cost } : {}),
      from: item.context !== null ? 'refresh' : (twin?.from ?? 'refresh'),
      listed: true,
    };
    merged.set(record.key, record);
  }
  // The user's own list comes first: those are the models their endpoint serves.
  const records = [...merged.values()].sort((a, b) => Number(b.listed) - Number(a.listed) || (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
  return index(records);
}

/** The numbers Loupe computes with for a record (or for an unknown id). */
export function toModelInfo(record: CatalogRecord): ModelInfo {
  const valid = isValidWindow(record.context);
  const window = valid ? record.context! : DEFAULT_WINDOW_TOKENS;
  const source: WindowSource = valid ? record.from : 'default';
  return {
    id: record.key,
    provider: record.provider,
    name: record.name,
    window,
    source,
    publishedWindow: valid ? record.context : null,
    input: record.input,
    output: record.output,
    reserve: reserveTokens(window),
    budget: foldBudgetTokens(window),
  };
}

/** Records matching every whitespace-separated word of `query` in id, name or provider (case-insensitive). */
export function searchCatalog(catalog: Catalog, query: string | undefined): CatalogRecord[] {
  const words = queryWords(query);
  if (words.length === 0) return catalog.records;
  return catalog.records.filter((r) => matchesWords([r.key, r.name, r.provider], words));
}
