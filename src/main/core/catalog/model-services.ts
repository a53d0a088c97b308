import type { Services } from '../../../shared/api';
import type { RefreshSourceKind, RefreshSourceStatus, RefreshStatus, ResolvedModel } from '../../../shared/contract/models';
import { DEFAULT_WINDOW_TOKENS } from '../../../shared/fold';
import type { CoreDeps } from '../deps';
import { buildCatalog, searchCatalog, toModelInfo, type Catalog } from './catalog';
import { parseModelList, parseModelsDev, snapshotEntries, type CatalogEntry, type ListEntry } from './entries';
import { fetchJsonCapped, type FetchLike } from './fetch-capped';
import { priceOf, type PricedModel } from './price';
import { resolveModel } from './resolve';
import { readModelSettings, writeModelSettings } from './model-settings';
import { CachedSource, REFRESH_TTL_MS, type SourceSnapshot } from './source-cache';

type ModelServices = Pick<
  Services,
  'models.list' | 'models.resolve' | 'models.getSettings' | 'models.setSettings' | 'models.refresh'
>;

export interface ModelServiceOptions {
  /** Injected in tests; the platform fetch otherwise. */
  fetch?: FetchLike;
  ttlMs?: number;
  maxBytes?: number;
  timeoutMs?: number;
}

const iso = (ms: number | null) => (ms === null ? null : new Date(ms).toISOString());

function sourceStatus<T>(kind: RefreshSourceKind, snap: SourceSnapshot<T>, count: (v: T) => number): RefreshSourceStatus {
  return {
    kind,
    url: snap.url,
    state: snap.state,
    at: iso(snap.at),
    models: snap.value === null ? null : count(snap.value),
    error: snap.error,
    freshUntil: iso(snap.freshUntil),
  };
}

/**
 * The model catalog's services. Each runtime gets one cache per refresh source
 * (models.dev api.json, /v1/models list), so results and failures are reused
 * for the TTL and at most one request per source is in flight. With refresh
 * off (the default) nothing goes online and the bundled snapshot answers.
 */
export function modelServices(
  deps: CoreDeps,
  options: ModelServiceOptions = {},
): { services: ModelServices; resolve(id: string): ResolvedModel; price(id: string | null): PricedModel | null } {
  const nowMs = () => deps.now().getTime();
  const ttl = options.ttlMs ?? REFRESH_TTL_MS;
  const fetchOptions = { fetch: options.fetch, maxBytes: options.maxBytes, timeoutMs: options.timeoutMs };
  const devSource = new CachedSource<CatalogEntry[]>(async (url) => parseModelsDev(await fetchJsonCapped(url, fetchOptions)), nowMs, ttl);
  const listSource = new CachedSource<ListEntry[]>(async (url) => parseModelList(await fetchJsonCapped(url, fetchOptions)), nowMs, ttl);
  const snapshot = snapshotEntries();

  let memo: { dev: CatalogEntry[] | null; list: ListEntry[] | null; listUrl: string; catalog: Catalog } | null = null;
  /** The catalog for the current settings and cache contents, rebuilt only when those change. */
  const catalog = (): Catalog => {
    const settings = readModelSettings(deps.db);
    const on = settings.refreshEnabled;
    const dev = on && settings.modelsDevUrl ? devSource.peek(settings.modelsDevUrl).value : null;
    const list = on && settings.listUrl ? listSource.peek(settings.listUrl).value : null;
    if (memo && memo.dev === dev && memo.list === list && memo.listUrl === settings.listUrl) return memo.catalog;
    const built = buildCatalog({
      snapshot: snapshot.entries,
      modelsDev: dev,
      list: list ? { entries: list, provider: new URL(settings.listUrl).host } : null,
    });
    memo = { dev, list, listUrl: settings.listUrl, catalog: built };
    return built;
  };

  const status = (): RefreshStatus => {
    const settings = readModelSettings(deps.db);
    return {
      enabled: settings.refreshEnabled,
      sources: [
        sourceStatus('models.dev', devSource.peek(settings.modelsDevUrl), (v) => v.length),
        sourceStatus('list', listSource.peek(settings.listUrl), (v) => v.length),
      ],
    };
  };

  const resolve = (id: string): ResolvedModel => resolveModel(catalog(), id);
  const services: ModelServices = {
    'models.list': async ({ query, limit }) => {
      const all = catalog();
      const matched = searchCatalog(all, query);
      return {
        models: matched.slice(0, limit).map(toModelInfo),
        total: all.records.length,
        matched: matched.length,
        defaultWindow: DEFAULT_WINDOW_TOKENS,
        snapshot: snapshot.source,
        refresh: status(),
      };
    },
    'models.resolve': async ({ id }) => resolve(id),
    'models.getSettings': async () => readModelSettings(deps.db),
    'models.setSettings': async (patch) => writeModelSettings(deps.db, patch, deps.now()),
    'models.refresh': async ({ force }) => {
      const settings = readModelSettings(deps.db);
      if (settings.refreshEnabled) {
        await Promise.all([
          settings.modelsDevUrl ? devSource.get(settings.modelsDevUrl, force) : null,
          settings.listUrl ? listSource.get(settings.listUrl, force) : null,
        ]);
      }
      return status();
    },
  };
  return { services, resolve, price: (id: string | null) => priceOf(catalog(), id) };
}
