/**
 * A model's list price (issue 36): the catalog entry the model id resolves to
 * (the same rules as its window), and that entry's published `cost`. No entry,
 * an ambiguous id or an entry without a price: null, which is shown as
 * "price unknown", never as $0.
 */
import type { ModelPrice } from '../../../shared/cost/price';
import { buildCatalog, type Catalog } from './catalog';
import { snapshotEntries } from './entries';
import { resolveModel } from './resolve';

export interface PricedModel {
  /** The catalog entry priced (`anthropic/claude-opus-4-6`). */
  key: string;
  price: ModelPrice;
}

export function priceOf(catalog: Catalog, id: string | null): PricedModel | null {
  if (!id?.trim()) return null;
  try {
    const m = resolveModel(catalog, id);
    if (!m.known) return null;
    const record = catalog.byKey.get(m.id);
    return record?.cost ? { key: record.key, price: record.cost } : null;
  } catch {
    return null;
  }
}

let bundled: Catalog | null = null;
/**
 * The list price in the catalog this build bundles: for code that has no
 * runtime catalog at hand (the wire's spend stage, a run's evidence). A
 * refreshed catalog can price a model the bundled one does not.
 */
export function bundledPrice(model: string | null): ModelPrice | null {
  bundled ??= buildCatalog({ snapshot: snapshotEntries().entries });
  return priceOf(bundled, model)?.price ?? null;
}
