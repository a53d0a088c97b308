import type { StepHistory } from '../contract/runs';
import { plural } from '../format';
import { NO_HISTORY_TEXT } from '../fold/budget';

/**
 * A fresh step that carries none of the thread's history (the model's fold
 * budget is too small for any of it), in words; null when it carries some or
 * there is none. Said before launch (the run bar) and kept in the evidence.
 */
export function historyDroppedNote(history: Pick<StepHistory, 'rows' | 'kept' | 'foldBudget'> | null | undefined): string | null {
  if (!history || history.rows === 0 || history.kept > 0) return null;
  // A budget of 1 is the reserve taking the whole window (seed 004): the one sentence for that, everywhere.
  if (history.foldBudget <= 1) return `This fresh session carries none of the thread's ${plural(history.rows, 'earlier entry', 'earlier entries')}: ${NO_HISTORY_TEXT}.`;
  return `This fresh session carries none of the thread's ${plural(history.rows, 'earlier entry', 'earlier entries')}: the model's fold budget (${plural(history.foldBudget, "token")}) has no room for them.`;
}
