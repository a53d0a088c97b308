// What a person types into a number field for run settings, checked with the
// contract's rules (run-limits.ts) before anything is sent: the same answer the
// service would give, in words about the field. Zod-free: the renderer imports it.

/** A parsed field: the number, nothing (empty: unset), or why the text is not accepted. */
export type NumberInput = { kind: 'empty' } | { kind: 'value'; value: number } | { kind: 'error'; message: string };

/**
 * A positive whole number up to `max` (budget ceilings; the no-progress timeout
 * with `min`). Thousands separators (`,` `_` spaces) are allowed; fractions,
 * exponents, signs and zero are not. Empty text means "not set".
 */
export function parseWholeNumber(text: string, bounds: { min?: number; max: number }): NumberInput {
  const trimmed = text.trim();
  if (trimmed === '') return { kind: 'empty' };
  const min = bounds.min ?? 1;
  const compact = trimmed.replace(/(?<=\d)[,_ ](?=\d{3}(?!\d))/g, '');
  if (/^-/.test(compact)) return { kind: 'error', message: `must be a positive number (at least ${min.toLocaleString('en-US')})` };
  if (/^\d*[.]\d+$/.test(compact) || /^\d+[.]\d*$/.test(compact)) return { kind: 'error', message: 'must be a whole number' };
  if (!/^\d+$/.test(compact)) return { kind: 'error', message: 'must be a whole number, like 100000' };
  const value = Number(compact);
  if (value < min) return { kind: 'error', message: min === 1 ? 'must be a positive number (0 is not a ceiling)' : `must be at least ${min.toLocaleString('en-US')}` };
  if (value > bounds.max) return { kind: 'error', message: `must be at most ${bounds.max.toLocaleString('en-US')}` };
  return { kind: 'value', value };
}
