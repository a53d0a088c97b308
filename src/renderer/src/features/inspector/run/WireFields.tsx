import { useShallow } from 'zustand/react/shallow';
import { REQUEST_CEILING_MAX } from '../../../../../shared/contract/run-limits';
import { formatInt } from '../../../../../shared/format';
import { NumberField } from './BudgetFields';
import { useRunForm } from './run-store';

/** Enforcement on the wire: the request budget (each request the relay forwards) and recognised secrets. */
export function WireFields() {
  const { policy, secrets, wire } = useRunForm(
    useShallow((s) => ({ policy: s.draft?.requestPolicy ?? 'block', secrets: s.draft?.wireSecrets ?? 'warn', wire: s.draft?.wire ?? true })),
  );
  const { setDraft } = useRunForm.getState();
  return (
    <fieldset className="run-field" data-testid="wire-fields" disabled={!wire}>
      <legend>On the wire</legend>
      <p className="hint">
        Checked on every request the agent’s CLI sends its provider through Loupe’s relay (its system prompt, tools and history
        included), apart from the context budget. Leave both empty for no ceiling.
      </p>
      <div className="run-pair">
        <NumberField field="maxRequestTokens" hint={`The model’s best count (exact or estimate), up to ${formatInt(REQUEST_CEILING_MAX.maxRequestTokens)}`} />
        <NumberField field="maxRequestBytes" hint={`Bytes sent, up to ${formatInt(REQUEST_CEILING_MAX.maxRequestBytes)}`} />
      </div>
      <div className="segmented" role="radiogroup" aria-label="When a request is over a ceiling">
        {(['block', 'warn'] as const).map((p) => (
          <label key={p} className={policy === p ? 'is-on' : undefined}>
            <input type="radio" name="run-request-policy" value={p} checked={policy === p} data-testid={`request-policy-${p}`} onChange={() => setDraft({ requestPolicy: p })} />
            {p === 'block' ? 'Block: Loupe answers it, nothing is sent' : 'Warn: send it, record the warning'}
          </label>
        ))}
      </div>
      <div className="segmented" role="radiogroup" aria-label="Recognised secrets in a request">
        {(['warn', 'redact'] as const).map((m) => (
          <label key={m} className={secrets === m ? 'is-on' : undefined}>
            <input type="radio" name="run-wire-secrets" value={m} checked={secrets === m} data-testid={`wire-secrets-${m}`} onChange={() => setDraft({ wireSecrets: m })} />
            {m === 'warn' ? 'Secrets: warn, send them' : 'Secrets: redact before sending'}
          </label>
        ))}
      </div>
    </fieldset>
  );
}
