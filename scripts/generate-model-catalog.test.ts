import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { describe, expect, it } from 'vitest';
// @ts-expect-error: a plain .mjs script without type declarations
import { buildSnapshot, formatSnapshot, generateSnapshotText, KEPT_PROVIDERS, SNAPSHOT_FILE, SOURCE_FILE } from './generate-model-catalog.mjs';

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
});
