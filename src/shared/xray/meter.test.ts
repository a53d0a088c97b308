import { describe, expect, it } from 'vitest';
import { reserveTokens } from '../fold';
import type { Manifest, SystemSection } from '../contract/xray';
import { meterOf, partWidths, placeLabels } from './meter';

const section = (tier: SystemSection['tier'], tokens: number | null): SystemSection => ({
  id: `s-${tier}-${tokens}`,
  title: 't',
  provenance: 'framework-core',
  tier,
  sha256: null,
  tokens: tokens === null ? null : { tokens, kind: 'estimate' },
  bytes: tokens === null ? null : tokens * 4,
  preview: '',
  loadedBy: 'loupe',
});

const manifest = (window: number, system: SystemSection[], conversation: number): Pick<Manifest, 'system' | 'totals' | 'model'> => ({
  model: { id: 'm', window, reserve: reserveTokens(window), source: 'snapshot' },
  system,
  totals: { system: { tokens: 0, kind: 'estimate' }, conversation: { tokens: conversation, kind: 'estimate' }, reclaimable: { tokens: 0, kind: 'estimate' } },
});

const sum = (ns: number[]) => ns.reduce((a, b) => a + b, 0);

describe('the split meter', () => {
  it('adds up to the window, counts used as system + conversation and never the reserve (200k)', () => {
    const m = meterOf(manifest(200_000, [section('required', 300), section('inherited', 1200), section('user', 50), section('inherited', null)], 20_000));
    expect(sum(m.parts.map((p) => p.tokens))).toBe(200_000);
    expect(m.used).toBe(21_550);
    expect(m.parts.map((p) => [p.key, p.tokens])).toEqual([
      ['system-required', 300],
      ['system-inherited', 1200],
      ['system-user', 50],
      ['conversation', 20_000],
      ['reserve', 30_000],
      ['free', 148_450],
    ]);
    expect(m.parts.find((p) => p.key === 'reserve')!.label).toMatch(/kept free for the answer/);
    expect(m.over).toBe(0);
  });

  it("stays true for a tiny window (8k: the seed's 16,384-token reserve is larger than it) and a huge one (1M)", () => {
    const tiny = meterOf(manifest(8192, [section('required', 400)], 1000));
    expect(sum(tiny.parts.map((p) => p.tokens))).toBe(8192);
    // The reserve shows what is left of the window, and the shortfall is counted as over.
    expect(tiny.parts.find((p) => p.key === 'reserve')!.tokens).toBe(8192 - 1400);
    expect(tiny.over).toBe(1400 + 16_384 - 8192);
    const full = meterOf(manifest(8192, [section('required', 400)], 5000));
    expect(sum(full.parts.map((p) => p.tokens))).toBe(8192);
    expect(full.parts.find((p) => p.key === 'reserve')!.tokens).toBe(8192 - 5400);
    expect(full.over).toBe(5400 + 16_384 - 8192);
    const huge = meterOf(manifest(1_048_576, [section('required', 100)], 900));
    expect(sum(huge.parts.map((p) => p.tokens))).toBe(1_048_576);
    // 100 tokens are 0.01% of a 1M window: still a visible sliver, and widths still fill the bar exactly.
    const widths = partWidths(huge.parts, huge.window, 800);
    expect(widths[0]).toBeGreaterThanOrEqual(3);
    expect(sum(widths)).toBeCloseTo(800, 6);
    expect(widths[1]).toBe(0);
  });

  it('cuts the conversation at the window when the context alone passes it, still adding up', () => {
    const m = meterOf(manifest(8192, [section('required', 1000)], 50_000));
    expect(sum(m.parts.map((p) => p.tokens))).toBe(8192);
    expect(m.used).toBe(51_000);
    expect(m.parts.find((p) => p.key === 'reserve')!.tokens).toBe(0);
  });

  it('labels thin parts outside, left to right near their part, never overlapping or leaving the bar, dropping none', () => {
    const widths = [3, 3, 3, 400, 120, 271];
    const placed = placeLabels(widths, () => 90, 800);
    expect(placed).toHaveLength(6);
    expect(placed.slice(0, 3).every((p) => !p.inside)).toBe(true);
    expect(placed[3]!.inside).toBe(true);
    const outside = placed.filter((p) => !p.inside);
    for (const a of outside) {
      for (const b of outside) {
        if (a !== b && a.row === b.row) expect(a.x + 90 <= b.x || b.x + 90 <= a.x).toBe(true);
      }
      expect(a.x).toBeGreaterThanOrEqual(0);
      expect(a.x + 90).toBeLessThanOrEqual(800);
    }
    // Three thin parts side by side at the left: one row, in their order.
    expect(outside.map((p) => p.row)).toEqual([0, 0, 0]);
    expect(outside.map((p) => p.x)).toEqual([0, 98, 196]);
    // A part with nothing to label takes no room.
    expect(placeLabels([0, 10], (i) => (i === 0 ? 0 : 90), 800)[0]!.inside).toBe(true);
    // When the row is full, labels wrap to the next one.
    const crowded = placeLabels([2, 2, 2, 2, 2, 790], (i) => (i < 5 ? 300 : 10), 800);
    expect(crowded.slice(0, 5).map((p) => p.row)).toEqual([0, 0, 1, 1, 2]);
  });
});
