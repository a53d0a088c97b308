import { describe, expect, it } from 'vitest';
import {
  DEFAULT_WINDOW_TOKENS,
  estimateTokens,
  foldBudgetTokens,
  reserveLeavesNoHistory,
  reserveTokens,
  trimToBudget,
  utf8ByteLength,
  type FoldRow,
} from './fold';

const tokensOf = (rows: FoldRow[], current = '') =>
  Math.ceil((new TextEncoder().encode(JSON.stringify(rows)).length + new TextEncoder().encode(current).length) / 4);

describe('budget math', () => {
  it('gives 170,000 for a 200,000 window and 83,616 for a 100,000 window', () => {
    expect(reserveTokens(200_000)).toBe(30_000);
    expect(foldBudgetTokens(200_000)).toBe(170_000);
    expect(reserveTokens(100_000)).toBe(16_384);
    expect(foldBudgetTokens(100_000)).toBe(83_616);
  });

  it('never gives a budget below 1, even for a window of 1', () => {
    expect(foldBudgetTokens(1)).toBe(1);
    expect(foldBudgetTokens(2)).toBe(1);
  });

  it("keeps the seed's reserve uncapped: a window of 16,385 gets a budget of 1 and its history is not sent (issue 34, item 6)", () => {
    expect(reserveTokens(8_192)).toBe(16_384);
    expect(foldBudgetTokens(8_192)).toBe(1);
    expect(reserveLeavesNoHistory(8_192)).toBe(true);
    expect(reserveTokens(16_385)).toBe(16_384);
    expect(foldBudgetTokens(16_385)).toBe(1);
    expect(reserveLeavesNoHistory(16_385)).toBe(true);
    expect(foldBudgetTokens(16_386)).toBe(2);
    expect(reserveLeavesNoHistory(16_386)).toBe(false);
    expect(reserveTokens(32_768)).toBe(16_384);
    expect(foldBudgetTokens(32_768)).toBe(16_384);
    // Above the floor, reserve + budget make the window.
    for (const w of [16_386, 20_000, 32_767, 40_000, 200_000]) expect(reserveTokens(w) + foldBudgetTokens(w)).toBe(w);
  });

  it('falls back to the 200,000 default for a missing or invalid window', () => {
    for (const bad of [0, -5, 1.5, Number.NaN, Number.POSITIVE_INFINITY, undefined, null, '200000']) {
      expect(foldBudgetTokens(bad), String(bad)).toBe(170_000);
      expect(reserveTokens(bad), String(bad)).toBe(30_000);
    }
    expect(DEFAULT_WINDOW_TOKENS).toBe(200_000);
  });

  it('estimates ceil(utf8 bytes / 4)', () => {
    expect(estimateTokens('')).toBe(0);
    expect(estimateTokens('abcd')).toBe(1);
    expect(estimateTokens('abcde')).toBe(2);
    expect(utf8ByteLength('é')).toBe(2);
    expect(utf8ByteLength('漢字')).toBe(6);
    expect(utf8ByteLength('😀')).toBe(4);
    expect(utf8ByteLength('\ud800x')).toBe(4); // lone surrogate: U+FFFD, as TextEncoder writes it
    expect(estimateTokens('漢字😀')).toBe(3);
  });
});

const user = (content: string, extra: Partial<FoldRow> = {}): FoldRow => ({ role: 'user', content, ...extra }) as FoldRow;
const big = (n: number) => 'x'.repeat(n);

describe('trimToBudget', () => {
  it('keeps a history that fits, untouched', () => {
    const rows = [user('a'), { role: 'assistant', text: 'b' } as FoldRow];
    const r = trimToBudget(rows, 1000);
    expect(r.rows).toEqual(rows);
    expect(r).toMatchObject({ truncated: false, dropped: 0, fits: true, estimatedTokens: tokensOf(rows) });
  });

  it('drops the oldest rows first and stops as soon as the estimate fits', () => {
    const rows = [user(big(400)), user(big(400)), user(big(400)), user('last')];
    const budget = tokensOf(rows.slice(2));
    const r = trimToBudget(rows, budget);
    expect(r.rows).toEqual(rows.slice(2));
    expect(r).toMatchObject({ truncated: true, dropped: 2, fits: true });
    expect(r.estimatedTokens).toBe(tokensOf(rows.slice(2)));
  });

  it('skips pinned rows and drops the next oldest instead', () => {
    const rows = [user(big(400), { pinned: true }), user(big(400)), user(big(400)), user('last')];
    const r = trimToBudget(rows, tokensOf([rows[0]!, rows[2]!, rows[3]!]));
    expect(r.rows).toEqual([rows[0], rows[2], rows[3]]);
  });

  it('keeps the newest row alone over budget when there is no current message', () => {
    const rows = [user('old'), user(big(4000))];
    const r = trimToBudget(rows, 10);
    expect(r.rows).toEqual([rows[1]]);
    expect(r.fits).toBe(false);
  });

  it('may trim to an empty history when the current message is given, and counts it', () => {
    const rows = [user('old'), user(big(4000))];
    const r = trimToBudget(rows, 10, { currentUserContent: 'now' });
    expect(r.rows).toEqual([]);
    expect(r.estimatedTokens).toBe(tokensOf([], 'now'));
    const roomy = trimToBudget(rows, tokensOf(rows, big(400)), { currentUserContent: big(400) });
    expect(roomy.rows).toEqual(rows);
    const tight = trimToBudget(rows, tokensOf(rows, big(400)) - 1, { currentUserContent: big(400) });
    expect(tight.rows).toEqual([rows[1]]);
  });

  it('applies the row rail and the byte rail after the budget', () => {
    const rows = Array.from({ length: 10 }, (_, i) => user(`m${i}`));
    expect(trimToBudget(rows, 1_000_000, { maxRows: 3 }).rows).toEqual(rows.slice(7));
    const bytes = JSON.stringify(rows.slice(6)).length;
    expect(trimToBudget(rows, 1_000_000, { maxBytes: bytes }).rows).toEqual(rows.slice(6));
    expect(trimToBudget(rows, 1_000_000, { maxBytes: bytes - 1 }).rows).toEqual(rows.slice(7));
  });

  it('removes evicted rows before trimming, by flag or by id, and pins by id', () => {
    const rows = [user('a', { id: 's1' }), user('b', { evicted: true }), user(big(400), { id: 's3' }), user('d', { id: 's4' })];
    const r = trimToBudget(rows, 1000, { evictedIds: ['s1'] });
    expect(r.rows).toEqual([rows[2], rows[3]]);
    expect(r).toMatchObject({ evicted: 2, dropped: 0, truncated: false });
    const pinned = trimToBudget(rows, tokensOf([rows[2]!, rows[3]!]), { pinnedIds: ['s1'], evictedIds: [] });
    expect(pinned.rows.map((x) => x.id)).toEqual(['s1', 's4']);
  });

  it('drops a tool result whose call was cut, and strips a call whose result was cut', () => {
    const call: FoldRow = { role: 'assistant', text: 'run it', toolCalls: [{ toolName: 'sh', toolCallId: 'c1', args: { cmd: 'ls' } }] };
    const result: FoldRow = { role: 'tool', toolName: 'sh', toolCallId: 'c1', result: big(40) };
    const rows = [user(big(400)), call, result, user('next')];
    const cut = trimToBudget(rows, tokensOf([result, rows[3]!]));
    expect(cut.rows).toEqual([rows[3]]);
    expect(cut.dropped).toBe(3);

    const pinnedCall = { ...call, pinned: true } as FoldRow;
    const rows2 = [pinnedCall, result, user(big(400)), user('next')];
    const stripped = trimToBudget(rows2, tokensOf([pinnedCall, rows2[3]!]));
    expect(stripped.rows).toEqual([{ role: 'assistant', text: 'run it', pinned: true }, rows2[3]]);
    expect(stripped).toMatchObject({ strippedCalls: 1, truncated: true, fits: true });
    expect(stripped.estimatedTokens).toBe(tokensOf(stripped.rows));
  });

  it('keeps the call of a pinned tool result', () => {
    const call: FoldRow = { role: 'assistant', text: big(400), toolCalls: [{ toolName: 'sh', toolCallId: 'c1' }] };
    const result: FoldRow = { role: 'tool', toolName: 'sh', toolCallId: 'c1', ok: false, error: 'boom', pinned: true };
    const r = trimToBudget([user(big(400)), call, result, user('x')], 5);
    expect(r.rows).toEqual([call, result, { role: 'user', content: 'x' }]);
  });

  it('refuses a budget or rail that is not a positive whole number', () => {
    for (const bad of [0, -1, 1.5, Number.NaN]) {
      expect(() => trimToBudget([], bad)).toThrow(/budget must be a positive whole number/);
      expect(() => trimToBudget([], 10, { maxRows: bad })).toThrow(/maxRows/);
    }
  });
});

describe('trimToBudget with a safer count', () => {
  const rows = [user(big(400)), user(big(400)), user(big(400)), user('last')];

  it('defaults to the published estimate and says so', () => {
    const r = trimToBudget(rows, 1000);
    expect(r).toMatchObject({ countedBy: 'estimate', countedTokens: r.estimatedTokens });
  });

  it('checks the budget in the estimate times a factor, keeping fewer rows', () => {
    const budget = tokensOf(rows.slice(1));
    expect(trimToBudget(rows, budget).rows).toEqual(rows.slice(1));
    const r = trimToBudget(rows, budget, { count: { kind: 'scaled', factor: 1.5 } });
    expect(r.rows).toEqual(rows.slice(2));
    expect(r.countedBy).toBe('scaled');
    expect(r.countedTokens).toBe(Math.ceil((r.bytes * 1.5) / 4));
    expect(r.estimatedTokens).toBe(tokensOf(rows.slice(2)));
    expect(r.fits).toBe(true);
  });

  it('checks the budget in an exact count supplied by the caller, the current message included', () => {
    const perChar = (text: string) => text.length; // a stand-in tokenizer: one token per UTF-16 unit
    const r = trimToBudget(rows, 800, { count: { kind: 'exact', countTokens: perChar }, currentUserContent: 'now' });
    expect(r.countedBy).toBe('exact');
    expect(r.countedTokens).toBe(JSON.stringify(r.rows).length + 3);
    expect(r.countedTokens).toBeLessThanOrEqual(800);
    expect(r.rows).toEqual(rows.slice(2));
  });

  it('refuses a factor below 1 or not a number, and a count of another kind', () => {
    for (const factor of [0.5, 0, -1, Number.NaN, Number.POSITIVE_INFINITY, 101]) {
      expect(() => trimToBudget(rows, 100, { count: { kind: 'scaled', factor } })).toThrow(/factor must be a number from 1 to 100/);
    }
    expect(() => trimToBudget(rows, 100, { count: { kind: 'guess' } as never })).toThrow(/count must be/);
  });
});
