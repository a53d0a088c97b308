import type { z } from 'zod';
import { LoupeError } from './errors';

/** Problems listed in one message; the rest are counted. */
const MAX_PROBLEMS = 8;
/** Any name or value echoed back is cut to this many characters (a request may carry megabytes). */
const MAX_ECHO = 80;

const cut = (text: string): string => (text.length > MAX_ECHO ? `${text.slice(0, MAX_ECHO)}…` : text);

/**
 * Validates the request of method `name` against `schema` (its entry in the
 * contract). parseRequest (validate.ts) looks the schema up in the whole
 * contract; a runtime that serves a few methods passes theirs, so it never
 * builds the others. The error names each problem's place, briefly: nothing
 * the caller sent is echoed at length.
 */
export function parseWithSchema(name: string, schema: z.ZodType, input: unknown): unknown {
  const result = schema.safeParse(input ?? {});
  if (result.success) return result.data;
  const issues = result.error.issues.map((issue) => {
    const path = issue.path.map((p) => cut(String(p)));
    // zod names unknown keys in the message itself: cut those too.
    const keys = 'keys' in issue && Array.isArray(issue.keys) ? (issue.keys as unknown[]).map((k) => cut(String(k))) : null;
    const message = keys ? `has unknown field${keys.length === 1 ? '' : 's'} ${keys.slice(0, 5).map((k) => `"${k}"`).join(', ')}${keys.length > 5 ? ` and ${keys.length - 5} more` : ''}` : cut(issue.message);
    return { path, message };
  });
  const problems = issues.slice(0, MAX_PROBLEMS).map((i) => `${i.path.length ? i.path.join('.') : 'request'} ${i.message}`);
  const more = issues.length > MAX_PROBLEMS ? `; and ${issues.length - MAX_PROBLEMS} more problems` : '';
  throw new LoupeError('invalid-input', `Invalid ${name} request: ${problems.join('; ')}${more}.`, { issues: issues.slice(0, 50) });
}
