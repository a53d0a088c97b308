import type { z } from 'zod';
import { contract, type MethodName, type ParsedRequestOf } from './api';
import { LoupeError } from './errors';

/**
 * Validates a request against its method's schema. Every transport calls this
 * before a service runs, so services can trust their input's shape.
 */
export function parseRequest<M extends MethodName>(name: M, input: unknown): ParsedRequestOf<M> {
  const schema = contract[name].request as z.ZodType;
  const result = schema.safeParse(input ?? {});
  if (result.success) return result.data as ParsedRequestOf<M>;
  const problems = result.error.issues.map((issue) => {
    const where = issue.path.length ? issue.path.join('.') : 'request';
    return `${where} ${issue.message}`;
  });
  throw new LoupeError('invalid-input', `Invalid ${name} request: ${problems.join('; ')}.`, {
    issues: result.error.issues.map((i) => ({ path: i.path.map(String), message: i.message })),
  });
}
