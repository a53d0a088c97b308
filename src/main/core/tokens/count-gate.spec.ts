import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { countGate } from './count-gate';

describe('countGate', () => {
  it('waits until the file reads "open", and not at all when unset', async () => {
    const gate = join(mkdtempSync(join(tmpdir(), 'loupe-gate-')), 'gate');
    writeFileSync(gate, 'held');
    let passed = false;
    const waiting = countGate(gate, new AbortController().signal).then(() => (passed = true));
    await new Promise((r) => setTimeout(r, 150));
    expect(passed).toBe(false);
    writeFileSync(gate, 'open\n');
    await waiting;
    expect(passed).toBe(true);
    await countGate(undefined, new AbortController().signal);
  });

  it('ends the wait when the call is cancelled', async () => {
    const gate = join(mkdtempSync(join(tmpdir(), 'loupe-gate-')), 'missing');
    const controller = new AbortController();
    const waiting = countGate(gate, controller.signal);
    setTimeout(() => controller.abort(), 20);
    await expect(waiting).resolves.toBeUndefined();
  });
});
