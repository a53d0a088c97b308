// Memory (issue 8: "selected memory"): items kept in SQLite, the selected ones sent
// with a run as the prompt's Memory section, measured with the rest of the prompt.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { RUN_LIMITS } from '../../../shared/contract/run-limits';
import { captureStdin, waitForRun } from '../testing/runs';
import { makeRepo, makeRuntime, removeTempDirs, tempDir } from '../testing/fixtures';
import { selectedMemoryTexts } from '../../../shared/contract/memory';
import { listMemory } from './memory-store';

const selectedMemory = (db: Parameters<typeof listMemory>[0]) => selectedMemoryTexts(listMemory(db));

afterAll(removeTempDirs);

describe('memory', () => {
  it('adds, lists, edits, selects and removes items; survives a restart', async () => {
    const userDataDir = tempDir();
    const rt = makeRuntime({ userDataDir });
    const a = await rt.call('memory.add', { text: '  We use pnpm, never npm.  ' });
    expect(a).toMatchObject({ text: 'We use pnpm, never npm.', selected: true });
    const b = await rt.call('memory.add', { text: 'Generated code lives in gen/: never edit it.', selected: false });
    expect((await rt.call('memory.list', {})).map((m) => m.id)).toEqual([a.id, b.id]);
    expect(await rt.call('memory.update', { id: b.id, selected: true, text: 'gen/ is generated.' })).toMatchObject({ selected: true, text: 'gen/ is generated.' });
    expect(selectedMemory(rt.deps.db)).toEqual(['We use pnpm, never npm.', 'gen/ is generated.']);
    await rt.call('memory.update', { id: a.id, selected: false });
    expect(selectedMemory(rt.deps.db)).toEqual(['gen/ is generated.']);
    expect(await rt.call('memory.remove', { id: a.id })).toEqual({ removed: true });
    expect(await rt.call('memory.remove', { id: a.id })).toEqual({ removed: false });
    await rt.close();
    const again = makeRuntime({ userDataDir });
    expect((await again.call('memory.list', {})).map((m) => m.text)).toEqual(['gen/ is generated.']);
    await again.close();
  });

  it('refuses bad input plainly and never selects more than a run takes', async () => {
    const rt = makeRuntime();
    await expect(rt.call('memory.add', { text: '   ' })).rejects.toMatchObject({ code: 'invalid-input' });
    await expect(rt.call('memory.add', { text: 'x'.repeat(RUN_LIMITS.maxMemoryChars + 1) })).rejects.toMatchObject({ code: 'invalid-input' });
    await expect(rt.call('memory.update', { id: 'nope', selected: true })).rejects.toMatchObject({ code: 'invalid-input' });
    await expect(rt.call('memory.update', { id: `m${'0'.repeat(32)}`, selected: true })).rejects.toMatchObject({ code: 'not-found' });
    for (let i = 0; i < RUN_LIMITS.maxMemoryItems; i++) await rt.call('memory.add', { text: `fact ${i}` });
    await expect(rt.call('memory.add', { text: 'one more' })).rejects.toMatchObject({ code: 'invalid-input', message: expect.stringContaining(`at most ${RUN_LIMITS.maxMemoryItems}`) });
    const off = await rt.call('memory.add', { text: 'one more', selected: false });
    await expect(rt.call('memory.update', { id: off.id, selected: true })).rejects.toMatchObject({ code: 'invalid-input' });
    // Nothing half-done: the refused selection left the item as it was.
    expect((await rt.call('memory.list', {})).find((m) => m.id === off.id)!.selected).toBe(false);
    await rt.close();
  });

  it('the selected items go with a run as its Memory section, measured and in the evidence', async () => {
    const rt = makeRuntime();
    const repo = makeRepo({ 'a.txt': 'a\n' });
    await rt.call('memory.add', { text: 'We use pnpm, never npm.' });
    const out = join(tempDir(), 'stdin.txt');
    const command = captureStdin(out);
    const read = () => readFileSync(out, 'utf8');
    const memory = selectedMemory(rt.deps.db);
    const preview = await rt.call('runs.preview', { repo, ask: 'Add a dependency', memory, settings: { agent: 'custom', command } });
    expect(preview.sections.map((s) => s.name)).toContain('memory');
    const started = await rt.call('runs.start', { repo, ask: 'Add a dependency', memory, settings: { agent: 'custom', command } });
    const done = await waitForRun(rt, started.run.id);
    expect(read()).toContain('## Memory\n- We use pnpm, never npm.');
    expect(done.steps[0]!.promptBytes).toBe(preview.promptBytes);
    expect(done.steps[0]!.sections.find((s) => s.name === 'memory')!.bytes).toBeGreaterThan(20);
    await rt.close();
  });
});
