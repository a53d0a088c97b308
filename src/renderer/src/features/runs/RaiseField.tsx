import type { NumberInput } from '../../../../shared/runs/ceiling-input';

/**
 * One ceiling's "New …" field in a blocked step's panel (the context budget's and the request
 * budget's alike): the value typed, and beneath it why it will not do or what it lets through.
 */
export function RaiseField(props: { ceiling: string; name: string; value: string; input: NumberInput; onChange(value: string): void; hint: (value: number) => string }) {
  const { ceiling, name, value, input } = props;
  return (
    <label className="field">
      <span>New {name.toLowerCase()}</span>
      <input type="text" inputMode="numeric" data-testid={`raise-${ceiling}`} value={value} aria-invalid={input.kind === 'error'} onChange={(ev) => props.onChange(ev.target.value)} />
      <span className={input.kind === 'error' ? 'hint hint-error' : 'hint'}>{input.kind === 'error' ? input.message : input.kind === 'empty' ? 'required' : props.hint(input.value)}</span>
    </label>
  );
}
