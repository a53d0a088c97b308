import { describe, expect, it } from 'vitest';
import { historyDroppedNote } from './history-note';

describe('a fresh step that carries no history (issue 22, item 4)', () => {
  it('says so when none of the rows fit, and nothing when some do or there are none', () => {
    expect(historyDroppedNote({ rows: 6, kept: 0, foldBudget: 1 })).toBe(
      "This fresh session carries none of the thread's 6 earlier entries: this model's window is smaller than the answer's reserve: no history is sent.",
    );
    expect(historyDroppedNote({ rows: 6, kept: 0, foldBudget: 300 })).toBe(
      "This fresh session carries none of the thread's 6 earlier entries: the model's fold budget (300 tokens) has no room for them.",
    );
    expect(historyDroppedNote({ rows: 6, kept: 2, foldBudget: 4096 })).toBeNull();
    expect(historyDroppedNote({ rows: 0, kept: 0, foldBudget: 4096 })).toBeNull();
    expect(historyDroppedNote(null)).toBeNull();
  });
});
