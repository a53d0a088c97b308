import { describe, expect, it } from 'vitest';
import { LIBRARY_LIMITS } from '../contract/presets';
import v1Fixture from '../../../fixtures/presets/library-v1.json?raw';
import { readLibrary, writeLibrary } from './library';

const rev = (revision: number, settings: unknown = { agent: 'demo', loop: {} }) => ({ revision, createdAt: '2026-01-02T03:04:05.000Z', author: 'Ada', settings });
const lib = (presets: unknown, version: unknown = 2) => JSON.stringify({ kind: 'loupe-presets', version, presets });
const budget = (b: Record<string, unknown>) => lib([{ name: 'team', revisions: [rev(1, { agent: 'demo', loop: { contextBudget: b } })] }]);

function problems(text: string) {
  const read = readLibrary(text);
  if (read.ok) throw new Error('expected a refusal');
  return read.problems.map((p) => `${p.path}: ${p.message}`);
}

describe('readLibrary', () => {
  it('reads the current version and writes it back the same', () => {
    const presets = [{ name: 'team', revisions: [rev(1), rev(2, { agent: 'custom', command: 'node x.js', loop: { contextBudget: { maxPromptBytes: 100, policy: 'block' } } })] }];
    const read = readLibrary(lib(presets));
    expect(read).toMatchObject({ ok: true, fromVersion: 2 });
    if (!read.ok) return;
    expect(read.library.presets).toEqual(presets);
    expect(readLibrary(writeLibrary(read.library.presets, '2026-01-01T00:00:00.000Z'))).toEqual({ ...read, library: { ...read.library, exportedAt: '2026-01-01T00:00:00.000Z' } });
  });

  it('migrates the version 1 fixture: same settings, no budget', () => {
    const read = readLibrary(v1Fixture);
    expect(read.ok && read.fromVersion).toBe(1);
    if (!read.ok) return;
    expect(read.library.version).toBe(2);
    expect(read.library.presets.map((p) => p.name)).toEqual(['team-claude', 'quick-codex']);
    for (const p of read.library.presets) for (const r of p.revisions) expect(r.settings.loop.contextBudget).toBeUndefined();
    expect(read.library.presets[0]!.revisions[1]!.settings.loop.idleTimeoutSeconds).toBe(300);
  });

  it('names the place of every wrong field at once', () => {
    const text = lib([
      { name: 'ok', revisions: [rev(1)] },
      { name: 42, revisions: [rev(1, { agent: 'robot', loop: {} })] },
      { name: 'b', revisions: [{ ...rev(1.5), author: 7, colour: 'red' }] },
    ]);
    expect(problems(text)).toEqual([
      'presets[1].name: must be a string',
      'presets[1].revisions[0].settings.agent: must be one of claude, codex, gemini, custom, demo',
      'presets[2].revisions[0].revision: must be a whole number',
      'presets[2].revisions[0].author: must be a string or null',
      'presets[2].revisions[0].colour: is not a field Loupe knows here',
    ]);
  });

  it('refuses negative, fractional, zero and over-bound ceilings and unknown policies', () => {
    const at = 'presets[0].revisions[0].settings.loop.contextBudget';
    expect(problems(budget({ maxPromptBytes: -5, policy: 'block' }))).toEqual([`${at}.maxPromptBytes: must be a positive number`]);
    expect(problems(budget({ maxPromptBytes: 10.5, policy: 'block' }))).toEqual([`${at}.maxPromptBytes: must be a whole number`]);
    expect(problems(budget({ maxPromptBytes: 0, policy: 'block' }))).toEqual([`${at}.maxPromptBytes: must be a positive number`]);
    expect(problems(budget({ maxApproximateTokens: 67_108_865, policy: 'warn' }))).toEqual([`${at}.maxApproximateTokens: must be at most 67,108,864`]);
    expect(problems(budget({ maxPromptBytes: '100', policy: 'block' }))).toEqual([`${at}.maxPromptBytes: must be a number`]);
    expect(problems(budget({ maxPromptBytes: 100, policy: 'stop' }))).toEqual([`${at}.policy: must be "warn" or "block"`]);
  });

  it('refuses unknown versions and kinds, saying which it reads', () => {
    expect(problems(lib([], 3))).toEqual(['version: 3 is not a library version this Loupe reads (1 or 2): it was written by a newer Loupe']);
    expect(problems(lib([], '2'))).toEqual(['version: "2" is not a library version this Loupe reads (1 or 2)']);
    expect(problems(JSON.stringify({ kind: 'something-else', version: 2, presets: [] }))).toEqual(['kind: must be "loupe-presets": this is not a Loupe preset library']);
    expect(problems('[1, 2]')).toEqual([': a preset library is a JSON object with "kind", "version" and "presets"']);
  });

  it('refuses a request budget or wire secrets setting in a file that says version 1, like a context budget', () => {
    expect(problems(lib([{ name: 't', revisions: [rev(1, { agent: 'demo', loop: { requestBudget: { maxRequestBytes: 1, policy: 'warn' }, wireSecrets: 'redact' } })] }], 1))).toEqual([
      'presets[0].revisions[0].settings.loop.requestBudget: is not part of a version 1 library (the wire came after version 1): set "version": 2',
      'presets[0].revisions[0].settings.loop.wireSecrets: is not part of a version 1 library (the wire came after version 1): set "version": 2',
    ]);
  });

  it('refuses a budget in a file that says version 1', () => {
    expect(problems(lib([{ name: 't', revisions: [rev(1, { agent: 'demo', loop: { contextBudget: { maxPromptBytes: 1, policy: 'warn' } } })] }], 1))).toEqual([
      'presets[0].revisions[0].settings.loop.contextBudget: is not part of a version 1 library (budgets came in version 2): set "version": 2',
    ]);
  });

  it('refuses duplicate names and revision numbers, naming both places', () => {
    expect(problems(lib([{ name: 'a', revisions: [rev(1), rev(2), rev(1)] }, { name: 'a', revisions: [rev(1)] }]))).toEqual([
      'presets[0].revisions[2].revision: revision 1 of "a" also appears at presets[0].revisions[0]',
      'presets[1].name: "a" is also the name of presets[0]: each preset appears once',
    ]);
  });

  it('refuses bad names', () => {
    expect(problems(lib([{ name: 'a@2', revisions: [rev(1)] }]))).toEqual(['presets[0].name: must not contain @ (it separates NAME@REVISION)']);
    expect(problems(lib([{ name: ' a', revisions: [rev(1)] }]))).toEqual(['presets[0].name: must not start or end with spaces']);
    expect(problems(lib([{ name: 'a', revisions: [] }]))).toEqual(['presets[0].revisions: must hold at least one revision']);
  });

  it('refuses by size before reading, deep nesting before parsing, and broken syntax with line and column', () => {
    const big = ' '.repeat(50 * 1024 * 1024);
    expect(problems(big)).toEqual([': the file is at least 50 MiB (52,428,800 bytes); a preset library may be at most 2 MiB (2,097,152 bytes), so it was not read']);
    // Fewer characters than the cap, more bytes (é is two bytes in UTF-8): counted exactly.
    const notes = 'é'.repeat(LIBRARY_LIMITS.maxBytes / 2);
    expect(problems(lib([{ name: 't', revisions: [rev(1, { agent: 'demo', notes })] }]))[0]).toMatch(/^: the file is 2 MiB \(2,097,\d{3} bytes\); a preset/);
    const deep = `{"kind":"loupe-presets","version":2,"presets":${'['.repeat(10_000)}${']'.repeat(10_000)}}`;
    expect(problems(deep)).toEqual([`presets${"[0]".repeat(31)}: line 1, column ${47 + 31}: nested deeper than 32 levels`]);
    const full = lib([{ name: 'team', revisions: [rev(1)] }]);
    expect(problems(full.slice(0, full.indexOf('"loop"')))[0]).toMatch(
      /^presets\[0\]\.revisions\[0\]\.settings: line 1, column \d+: the file ends inside the object opened at line 1, column \d+: it looks truncated$/,
    );
    expect(problems(full.slice(0, full.indexOf('demo') + 2))[0]).toMatch(/: the file ends inside a string: it looks truncated$/);
    expect(problems('name,revision\nteam,1\n')).toEqual([': line 1, column 1: expected a JSON value, found "n": this is not a JSON file']);
  });
});
