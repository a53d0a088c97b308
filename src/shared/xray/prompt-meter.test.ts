import { describe, expect, it } from 'vitest';
import { meterOf } from './meter';
import { promptMeterInput } from './prompt-meter';

const section = (name: string, bytes: number) => ({ name: name as never, bytes, sha256: 'a'.repeat(64) });

describe('promptMeterInput', () => {
  it('puts Loupe’s sections in the system by tier and history + ask in the conversation, inside the window', () => {
    const sections = [section('loupe-notes', 800), section('runtime', 200), section('notes', 400), section('references', 100), section('history', 40_000), section('ask', 60)];
    const own = promptMeterInput(sections, { id: 'm', window: 8192, reserve: 1228, source: 'snapshot' }, false);
    expect(own.system.map((s) => [s.id, s.tier])).toEqual([
      ['system-loupe-notes', 'required'],
      ['system-runtime', 'required'],
      ['system-notes', 'user'],
      ['system-references', 'user'],
    ]);
    expect(own.totals.system.tokens).toBe(200 + 50 + 100 + 25);
    expect(own.totals.conversation.tokens).toBe(Math.ceil(40_060 / 4));
    const meter = meterOf(own);
    expect(meter.parts.reduce((n, p) => n + p.tokens, 0)).toBe(8192);
    expect(meter.used).toBe(375 + 10_015);
    expect(meter.over).toBeGreaterThan(0);
    // Notes a preset gave are inherited.
    expect(promptMeterInput(sections, { id: 'm', window: 8192, reserve: 1228, source: 'snapshot' }, true).system.find((s) => s.id === 'system-notes')!.tier).toBe('inherited');
  });
});
