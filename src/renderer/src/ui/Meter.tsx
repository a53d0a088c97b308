import { percentOf } from '../../../shared/format';

/** A horizontal meter of `value` against `max`; `level` picks the colour (ok / near / full). */
export function Meter({ value, max, level, label }: { value: number; max: number; level: string; label: string }) {
  return (
    <div
      className={`meter meter-${level}`}
      role="meter"
      aria-label={label}
      aria-valuemin={0}
      aria-valuemax={max}
      aria-valuenow={value}
    >
      <span style={{ width: `${percentOf(value, max)}%` }} />
    </div>
  );
}
