/**
 * The catalog search used by both the service (models.list { query }) and the
 * Settings page's local filter, so both find the same models.
 */

/** The lower-cased words of a query; empty when there is nothing to match. */
export function queryWords(query: string | undefined): string[] {
  return (query ?? '').toLowerCase().split(/\s+/).filter(Boolean);
}

/** True when every word occurs in at least one of `fields` (case-insensitive). */
export function matchesWords(fields: readonly string[], words: readonly string[]): boolean {
  if (words.length === 0) return true;
  const hay = fields.join('\n').toLowerCase();
  return words.every((w) => hay.includes(w));
}
