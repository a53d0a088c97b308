import { useState } from 'react';
import { useShallow } from 'zustand/react/shallow';
import { RaiseField } from './RaiseField';
import { REQUEST_CEILING_MAX } from '../../../../shared/contract/run-limits';
import type { RequestBudget } from '../../../../shared/contract/runs';
import type { RequestExceeded } from '../../../../shared/contract/wire';
import { formatBytes, formatInt } from '../../../../shared/format';
import { requestBudgetText } from '../../../../shared/presets/describe';
import { BUDGET_LIMITS_NOTE } from '../../../../shared/runs/budget-limits';
import { parseWholeNumber } from '../../../../shared/runs/ceiling-input';
import { ActionError } from './ActionError';
import { REQUEST_CEILING_NAME } from './run-text';
import { useRuns } from './store';

type Ceiling = RequestExceeded['ceiling'];

/**
 * A round ceiling with room for the turn: the blocked request plus a quarter
 * (each later request of a turn carries the earlier ones), rounded up to two
 * significant figures, within the contract's maximum.
 */
function suggestion(e: Pick<RequestExceeded, 'ceiling' | 'actual'>): number {
  const want = Math.ceil(e.actual * 1.25);
  const step = 10 ** Math.max(0, String(want).length - 2);
  return Math.min(REQUEST_CEILING_MAX[e.ceiling], Math.ceil(want / step) * step);
}

/** "about 182,300 tokens, 32,300 over the 150,000-token request ceiling". */
function overText(e: RequestExceeded, exact: boolean): string {
  return e.ceiling === 'maxRequestBytes'
    ? `${formatInt(e.actual)} bytes, ${formatInt(e.over)} over the ${formatInt(e.limit)}-byte request ceiling`
    : `${exact ? '' : 'about '}${formatInt(e.actual)} tokens, ${formatInt(e.over)} over the ${formatInt(e.limit)}-token request ceiling`;
}

/**
 * A run whose relay blocked one of its requests (the request budget): the
 * agent ran, and Loupe answered that request itself. Which request, its size,
 * the ceiling, the request budget; raising retries with a higher request
 * ceiling (`loop.requestBudget`), never the context budget's.
 */
export function WireBlockedPanel() {
  const { step, settings, busy, inForce } = useRuns(useShallow((s) => ({ step: s.steps.at(-1), settings: s.settings, busy: s.busy, inForce: s.inForce })));
  const block = step?.wireBlock ?? null;
  const exceeded = block?.exceeded ?? [];
  const [values, setValues] = useState<Partial<Record<Ceiling, string>>>(() => Object.fromEntries(exceeded.map((e) => [e.ceiling, String(suggestion(e))])));
  const budget = settings?.loop.requestBudget;
  const parsed = exceeded.map((e) => ({ e, input: parseWholeNumber(values[e.ceiling] ?? '', { max: REQUEST_CEILING_MAX[e.ceiling] }) }));
  const invalid = parsed.find((p) => p.input.kind !== 'value' || p.input.value < p.e.actual);

  const raise = () => {
    if (!settings || !budget || invalid) return;
    const next: RequestBudget = { ...budget };
    for (const p of parsed) if (p.input.kind === 'value') next[p.e.ceiling] = p.input.value;
    void useRuns.getState().retry({ ...settings, loop: { ...settings.loop, requestBudget: next } });
  };

  return (
    <section className="blocked" data-testid="blocked" data-blocked-by="wire" aria-label="Blocked on the wire by the request budget">
      <h3>{block ? `Blocked on the wire: Loupe’s relay did not forward request ${block.seq}` : 'Blocked on the wire by the request budget'}</h3>
      <p data-testid="wire-block-what">
        The agent ran; its request went over the request budget ({requestBudgetText(step?.requestBudget ?? budget)}), so the relay answered it itself and the
        provider never received it.
        {block && (
          <>
            {' '}
            Request {block.seq} of wire session <span className="mono">{block.sessionId}</span>: <strong>{formatBytes(block.bytes)}</strong>
            {block.bytes >= 1024 ? ` (${formatInt(block.bytes)} B)` : ''}
            {block.tokens ? `, ${block.tokens.kind === 'exact' ? '' : '≈ '}${formatInt(block.tokens.tokens)} tokens (${block.tokens.kind === 'exact' ? `exact${block.tokens.encoding ? `, ${block.tokens.encoding}` : ''}` : 'estimate'})` : ''}.
          </>
        )}
      </p>
      <ul>
        {exceeded.map((e) => (
          <li key={e.ceiling} data-testid="blocked-ceiling" data-ceiling={e.ceiling} data-over={e.over}>
            <strong>{REQUEST_CEILING_NAME[e.ceiling]}</strong>: {overText(e, block?.tokens?.kind === 'exact')}
          </li>
        ))}
        {!block && step?.message && <li>{step.message}</li>}
      </ul>
      <div className="blocked-raise">
        {parsed.map(({ e, input }) => (
          <RaiseField
            key={e.ceiling}
            ceiling={e.ceiling}
            name={REQUEST_CEILING_NAME[e.ceiling]}
            value={values[e.ceiling] ?? ''}
            input={input}
            onChange={(value) => setValues((v) => ({ ...v, [e.ceiling]: value }))}
            hint={(value) =>
              value < e.actual ? `below ${formatInt(e.actual)}: this request would block again` : `at least ${formatInt(e.actual)} lets this request through; later requests of the turn are larger`
            }
          />
        ))}
      </div>
      <div className="row">
        {exceeded.length > 0 && (
          <button type="button" className="primary" data-testid="raise-retry" disabled={!!invalid || !settings || !budget || busy !== null} onClick={raise}>
            {busy === 'retry' ? 'Retrying…' : 'Raise the request ceiling and retry'}
          </button>
        )}
        <button type="button" data-testid="retry-same" disabled={busy !== null} onClick={() => void useRuns.getState().retry()}>
          Retry
        </button>
        <span className="hint">Retry keeps the request ceiling: a request as large blocks again (evicting segments in X-Ray makes it smaller).</span>
      </div>
      <ActionError at={['retry']} />
      <p className="hint" data-testid="raise-scope">
        Raising changes this thread only: this run and the thread’s follow-ups and retries. The settings in force
        {inForce ? ` (request budget: ${requestBudgetText(inForce.loop.requestBudget)})` : ''}, which new runs and <code>loupe run</code> use, stay as they are:
        change them in the Inspector’s Run settings → Request budget. {BUDGET_LIMITS_NOTE}
      </p>
    </section>
  );
}
