import type { StepEvidence } from '../../../../shared/contract/runs';
import { formatInt } from '../../../../shared/format';
import { requestBudgetText } from '../../../../shared/presets/describe';
import { BUDGET_LIMITS_NOTE } from '../../../../shared/runs/budget-limits';
import { REQUEST_CEILING_NAME } from './run-text';

/**
 * A step's request budget (the relay's ceilings on each request) and, when the
 * relay blocked one of its requests, which one, its size and the ceiling it
 * went over; then what a passing budget does not promise.
 */
export function StepRequestBudget({ step }: { step: StepEvidence }) {
  const block = step.wireBlock;
  return (
    <>
      <dt>Request budget</dt>
      <dd data-testid="step-request-budget">
        {step.requestBudget === undefined ? 'not recorded (evidence from before Loupe kept it)' : requestBudgetText(step.requestBudget)}
        {block?.exceeded.map((e) => (
          <span key={e.ceiling} className="exceeded" data-ceiling={e.ceiling} data-testid="step-wire-exceeded">
            Request {block.seq}: {REQUEST_CEILING_NAME[e.ceiling]} {formatInt(e.actual)} &gt; {formatInt(e.limit)}, {formatInt(e.over)} over (blocked)
          </span>
        ))}
        <span className="hint"> (each request on the wire, checked by Loupe’s relay)</span>
        <span className="hint step-message" data-testid="budget-limits">
          {BUDGET_LIMITS_NOTE}
        </span>
      </dd>
    </>
  );
}
