/** One choice among a few, as the run form's segmented radio group (the label of the picked one is lit). */
export function Segmented<T extends string>(props: {
  label: string;
  name: string;
  /** `data-testid` of each radio: this prefix, a dash and its value. */
  testIdPrefix: string;
  options: readonly (readonly [T, string])[];
  value: T;
  onChange: (value: T) => void;
}) {
  const { label, name, testIdPrefix, options, value, onChange } = props;
  return (
    <div className="segmented" role="radiogroup" aria-label={label}>
      {options.map(([v, text]) => (
        <label key={v} className={value === v ? 'is-on' : undefined}>
          <input type="radio" name={name} value={v} checked={value === v} data-testid={`${testIdPrefix}-${v}`} onChange={() => onChange(v)} />
          {text}
        </label>
      ))}
    </div>
  );
}
