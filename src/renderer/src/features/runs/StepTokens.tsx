import type { StepEvidence } from '../../../../shared/contract/runs';
import { formatInt, plural } from '../../../../shared/format';
import { foldCountText, foldUseText } from '../../../../shared/tokens/count-labels';
import { tokenizerForModel } from '../../../../shared/tokens/model-tokenizer';
import { TokenExact } from '../../ui/TokenEstimate';
import { blockedBy } from './run-text';

/** The exact count of the prompt a step sent, or why there is none. */
export function StepExact({ step }: { step: StepEvidence }) {
  const tokenizer = step.model ? tokenizerForModel(step.model) : null;
  let body;
  if (step.exactTokens) {
    body = (
      <>
        <TokenExact count={step.exactTokens.count} encoding={step.exactTokens.encoding} />
        <span className="hint"> of exactly the bytes on stdin, counted after launch (the launch never waits for it)</span>
      </>
    );
  } else if (blockedBy(step) === 'launch') body = <span className="hint">none: the step was not launched</span>;
  else if (blockedBy(step) === 'wire') body = <span className="hint">none: the step ended on a request the relay blocked (its size is under Request budget)</span>;
  else if (tokenizer?.kind !== 'exact') body = <span className="hint">none: {tokenizer ? tokenizer.reason : 'no model was set, so no tokenizer is known.'}</span>;
  else if (!step.endedAt) body = <span className="hint">counted with {tokenizer.encoding} after launch; recorded when the step ends</span>;
  else body = <span className="hint">none: no exact count could run when this step ended</span>;
  return (
    <>
      <dt>Exact</dt>
      <dd data-testid="step-exact">{body}</dd>
    </>
  );
}

/** The history a fresh step carried: rows kept, the budget, and the count the fold checked it in, with where a factor came from. */
export function StepHistoryFacts({ history }: { history: NonNullable<StepEvidence['history']> }) {
  const count = history.count;
  return (
    <>
      <dt>History</dt>
      <dd data-testid="step-history" data-count={count?.kind ?? 'estimate'}>
        {formatInt(history.kept)} of {plural(history.rows, 'row')} kept, folded to the fold budget of {formatInt(history.foldBudget)} tokens (window{' '}
        {formatInt(history.window)})
        {count && history.countedTokens !== undefined ? (
          <span className="step-message">
            Checked in {foldCountText(count)}: {foldUseText(history.countedTokens, history.foldBudget, count)}.
            {count.kind === 'scaled' && (
              <span className="hint">
                {' '}
                {count.source === 'calibrated' ? `Factor fitted to ${plural(count.runs, 'recent run')} of this model.` : 'Family default until this model has runs to calibrate from.'} {count.basis}
                {count.exactUnavailable ? ` Exact counts could not run: ${count.exactUnavailable}` : ''}
              </span>
            )}
          </span>
        ) : (
          <span className="hint"> · checked in the estimate (bytes ÷ 4)</span>
        )}
      </dd>
    </>
  );
}
