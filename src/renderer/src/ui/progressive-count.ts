/** The next count of a list rendered in steps: `step` more, never past `total`, never fewer than shown. */
export function nextProgressiveCount(shown: number, total: number, step: number): number {
  if (!(step >= 1)) throw new RangeError(`step must be at least 1 (got ${step})`);
  return Math.max(shown, Math.min(total, shown + Math.floor(step)));
}
