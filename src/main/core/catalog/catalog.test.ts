import { describe, expect, it } from 'vitest';
import { buildCatalog, searchCatalog, toModelInfo } from './catalog';
import { resolveModel } from './resolve';
import { snapshotEntries, type CatalogEntry } from './entries';

const entry = (provider: string, id: string, context: number | null, extra: Partial<CatalogEntry> = {}): CatalogEntry => ({
  provider,
  id,
  name: id.toUpperCase(),
  context,
  input: null,
  output: 8_000,
  ...extra,
});

const snapshot = [
  entry('openai', 'gpt-x', 400_000),
  entry('copilot', 'gpt-x', 128_000),
  entry('acme', 'tiny', 100_000),
  entry('acme', 'nowindow', null),
  entry('acme', 'one', 1),
];

describe('model catalog', () => {
  it('gives 170,000 for a 200,000 window, 83,616 for 100,000, at least 1 for a window of 1', () => {
    const catalog = buildCatalog({ snapshot: [...snapshot, entry('acme', 'std', 200_000)] });
    expect(resolveModel(catalog, 'acme/std')).toMatchObject({ window: 200_000, budget: 170_000, reserve: 30_000, source: 'snapshot' });
    expect(resolveModel(catalog, 'acme/tiny')).toMatchObject({ budget: 83_616, reserve: 16_384 });
    expect(resolveModel(catalog, 'acme/one').budget).toBeGreaterThanOrEqual(1);
  });

  it('gives an unknown model the default window, labelled as a default, with a 170,000 budget', () => {
    const r = resolveModel(buildCatalog({ snapshot }), 'no-such-model');
    expect(r).toMatchObject({ known: false, matchedBy: 'none', window: 200_000, source: 'default', publishedWindow: null, budget: 170_000 });
  });

  it('labels a missing window as the default, never as the model’s own', () => {
    const r = resolveModel(buildCatalog({ snapshot }), 'acme/nowindow');
    expect(r).toMatchObject({ known: true, window: 200_000, source: 'default', publishedWindow: null, budget: 170_000 });
  });

  it('treats windows 0, -5 and 1.5 from a refresh as missing: the default applies', () => {
    for (const bad of [0, -5, 1.5]) {
      const info = toModelInfo({ key: 'x/y', modelId: 'y', provider: 'x', name: 'Y', context: bad, input: null, output: null, from: 'refresh', listed: false });
      expect(info, String(bad)).toMatchObject({ window: 200_000, source: 'default', budget: 170_000, publishedWindow: null });
    }
  });

  it('finds a bare model id at its maker, a full id exactly, and calls a disagreement ambiguous', () => {
    const catalog = buildCatalog({ snapshot: [...snapshot, entry('z1', 'shared', 64_000), entry('z2', 'shared', 32_000)] });
    expect(resolveModel(catalog, 'gpt-x')).toMatchObject({ id: 'openai/gpt-x', window: 400_000, matchedBy: 'maker' });
    expect(resolveModel(catalog, 'copilot/gpt-x')).toMatchObject({ window: 128_000, matchedBy: 'id' });
    expect(() => resolveModel(catalog, 'shared')).toThrow(/"shared" is ambiguous: 2 providers .* z1\/shared \(64,000\), z2\/shared \(32,000\)/);
  });

  it('lets the list win a disagreement, and fills the list’s holes from models.dev', () => {
    const catalog = buildCatalog({
      snapshot,
      list: {
        provider: '127.0.0.1:8080',
        entries: [
          { id: 'gpt-x', name: null, context: 272_000 },
          { id: 'acme/tiny', name: 'Tiny (served)', context: null },
          { id: 'local-llm', name: null, context: 32_768 },
          { id: 'mystery', name: null, context: null },
        ],
      },
    });
    expect(resolveModel(catalog, 'gpt-x')).toMatchObject({ id: 'gpt-x', window: 272_000, source: 'refresh', name: 'GPT-X', output: 8_000, provider: '127.0.0.1:8080' });
    // The list names acme/tiny without a window: models.dev's window fills the hole, labelled with its source.
    expect(resolveModel(catalog, 'acme/tiny')).toMatchObject({ window: 100_000, source: 'snapshot', name: 'Tiny (served)' });
    expect(resolveModel(catalog, 'local-llm')).toMatchObject({ window: 32_768, source: 'refresh', known: true });
    expect(resolveModel(catalog, 'mystery')).toMatchObject({ window: 200_000, source: 'default', known: true });
    // The other providers' entries stay as published; the list's own models are listed first.
    expect(resolveModel(catalog, 'openai/gpt-x').window).toBe(400_000);
    expect(catalog.records.slice(0, 4).map((r) => r.key)).toEqual(['acme/tiny', 'gpt-x', 'local-llm', 'mystery']);
  });

  it('overlays a refreshed api.json on the snapshot, keeping what it lacks', () => {
    const catalog = buildCatalog({
      snapshot,
      modelsDev: [entry('openai', 'gpt-x', 1_000_000), entry('acme', 'tiny', null), entry('new', 'fresh', 50_000)],
    });
    expect(resolveModel(catalog, 'openai/gpt-x')).toMatchObject({ window: 1_000_000, source: 'refresh' });
    expect(resolveModel(catalog, 'acme/tiny')).toMatchObject({ window: 100_000, source: 'snapshot' });
    expect(resolveModel(catalog, 'new/fresh')).toMatchObject({ window: 50_000, source: 'refresh' });
    expect(resolveModel(catalog, 'copilot/gpt-x')).toMatchObject({ window: 128_000, source: 'snapshot' });
  });

  it('searches id, name and provider, every word must match', () => {
    const catalog = buildCatalog({ snapshot: snapshotEntries().entries });
    const hits = searchCatalog(catalog, 'anthropic sonnet');
    expect(hits.length).toBeGreaterThan(0);
    for (const h of hits) expect(`${h.key} ${h.name}`.toLowerCase()).toMatch(/anthropic.*sonnet|sonnet.*anthropic/);
    expect(searchCatalog(catalog, '').length).toBe(catalog.records.length);
    expect(searchCatalog(catalog, 'zzzz-nothing')).toEqual([]);
  });
});
