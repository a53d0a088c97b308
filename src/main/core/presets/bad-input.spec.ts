// Every bad library of issue 9 is refused with a clear message naming the place
// in the file, and the database is exactly as it was (every table, every row).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LibraryRefusal } from '../../../shared/contract/presets';
import { makeRuntime, removeTempDirs } from '../testing/fixtures';
import type { Runtime } from '../runtime';
import { snapshotDb } from './testing';

let rt: Runtime;
let good: Record<string, unknown>;

beforeAll(async () => {
  rt = makeRuntime();
  await rt.call('presets.save', { name: 'team', settings: { agent: 'demo', loop: { contextBudget: { maxPromptBytes: 100, policy: 'block' } } } });
  await rt.call('presets.save', { name: 'team', settings: { agent: 'demo' } });
  await rt.call('presets.apply', { name: 'team', revision: 1 });
  good = JSON.parse((await rt.call('presets.export', {})).content);
});
afterAll(async () => {
  await rt.close();
  removeTempDirs();
});

/** The exported library with one revision's settings (or the whole preset list) changed. */
function variant(edit: (lib: { version: unknown; presets: { name: unknown; revisions: Record<string, unknown>[] }[] }) => void): string {
  const copy = structuredClone(good) as Parameters<typeof edit>[0];
  edit(copy);
  return JSON.stringify(copy, null, 2);
}
const budgetOf = (lib: Parameters<Parameters<typeof variant>[0]>[0]) => ((lib.presets[0]!.revisions[0]!.settings as { loop: { contextBudget: Record<string, unknown> } }).loop.contextBudget);
const BUDGET = 'presets[0].revisions[0].settings.loop.contextBudget';
const nested = (depth: number) => `{"kind":"loupe-presets","version":2,"presets":${'['.repeat(depth)}${']'.repeat(depth)}}`;

const cases: [what: string, content: () => string, code: string, place: string, words: RegExp][] = [
  ['a wrong type', () => variant((l) => void (l.presets[0]!.revisions[1]!.settings = { agent: 'demo', keepStaged: 'yes' })), 'invalid-input', 'presets[0].revisions[1].settings.keepStaged', /expected boolean/i],
  ['a negative budget', () => variant((l) => void (budgetOf(l).maxPromptBytes = -1)), 'invalid-input', `${BUDGET}.maxPromptBytes`, /must be a positive number/],
  ['a fractional budget', () => variant((l) => void (budgetOf(l).maxPromptBytes = 99.5)), 'invalid-input', `${BUDGET}.maxPromptBytes`, /must be a whole number/],
  ['an over-bound budget', () => variant((l) => void (budgetOf(l).maxPromptBytes = 1e12)), 'invalid-input', `${BUDGET}.maxPromptBytes`, /must be at most 268,435,456/],
  ['an unknown policy', () => variant((l) => void (budgetOf(l).policy = 'refuse')), 'invalid-input', `${BUDGET}.policy`, /must be "warn" or "block"/],
  ['an unknown library version', () => variant((l) => void (l.version = 9)), 'invalid-input', 'version', /9 is not a library version this Loupe reads \(1 or 2\)/],
  ['a 50 MB file', () => `${variant(() => {})}${' '.repeat(50 * 1024 * 1024)}`, 'invalid-input', '', /at least 50 MiB .* at most 2 MiB/],
  ['JSON nested 10,000 deep', () => nested(10_000), 'invalid-input', `presets${'[0]'.repeat(31)}`, /line 1, column 78: nested deeper than 32 levels/],
  ['a duplicate preset', () => variant((l) => void l.presets.push(structuredClone(l.presets[0]!))), 'invalid-input', 'presets[1].name', /"team" is also the name of presets\[0\]/],
  ['a duplicate revision number', () => variant((l) => void (l.presets[0]!.revisions[1]!.revision = 1)), 'invalid-input', 'presets[0].revisions[1].revision', /revision 1 of "team" also appears at presets\[0\]\.revisions\[0\]/],
  ['a duplicate key', () => variant(() => {}).replace('"revision": 2,', '"revision": 2, "revision": 3,'), 'invalid-input', 'presets[0].revisions[1].revision', /the key "revision" appears twice/],
  ['a truncated file', () => variant(() => {}).slice(0, 200), 'invalid-input', 'presets[0].revisions[0]', /it looks truncated/],
  ['a file that is not JSON', () => 'name: team\nagent: demo\n', 'invalid-input', '', /line 1, column 1: expected a JSON value, found "n": this is not a JSON file/],
  [
    'revisions that contradict the stored history',
    () => variant((l) => void ((l.presets[0]!.revisions[1]!.settings as { notes?: string }).notes = 'different')),
    'conflict',
    'presets[0].revisions[1]',
    /revision 2 of "team" in this file contradicts team@2 stored here \(made .*\): notes not set here, different in the file/,
  ],
];

describe('bad library files', () => {
  it.each(cases)('%s is refused, naming the place, and the database is unchanged', async (_what, content, code, place, words) => {
    const before = snapshotDb(rt.deps.db);
    const error = await rt.call('presets.import', { content: content() }).then(
      () => null,
      (e: unknown) => e as { code: string; message: string; details: LibraryRefusal },
    );
    expect(error).not.toBeNull();
    expect(error!.code).toBe(code);
    const first = error!.details.problems[0]!;
    expect(first.path).toBe(place);
    expect(first.message).toMatch(words);
    expect(error!.message).toContain('nothing was imported');
    expect(snapshotDb(rt.deps.db)).toEqual(before);
  });

  it('a refusal lists every problem, not only the first, and an all-good file after it imports', async () => {
    const before = snapshotDb(rt.deps.db);
    const content = variant((l) => {
      budgetOf(l).policy = 'nope';
      l.presets.push({ name: 'other', revisions: [{ revision: 0, createdAt: 'yesterday', author: null, settings: { agent: 'demo' } }] });
    });
    const error = (await rt.call('presets.import', { content }).catch((e: unknown) => e)) as { details: LibraryRefusal };
    expect(error.details.problems.map((p) => p.path)).toEqual([`${BUDGET}.policy`, 'presets[1].revisions[0].revision', 'presets[1].revisions[0].createdAt']);
    expect(snapshotDb(rt.deps.db)).toEqual(before);
    const ok = variant((l) => void l.presets.push({ name: 'other', revisions: [{ revision: 1, createdAt: '2026-02-01T00:00:00Z', author: null, settings: { agent: 'demo' } }] }));
    expect((await rt.call('presets.import', { content: ok })).added).toEqual([{ name: 'other', revisions: [1], newPreset: true }]);
  });

  it('a request that is not a string is refused by the contract', async () => {
    const before = snapshotDb(rt.deps.db);
    await expect(rt.dispatch('presets.import', { content: { kind: 'loupe-presets' } })).rejects.toMatchObject({ code: 'invalid-input', message: /content must be a string/ });
    await expect(rt.dispatch('presets.save', { name: 'a@1', settings: { agent: 'demo' } })).rejects.toMatchObject({ code: 'invalid-input', message: /name must not contain @/ });
    await expect(rt.dispatch('presets.apply', { name: 'team', revision: -1 })).rejects.toMatchObject({ code: 'invalid-input' });
    expect(snapshotDb(rt.deps.db)).toEqual(before);
  });
});
