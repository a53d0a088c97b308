import { describe, expect, it } from 'vitest';
import { parseModelList, parseModelsDev, snapshotEntries } from './entries';

describe('parseModelList (OpenAI-style /v1/models)', () => {
  it('reads context_window, accepts context_length as an alias, and never takes max_tokens', () => {
    const entries = parseModelList({
      object: 'list',
      data: [
        { id: 'a', object: 'model', context_window: 128_000, context_length: 64_000, max_tokens: 4096 },
        { id: 'b', object: 'model', context_length: 32_768 },
        { id: 'c', object: 'model', max_tokens: 8192 },
        { id: 'd', object: 'model', context_window: 0, context_length: 16_000 },
      ],
    });
    expect(entries).toEqual([
      { id: 'a', name: null, context: 128_000 },
      { id: 'b', name: null, context: 32_768 },
      { id: 'c', name: null, context: null },
      { id: 'd', name: null, context: 16_000 },
    ]);
  });

  it('counts a window only as a finite positive integer', () => {
    const bad = [0, -5, 1.5, '128000', null, 1e400, Number.NaN];
    const entries = parseModelList(bad.map((w, i) => ({ id: `m${i}`, context_window: w })));
    expect(entries.map((e) => e.context)).toEqual(bad.map(() => null));
  });

  it('accepts a bare array, skips entries without an id, and refuses a document with none', () => {
    expect(parseModelList([{ id: 'x' }, { nope: 1 }, 'y']).map((e) => e.id)).toEqual(['x']);
    expect(() => parseModelList({ data: [] })).toThrow(/no entries/);
    expect(() => parseModelList({ models: [] })).toThrow(/not \{ "data"/);
  });
});

describe('parseModelsDev (api.json)', () => {
  it('reads provider, id, name and limits, keeping invalid windows as null', () => {
    const entries = parseModelsDev({
      acme: {
        id: 'acme',
        models: {
          big: { id: 'big', name: 'Big', limit: { context: 1_000_000, input: 900_000, output: 32_000 } },
          odd: { name: 'Odd', limit: { context: 1.5, output: -1 } },
        },
      },
      broken: 'not a provider',
    });
    expect(entries).toEqual([
      { provider: 'acme', id: 'big', name: 'Big', context: 1_000_000, input: 900_000, output: 32_000 },
      { provider: 'acme', id: 'odd', name: 'Odd', context: null, input: null, output: null },
    ]);
    expect(() => parseModelsDev([])).toThrow(/not a JSON object/);
    expect(() => parseModelsDev({ p: { models: {} } })).toThrow(/no models/);
  });
});

describe('bundled snapshot', () => {
  it('holds hundreds of models whose windows are valid or absent, never invalid', () => {
    const { source, entries } = snapshotEntries();
    expect(source).toMatch(/models\.dev/);
    expect(entries.length).toBeGreaterThan(500);
    for (const e of entries) expect(e.context === null || (Number.isSafeInteger(e.context) && e.context > 0)).toBe(true);
    expect(entries.find((e) => e.provider === 'openai' && e.id === 'gpt-4.1')?.context).toBeGreaterThan(100_000);
  });
});
