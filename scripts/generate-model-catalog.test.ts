import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { describe, expect, it } from 'vitest';
// @ts-expect-error: a plain .mjs script without type declarations
import { buildSnapshot, costOf, formatSnapshot, generateSnapshotText, KEPT_PROVIDERS, SNAPSHOT_FILE, SOURCE_FILE } from './generate-model-catalog.mjs';

describe('generate-model-catalog', () => {
  it('keeps only the fields Loupe uses, the providers asked for, and leaves out invalid limits', () => {
    const snap = buildSnapshot(
      {
        p: { id: 'p', models: { m: { id: 'm', name: 'M', cost: { input: 1 }, limit: { context: 0, output: 10 } } } },
        other: { id: 'other', models: { x: { id: 'x', name: 'X', limit: { context: 5 } } } },
      },
      'test source',
      ['p'],
    );
    expect(snap.models).toEqual([{ provider: 'p', id: 'm', name: 'M', output: 10 }]);
    expect(JSON.parse(formatSnapshot(snap))).toEqual(snap);
  });

  it('the committed snapshot is what data/models-dev produces, with its licence beside it', () => {
    expect(readFileSync(SNAPSHOT_FILE, 'utf8')).toBe(generateSnapshotText());
    expect(readFileSync(join(dirname(SNAPSHOT_FILE), 'LICENSE'), 'utf8')).toContain('Copyright (c) 2025 models.dev');
    expect(existsSync(join(dirname(SOURCE_FILE), 'LICENSE'))).toBe(true);
  });

  it('has the models issue 12 looked for, at their makers', () => {
    const { models } = JSON.parse(readFileSync(SNAPSHOT_FILE, 'utf8')) as { models: { provider: string; id: string; context?: number }[] };
    const at = (provider: string, id: string) => models.find((m) => m.provider === provider && m.id === id);
    expect(at('anthropic', 'claude-sonnet-4-5')).toMatchObject({ context: 200_000 });
    expect(at('openai', 'gpt-5')).toBeDefined();
    expect(new Set(models.map((m) => m.provider))).toEqual(new Set(KEPT_PROVIDERS));
  });

  it('adds list prices without changing a window: the models and limits are those of the windows-only snapshot', () => {
    const { models } = JSON.parse(readFileSync(SNAPSHOT_FILE, 'utf8')) as { models: Record<string, unknown>[] };
    const windowsOnly = models.map(({ cost: _cost, ...rest }) => rest);
    // sha256 of JSON.stringify(models) of the snapshot committed before prices were added (13782e7).
    expect(createHash('sha256').update(JSON.stringify(windowsOnly)).digest('hex')).toBe('79046133056488a757c606adfb8d529e124e1dd3bb9ba58015cffc5a185af89f');
    const at = (provider: string, id: string) => models.find((m) => m.provider === provider && m.id === id);
    expect(at('anthropic', 'claude-opus-4-6')?.cost).toEqual({ input: 5, output: 25, cacheRead: 0.5, cacheWrite: 6.25 });
    expect(at('google', 'gemini-2.5-pro')?.cost).toEqual({ input: 1.25, output: 10, cacheRead: 0.125, tiers: [{ size: 200_000, input: 2.5, output: 15, cacheRead: 0.25 }] });
    expect(readFileSync(SNAPSHOT_FILE).length).toBeLessThan(400 * 1024);
  });

  it('keeps a price only with both input and output, drops zeros (not published) and sorts tiers', () => {
    expect(costOf({ input: 1 })).toBeUndefined();
    expect(costOf({ input: 0, output: 0 })).toBeUndefined();
    expect(costOf({ input: 1, output: 2, cache_read: 0, cache_write: 0 })).toEqual({ input: 1, output: 2 });
    expect(
      costOf({ input: 1, output: 2, tiers: [{ tier: { size: 500 }, input: 3, output: 4 }, { tier: { size: 100 }, input: 2, output: 3 }, { tier: {}, input: 9, output: 9 }] }),
    ).toEqual({ input: 1, output: 2, tiers: [{ size: 100, input: 2, output: 3 }, { size: 500, input: 3, output: 4 }] });
  });
});
