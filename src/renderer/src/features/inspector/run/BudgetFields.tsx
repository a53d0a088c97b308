import { useShallow } from 'zustand/react/shallow';
import { BUDGET_CEILING_MAX, IDLE_TIMEOUT_SECONDS } from '../../../../../shared/contract/run-limits';
import { formatInt } from '../../../../../shared/format';
import { FIELD_LABEL, type DraftField } from './run-draft';
import { BUDGET_LIMITS_NOTE } from '../../../../../shared/runs/budget-limits';
import { Segmented } from './Segmented';
import { useRunForm } from './run-store';

export function NumberField({ field, hint, label = FIELD_LABEL[field] }: { field: Extract<DraftField, 'maxPromptBytes' | 'maxApproximateTokens' | 'idleTimeout' | 'maxRequestTokens' | 'maxRequestBytes' | 'maxSpendUsd' | 'maxSpendTokens'>; hint: string; label?: string }) {
  const { value, error, disabled } = useRunForm(
    useShallow((s) => ({ value: s.draft?.[field] ?? '', error: s.errors[field], disabled: field === 'idleTimeout' && s.draft?.idleOff === true })),
  );
  const id = `run-${field}`;
  return (
    <div className="run-subfield">
      <label htmlFor={id}>{label}</label>
      <input
        id={id}
        type="text"
        inputMode="numeric"
        data-testid={id}
        value={value}
        disabled={disabled}
        aria-invalid={!!error}
        aria-describedby={`${id}-hint`}
        onChange={(e) => useRunForm.getState().setDraft({ [field]: e.target.value })}
      />
      <p id={`${id}-hint`} className={error ? 'hint hint-error' : 'hint'}>
        {error ? `${FIELD_LABEL[field]} ${error}.` : hint}
      </p>
    </div>
  );
}

/** The invocation context budget (ceilings and policy) and the no-progress timeout. */
export function BudgetFields() {
  const { policy, idleOff } = useRunForm(useShallow((s) => ({ policy: s.draft?.policy ?? 'block', idleOff: s.draft?.idleOff ?? false })));
  const { setDraft } = useRunForm.getState();
  return (
    <>
      <fieldset className="run-field" data-testid="budget-fields">
        <legend>Context budget</legend>
        <p className="hint">
          Checked on the fully assembled prompt right before launch. Leave both empty for no ceiling.{' '}
          <span data-testid="budget-limits">{BUDGET_LIMITS_NOTE}</span>
        </p>
        <div className="run-pair">
          <NumberField field="maxPromptBytes" hint={`Bytes, up to ${formatInt(BUDGET_CEILING_MAX.maxPromptBytes)}`} />
          <NumberField field="maxApproximateTokens" hint={`bytes ÷ 4, up to ${formatInt(BUDGET_CEILING_MAX.maxApproximateTokens)}`} />
        </div>
        <Segmented
          label="When over a ceiling"
          name="run-policy"
          testIdPrefix="policy"
          options={[
            ['block', 'Block: never start the agent'],
            ['warn', 'Warn: start it, record the warning'],
          ]}
          value={policy}
          onChange={(p) => setDraft({ policy: p })}
        />
      </fieldset>
      <fieldset className="run-field">
        <legend>No-progress timeout</legend>
        <div className="run-pair">
          <NumberField
            field="idleTimeout"
            label="Seconds without progress"
            hint={`${IDLE_TIMEOUT_SECONDS.min} to ${formatInt(IDLE_TIMEOUT_SECONDS.max)}; empty: ${IDLE_TIMEOUT_SECONDS.default} (Loupe’s default)`}
          />
          <label className="check">
            <input type="checkbox" checked={idleOff} data-testid="idle-off" onChange={(e) => setDraft({ idleOff: e.target.checked })} />
            Off: let the agent run without progress
          </label>
        </div>
      </fieldset>
    </>
  );
}
