// Property tests: the linear trim against the obvious quadratic loop, and the
// invariants a model API relies on (tool pairs whole, text never cut).
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { utf8ByteLength } from './budget';
import { naiveTrimToBudget } from '../testing/naive-trim';
import { protectedRows } from './pairing';
import type { FoldRow, ToolCall } from './rows';
import { splitEvicted, trimToBudget, type TrimOptions } from './trim';

const CJK_EMOJI = [...'漢字仮名交じり文한국어テスト中文😀👍🏽🇯🇵👨‍👩‍👧ü€'];
const textArb = fc.oneof(
  fc.string({ maxLength: 60 }),
  fc.string({ unit: 'grapheme', maxLength: 30 }),
  fc.string({ unit: fc.constantFrom(...CJK_EMOJI), maxLength: 40 }),
  fc.string({ maxLength: 600 }),
);
const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;
const idArb = fc.constantFrom('s1', 's2', 's3', 's4');

type Step =
  | { kind: 'user'; text: string }
  | { kind: 'assistant'; text: string; calls: number; answered: boolean[]; failed: boolean[] }
  | { kind: 'orphan'; text: string };

const stepArb: fc.Arbitrary<Step> = fc.oneof(
  { weight: 3, arbitrary: textArb.map((text) => ({ kind: 'user' as const, text })) },
  {
    weight: 3,
    arbitrary: fc
      .record({ text: textArb, calls: fc.integer({ min: 0, max: 3 }) })
      .chain(({ text, calls }) =>
        fc.record({
          text: fc.constant(text),
          calls: fc.constant(calls),
          answered: fc.array(fc.nat(9).map((d) => d < 8), { minLength: calls, maxLength: calls }),
          failed: fc.array(fc.boolean(), { minLength: calls, maxLength: calls }),
        }),
      )
      .map((s) => ({ kind: 'assistant' as const, ...s })),
  },
  { weight: 1, arbitrary: textArb.map((text) => ({ kind: 'orphan' as const, text })) },
);

/** A history shaped like a real one: calls followed by their results, some missing, a few orphans. */
const historyArb = fc
  .tuple(fc.array(stepArb, { maxLength: 40 }), fc.array(idArb, { minLength: 1, maxLength: 16 }), fc.array(fc.nat(99), { minLength: 1, maxLength: 64 }))
  .map(([steps, ids, dice]) => {
    const rows: FoldRow[] = [];
    let call = 0;
    let roll = 0;
    const decorate = (row: FoldRow): FoldRow => {
      const id = ids[rows.length % ids.length]!;
      const d = dice[roll++ % dice.length]!;
      const out: FoldRow = { ...row };
      if (d < 15) out.pinned = true;
      if (d >= 15 && d < 22) out.evicted = true;
      if (d >= 22 && d < 50) out.id = id;
      return out;
    };
    for (const s of steps) {
      if (s.kind === 'user') rows.push(decorate({ role: 'user', content: s.text }));
      else if (s.kind === 'orphan') rows.push(decorate({ role: 'tool', toolName: 'sh', toolCallId: `orphan${call++}`, result: s.text }));
      else {
        const calls: ToolCall[] = Array.from({ length: s.calls }, () => ({ toolName: 'sh', toolCallId: `c${call++}`, args: { q: s.text.slice(0, 5) } }));
        rows.push(decorate(calls.length ? { role: 'assistant', text: s.text, toolCalls: calls } : { role: 'assistant', text: s.text }));
        calls.forEach((c, i) => {
          if (!s.answered[i]) return;
          rows.push(
            decorate(
              s.failed[i]
                ? { role: 'tool', toolName: c.toolName, toolCallId: c.toolCallId, ok: false, error: s.text }
                : { role: 'tool', toolName: c.toolName, toolCallId: c.toolCallId, result: { out: s.text } },
            ),
          );
        });
      }
    }
    return rows;
  });

const optionsArb: fc.Arbitrary<TrimOptions> = fc.record(
  {
    maxRows: fc.integer({ min: 1, max: 50 }),
    maxBytes: fc.integer({ min: 1, max: 20_000 }),
    currentUserContent: textArb,
    pinnedIds: fc.subarray(['s1', 's2', 's3', 's4']),
    evictedIds: fc.subarray(['s1', 's2', 's3', 's4']),
  },
  { requiredKeys: [] },
);
const budgetArb = fc.oneof(fc.integer({ min: 1, max: 50 }), fc.integer({ min: 1, max: 6_000 }), fc.constant(170_000));

const pairsAreWhole = (rows: FoldRow[]) => {
  const calls = rows.flatMap((r) => (r.role === 'assistant' ? (r.toolCalls ?? []).map((c) => c.toolCallId) : []));
  const results = rows.flatMap((r) => (r.role === 'tool' ? [r.toolCallId] : []));
  return results.every((id) => calls.includes(id)) && calls.every((id) => results.includes(id));
};

// npm run soak (LOUPE_SOAK=1) runs the full 400 cases of each property; npm test runs 100.
const soak = (globalThis as { process?: { env: Record<string, string | undefined> } }).process?.env.LOUPE_SOAK === '1';
const RUNS = { numRuns: soak ? 400 : 100 };

describe('trimToBudget properties', () => {
  it('returns exactly what the naive drop-one-and-reserialize loop returns', () => {
    fc.assert(
      fc.property(historyArb, budgetArb, optionsArb, (rows, budget, options) => {
        expect(trimToBudget(rows, budget, options)).toEqual(naiveTrimToBudget(rows, budget, options));
      }),
      RUNS,
    );
  });

  it('with a scaled count, returns what the naive loop returns and fits in that count', () => {
    const factorArb = fc.oneof(fc.constant(1), fc.constant(1.5), fc.double({ min: 1, max: 3, noNaN: true }));
    fc.assert(
      fc.property(historyArb, budgetArb, optionsArb, factorArb, (rows, budget, options, factor) => {
        const scaled = { ...options, count: { kind: 'scaled', factor } as const };
        const r = trimToBudget(rows, budget, scaled);
        expect(r).toEqual(naiveTrimToBudget(rows, budget, scaled));
        const current = new TextEncoder().encode(options.currentUserContent ?? '').length;
        expect(r.countedTokens).toBe(Math.ceil(((r.bytes + current) * factor) / 4));
        expect(r.fits).toBe(r.countedTokens <= budget);
        // Never looser than the published rule: what fits the scaled count fits the estimate.
        if (r.fits) expect(r.estimatedTokens).toBeLessThanOrEqual(budget);
      }),
      RUNS,
    );
  });

  it('leaves no tool result without its call and no call without its result', () => {
    fc.assert(
      fc.property(historyArb, budgetArb, optionsArb, (rows, budget, options) => {
        expect(pairsAreWhole(trimToBudget(rows, budget, options).rows)).toBe(true);
      }),
      RUNS,
    );
  });

  it('reports the estimate of what it returns, and only misses the budget when protected rows alone are over it', () => {
    fc.assert(
      fc.property(historyArb, budgetArb, optionsArb, (rows, budget, options) => {
        const r = trimToBudget(rows, budget, options);
        const bytes = new TextEncoder().encode(JSON.stringify(r.rows)).length;
        const current = new TextEncoder().encode(options.currentUserContent ?? '').length;
        expect(r.bytes).toBe(bytes);
        expect(r.estimatedTokens).toBe(Math.ceil((bytes + current) / 4));
        expect(r.fits).toBe(r.estimatedTokens <= budget);
        // keptIndices point at the input rows returned (or the row a stripped copy came from), oldest first.
        expect(r.keptIndices).toHaveLength(r.rows.length);
        r.keptIndices.forEach((at, k) => {
          const row = r.rows[k]!;
          expect(row === rows[at] || (row.role === 'assistant' && rows[at]!.role === 'assistant')).toBe(true);
          if (k > 0) expect(at).toBeGreaterThan(r.keptIndices[k - 1]!);
        });
        const { candidates, pinned } = splitEvicted(rows, options);
        const keep = protectedRows(candidates, pinned, options.currentUserContent === undefined);
        if (!r.fits || !r.withinRails) {
          // Everything left is either protected or a stripped copy of a protected assistant row.
          const protectedSet = new Set(candidates.filter((_, i) => keep[i]));
          for (const row of r.rows) expect(protectedSet.has(row) || row.role === 'assistant').toBe(true);
          expect(r.rows.length).toBeLessThanOrEqual(protectedSet.size);
        }
        if (options.currentUserContent === undefined && candidates.length > 0) {
          const newest = candidates.at(-1)!;
          const orphan = newest.role === 'tool' && !candidates.some((c) => c.role === 'assistant' && c.toolCalls?.some((t) => t.toolCallId === newest.toolCallId));
          const last = r.rows.at(-1);
          if (!orphan) expect(last === newest || (last?.role === 'assistant' && newest.role === 'assistant' && last.text === newest.text)).toBe(true);
        }
      }),
      RUNS,
    );
  });

  it('never splits CJK or emoji text inside a code point: kept text is whole input text', () => {
    const texts = (row: FoldRow): string[] =>
      row.role === 'user' ? [row.content] : row.role === 'assistant' ? [row.text] : 'error' in row ? [row.error] : [JSON.stringify(row.result)];
    const cjk = fc.string({ unit: fc.constantFrom(...CJK_EMOJI), minLength: 1, maxLength: 200 });
    fc.assert(
      fc.property(fc.array(cjk, { minLength: 1, maxLength: 30 }), fc.integer({ min: 1, max: 800 }), fc.option(cjk, { nil: undefined }), (chunks, budget, current) => {
        const rows: FoldRow[] = chunks.map((c, i) => (i % 2 ? { role: 'assistant', text: c } : { role: 'user', content: c }));
        const r = trimToBudget(rows, budget, { currentUserContent: current });
        const inputTexts = new Set(rows.flatMap(texts));
        for (const row of r.rows) {
          for (const t of texts(row)) {
            expect(inputTexts.has(t)).toBe(true);
            expect(LONE_SURROGATE.test(t)).toBe(false);
            expect(utf8ByteLength(t)).toBe(new TextEncoder().encode(t).length);
          }
        }
      }),
      RUNS,
    );
  });

  it('counts UTF-8 bytes exactly like TextEncoder for any string, lone surrogates included', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'binary', maxLength: 200 }), (s) => {
        expect(utf8ByteLength(s)).toBe(new TextEncoder().encode(s).length);
      }),
      { numRuns: 1000 },
    );
  });
});
