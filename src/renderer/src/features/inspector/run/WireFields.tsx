import { useShallow } from 'zustand/react/shallow';
import { REQUEST_CEILING_MAX, SPEND_CEILING_MAX } from '../../../../../shared/contract/run-limits';
import { formatInt } from '../../../../../shared/format';
import { NumberField } from './BudgetFields';
import { BUDGET_LIMITS_NOTE } from '../../../../../shared/runs/budget-limits';
import { Segmented } from './Segmented';
import { useRunForm } from './run-store';
import { wireBoxChecked } from '../../../../../shared/runs/wire-default';

/** Enforcement on the wire: the request budget (each request the relay forwards) and recognised secrets. */
export function WireFields() {
  const { policy, secrets, wire, spendPolicy } = useRunForm(
    useShallow((s) => ({ policy: s.draft?.requestPolicy ?? 'block', secrets: s.draft?.wireSecrets ?? 'warn', wire: wireBoxChecked(s.draft?.agent ?? 'demo', s.draft?.wire), spendPolicy: s.draft?.spendPolicy ?? 'block' })),
  );
  const { setDraft } = useRunForm.getState();
  return (
    <fieldset className="run-field" data-testid="wire-fields" disabled={!wire}>
      <legend>On the wire</legend>
      <p className="hint">
        Checked on every request the agent’s CLI sends its provider through Loupe’s relay (its system prompt, tools and history
        included), apart from the context budget. Leave both empty for no ceiling.{' '}
        <span data-testid="request-budget-limits">{BUDGET_LIMITS_NOTE}</span>
      </p>
      <div className="run-pair">
        <NumberField field="maxRequestTokens" hint={`The model’s best count (exact or estimate), up to ${formatInt(REQUEST_CEILING_MAX.maxRequestTokens)}`} />
        <NumberField field="maxRequestBytes" hint={`Bytes sent, up to ${formatInt(REQUEST_CEILING_MAX.maxRequestBytes)}`} />
      </div>
      <Segmented
        label="When a request is over a ceiling"
        name="run-request-policy"
        testIdPrefix="request-policy"
        options={[
          ['block', 'Block: Loupe answers it, nothing is sent'],
          ['warn', 'Warn: send it, record the warning'],
        ]}
        value={policy}
        onChange={(requestPolicy) => setDraft({ requestPolicy })}
      />
      <div className="run-pair">
        <NumberField field="maxSpendUsd" hint="The run’s total at list price, checked before each request is sent" />
        <NumberField field="maxSpendTokens" hint={`The run’s reported tokens, up to ${formatInt(SPEND_CEILING_MAX.maxTokens)}`} />
      </div>
      <Segmented
        label="When a request would cross a spend ceiling"
        name="run-spend-policy"
        testIdPrefix="spend-policy"
        options={[
          ['block', 'Block: Loupe answers it, nothing is billed'],
          ['warn', 'Warn: send it, record the warning'],
        ]}
        value={spendPolicy}
        onChange={(spendPolicy) => setDraft({ spendPolicy })}
      />
      <Segmented
        label="Recognised secrets in a request"
        name="run-wire-secrets"
        testIdPrefix="wire-secrets"
        options={[
          ['warn', 'Secrets: warn, send them'],
          ['redact', 'Secrets: redact before sending'],
        ]}
        value={secrets}
        onChange={(wireSecrets) => setDraft({ wireSecrets })}
      />
    </fieldset>
  );
}
