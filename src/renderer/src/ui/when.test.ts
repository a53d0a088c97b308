import { describe, expect, it } from 'vitest';
import { formatWhen } from './when';

describe('one date format across the app (issue 22, friction)', () => {
  it('writes every date as the same medium date and short time; evidence adds seconds', () => {
    const iso = '2026-12-01T14:07:05Z';
    const d = new Date(iso);
    expect(formatWhen(iso)).toBe(d.toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' }));
    expect(formatWhen(iso, 'seconds')).toBe(d.toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'medium' }));
    expect(formatWhen(null)).toBe('—');
    expect(formatWhen('not a date')).toBe('not a date');
  });

});
