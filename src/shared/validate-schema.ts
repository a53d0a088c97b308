import type { z } from 'zod';
import { LoupeError } from './errors';

/** Problems listed in one message; the rest are counted. */
const MAX_PROBLEMS = 8;
/** Any name or value echoed back is cut to this many characters (a request may carry megabytes). */
const MAX_ECHO = 80;

const cut = (text: string): string => (text.length > MAX_ECHO ? `${text.slice(0, MAX_ECHO)}…` : text);
const plainNumber = (n: unknown): string => (typeof n === 'number' ? n.toLocaleString('en-US') : typeof n === 'bigint' ? n.toString() : String(n));

/** The fields of a zod issue this module reads (zod 4's issue shapes; each one optional). */
interface IssueFields {
  code?: string;
  message: string;
  minimum?: unknown;
  maximum?: unknown;
  inclusive?: boolean;
  origin?: string;
  expected?: string;
  input?: unknown;
  values?: unknown[];
}

/**
 * zod's own wording ("Too small: expected number to be >=1", "Invalid input: expected
 * string, received undefined") in plain words (issue 34, item 8). Messages Loupe's schemas
 * set themselves ("must be a whole number …", "is not a wire session id") are kept as they are.
 */
export function plainIssue(issue: IssueFields): string {
  const m = issue.message;
  switch (issue.code) {
    case 'too_small':
      if (issue.origin === 'string') return issue.minimum === 1 ? 'must not be empty' : `must be at least ${plainNumber(issue.minimum)} characters long`;
      if (issue.origin === 'array' || issue.origin === 'set') return `must have at least ${plainNumber(issue.minimum)} item${issue.minimum === 1 ? '' : 's'}`;
      return /^Too small/.test(m) ? `must be ${issue.inclusive === false ? 'more than' : 'at least'} ${plainNumber(issue.minimum)}` : m;
    case 'too_big':
      if (issue.origin === 'string') return `must be at most ${plainNumber(issue.maximum)} characters long`;
      if (issue.origin === 'array' || issue.origin === 'set') return `must have at most ${plainNumber(issue.maximum)} items`;
      return /^Too big/.test(m) ? `must be ${issue.inclusive === false ? 'less than' : 'at most'} ${plainNumber(issue.maximum)}` : m;
    case 'invalid_type': {
      if (!/^Invalid input/.test(m)) return m;
      if (/received undefined$/.test(m)) return 'is required';
      const expected = issue.expected === 'int' ? 'a whole number' : issue.expected === 'array' ? 'a list' : issue.expected === 'object' ? 'an object' : `a ${issue.expected ?? 'value of another type'}`;
      return `must be ${expected}`;
    }
    case 'invalid_value':
      return /^Invalid (option|input)/.test(m) && Array.isArray(issue.values) ? `must be one of ${issue.values.map((v) => String(v)).join(', ')}` : m;
    default:
      return m;
  }
}

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
    const message = keys ? `has unknown field${keys.length === 1 ? '' : 's'} ${keys.slice(0, 5).map((k) => `"${k}"`).join(', ')}${keys.length > 5 ? ` and ${keys.length - 5} more` : ''}` : cut(plainIssue(issue as IssueFields));
    return { path, message };
  });
  const problems = issues.slice(0, MAX_PROBLEMS).map((i) => `${i.path.length ? i.path.join('.') : 'request'} ${i.message}`);
  const more = issues.length > MAX_PROBLEMS ? `; and ${issues.length - MAX_PROBLEMS} more problems` : '';
  throw new LoupeError('invalid-input', `Invalid ${name} request: ${problems.join('; ')}${more}.`, { issues: issues.slice(0, 50) });
}
