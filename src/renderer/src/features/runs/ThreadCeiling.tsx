import { useShallow } from 'zustand/react/shallow';
import { budgetText, requestBudgetText } from '../../../../shared/presets/describe';
import { useRuns } from './store';

/** Same ceilings and policy? */
const sameBudget = (a: unknown, b: unknown) => JSON.stringify(a ?? null) === JSON.stringify(b ?? null);

/**
 * The thread's own context ceiling: the one its follow-ups and retries run
 * with (they start from the selected run's settings), and, when it differs,
 * the settings in force that the Inspector and new runs use (issue 22: a
 * raised ceiling changes this thread only). Named "context ceiling": beside a
 * request-budget block, a bare "ceiling: no ceiling" read as if nothing bounded
 * the run; the thread's request ceiling follows when it has one.
 */
export function ThreadCeiling() {
  const { budget, inForce } = useRuns(useShallow((s) => ({ budget: s.settings?.loop.contextBudget, inForce: s.inForce?.loop.contextBudget })));
  const { settings, inForceLoaded } = useRuns(useShallow((s) => ({ settings: s.settings, inForceLoaded: s.inForce !== null })));
  const request = useRuns((s) => s.settings?.loop.requestBudget);
  if (!settings) return null;
  const own = inForceLoaded && !sameBudget(budget, inForce);
  return (
    <span data-testid="thread-ceiling" data-own={own ? 'true' : 'false'} title="Follow-ups and retries of this thread start from this run’s settings">
      this thread’s context ceiling: {budgetText(budget)}
      {own ? ` (its own; the settings in force: ${budgetText(inForce)})` : ''}
      {request ? `; request ceiling: ${requestBudgetText(request)}` : ''}
    </span>
  );
}
