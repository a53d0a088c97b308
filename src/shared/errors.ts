/**
 * Errors that cross a process boundary (IPC or HTTP) travel as plain
 * `{ code, message, details? }` objects. Codes are stable: the UI, the CLI and
 * tests key on them, so never rename one.
 */
export const ERROR_CODES = [
  'invalid-input',
  'unknown-method',
  'not-found',
  'not-a-directory',
  'not-a-repo',
  'bad-ref',
  'too-many-selections',
  'budget-exceeded',
  'conflict',
  /** X-Ray: the segment belongs to the turn in progress (its ask, tool calls, thinking) and cannot be evicted or summarized. */
  'protected-segment',
  'cancelled',
  'shutting-down',
  'unsupported',
  /** A child (git) did not finish within its wall-clock limit and was stopped. */
  'timed-out',
  'unauthorized',
  'forbidden',
  /** The browser host: the route exists, not for this HTTP method (details.allow lists the ones it takes). */
  'method-not-allowed',
  'internal',
] as const;

export type ErrorCode = (typeof ERROR_CODES)[number];

export interface ErrorShape {
  code: ErrorCode;
  message: string;
  details?: unknown;
}

/** An error with a stable code; everything a service throws on purpose is one of these. */
export class LoupeError extends Error {
  readonly code: ErrorCode;
  readonly details?: unknown;

  constructor(code: ErrorCode, message: string, details?: unknown) {
    super(message);
    this.name = 'LoupeError';
    this.code = code;
    this.details = details;
  }

  toShape(): ErrorShape {
    return this.details === undefined
      ? { code: this.code, message: this.message }
      : { code: this.code, message: this.message, details: this.details };
  }
}

/** True when `value` looks like an ErrorShape that crossed a transport. */
export function isErrorShape(value: unknown): value is ErrorShape {
  if (typeof value !== 'object' || value === null) return false;
  const v = value as Record<string, unknown>;
  return typeof v.code === 'string' && typeof v.message === 'string';
}

/**
 * Turns anything thrown into an ErrorShape. Unexpected errors become `internal`
 * with their message kept, so a user sees what went wrong rather than nothing.
 */
export function toErrorShape(error: unknown): ErrorShape {
  if (error instanceof LoupeError) return error.toShape();
  if (isErrorShape(error) && (ERROR_CODES as readonly string[]).includes(error.code)) {
    return { code: error.code, message: error.message, details: error.details };
  }
  const message = error instanceof Error ? error.message : String(error);
  return { code: 'internal', message: message || 'Something went wrong.' };
}

/** HTTP status for an error code, so the browser host answers like a real API. */
export function httpStatusFor(code: ErrorCode): number {
  switch (code) {
    case 'invalid-input':
    case 'too-many-selections':
    case 'bad-ref':
    case 'not-a-repo':
    case 'not-a-directory':
      return 400;
    case 'unauthorized':
      return 401;
    case 'forbidden':
      return 403;
    case 'method-not-allowed':
      return 405;
    case 'not-found':
    case 'unknown-method':
      return 404;
    case 'budget-exceeded':
    case 'conflict':
    case 'protected-segment':
      return 409;
    case 'cancelled':
      // nginx's "client closed request": the caller gave up, nothing failed on our side.
      return 499;
    case 'shutting-down':
      return 503;
    case 'unsupported':
      return 501;
    case 'timed-out':
      // The program Loupe asked (git) did not answer in time: a gateway timeout, not a fault of the request.
      return 504;
    default:
      return 500;
  }
}
