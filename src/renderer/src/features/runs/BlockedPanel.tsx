import { useState } from 'react';
import { useShallow } from 'zustand/react/shallow';
import { BUDGET_CEILING_MAX } from '../../../../shared/contract/run-limits';
import type { ContextBudget, ExceededCeiling } from '../../../../shared/contract/runs';
import { formatInt } from '../../../../shared/format';
import { budgetText } from '../../../../shared/presets/describe';
import { parseWholeNumber } from '../../../../shared/runs/ceiling-input';
import { blockedBy, CEILING_NAME, exceededText } from './run-text';
import { WireBlockedPanel } from './WireBlockedPanel';
import { ActionError } from './ActionError';
import { RaiseField } from './RaiseField';
import { useRuns } from './store';

type Ceiling = ExceededCeiling['ceiling'];

/** The smallest round number that lets the measured prompt through: the next 1,000 bytes or 250 tokens up. */
const suggestion = (e: ExceededCeiling) => {
  const step = e.ceiling === 'maxPromptBytes' ? 1000 : 250;
  return Math.min(BUDGET_CEILING_MAX[e.ceiling], Math.ceil(e.actual / step) * step);
};

/**
 * A blocked run: on the wire (the request budget) or before launch (the
 * context budget), each told as what it was.
 *
 * Before launch: which ceiling, by how much, and the two ways on. Raising
 * retries with the run's own settings and the new ceiling; Retry keeps the
 * ceiling (it blocks again unless the prompt got smaller).
 */
export function BlockedPanel() {
  const wire = useRuns((s) => blockedBy(s.steps.at(-1)) === 'wire');
  return wire ? <WireBlockedPanel /> : <LaunchBlockedPanel />;
}

/** A run the context budget stopped before launch. */
function LaunchBlockedPanel() {
  const { steps, settings, busy, inForce } = useRuns(useShallow((s) => ({ steps: s.steps, settings: s.settings, busy: s.busy, inForce: s.inForce })));
  const exceeded = steps.at(-1)?.exceeded ?? [];
  const [values, setValues] = useState<Partial<Record<Ceiling, string>>>(() =>
    Object.fromEntries(exceeded.map((e) => [e.ceiling, String(suggestion(e))])),
  );
  const budget = settings?.loop.contextBudget;
  const parsed = exceeded.map((e) => ({ e, input: parseWholeNumber(values[e.ceiling] ?? '', { max: BUDGET_CEILING_MAX[e.ceiling] }) }));
  const invalid = parsed.find((p) => p.input.kind !== 'value');

  const raise = () => {
    if (!settings || !budget || invalid) return;
    const next: ContextBudget = { ...budget };
    for (const p of parsed) if (p.input.kind === 'value') next[p.e.ceiling] = p.input.value;
    void useRuns.getState().retry({ ...settings, loop: { ...settings.loop, contextBudget: next } });
  };

  return (
    <section className="blocked" data-testid="blocked" aria-label="Blocked by the context budget">
      <h3>Blocked before launch: the agent was not started</h3>
      <ul>
        {exceeded.map((e) => (
          <li key={e.ceiling} data-testid="blocked-ceiling" data-ceiling={e.ceiling} data-over={e.over}>
            <strong>{CEILING_NAME[e.ceiling]}</strong>: {exceededText(e)}
          </li>
        ))}
      </ul>
      <div className="blocked-raise">
        {parsed.map(({ e, input }) => (
          <RaiseField
            key={e.ceiling}
            ceiling={e.ceiling}
            name={CEILING_NAME[e.ceiling]}
            value={values[e.ceiling] ?? ''}
            input={input}
            onChange={(value) => setValues((v) => ({ ...v, [e.ceiling]: value }))}
            hint={() => `at least ${formatInt(e.actual)} lets this prompt through`}
          />
        ))}
      </div>
      <div className="row">
        <button type="button" className="primary" data-testid="raise-retry" disabled={!!invalid || !settings || busy !== null} onClick={raise}>
          {busy === 'retry' ? 'Retrying…' : 'Raise the ceiling and retry'}
        </button>
        <button type="button" data-testid="retry-same" disabled={busy !== null} onClick={() => void useRuns.getState().retry()}>
          Retry
        </button>
        <span className="hint">Retry keeps the ceiling: the same prompt blocks again.</span>
      </div>
      <ActionError at={['retry']} />
      <p className="hint" data-testid="raise-scope">
        Raising changes this thread only: this run and the thread’s follow-ups and retries, which start from its settings. The settings in force
        {inForce ? ` (${budgetText(inForce.loop.contextBudget)})` : ''}, which the Inspector, new runs and <code>loupe run</code> use, stay as they are: change
        them in the Inspector’s Run settings → Context budget.
      </p>
    </section>
  );
}
