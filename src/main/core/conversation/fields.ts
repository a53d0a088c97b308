/**
 * Field helpers for reading untyped JSON (a transcript line, a request body): each
 * answers a value of the asked type or null (or an empty object), never throws.
 */
/** A string field, or null. */
export const str = (v: unknown): string | null => (typeof v === 'string' ? v : null);
/** A finite number field, or null. */
export const num = (v: unknown): number | null => (typeof v === 'number' && Number.isFinite(v) ? v : null);
/** An object field, or an empty object (so chains of lookups never throw). */
export const obj = (v: unknown): Record<string, unknown> => (typeof v === 'object' && v !== null && !Array.isArray(v) ? (v as Record<string, unknown>) : {});

