// One way to write a date and time across the app (issue 22: Runs, X-Ray,
// Presets and Settings each had their own): "Dec 1, 2026, 2:07 PM" in the
// user's locale; evidence adds the seconds ("Dec 1, 2026, 2:07:05 PM").
const minutes = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });
const seconds = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'medium' });

/** A stored ISO time as the app writes every date; the text itself when it is not a date, "—" when absent. */
export function formatWhen(iso: string | null | undefined, precision: 'minutes' | 'seconds' = 'minutes'): string {
  if (!iso) return '—';
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return iso;
  return (precision === 'seconds' ? seconds : minutes).format(d);
}
