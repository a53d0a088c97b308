import type { z } from 'zod';
import { contract, type MethodName, type ParsedRequestOf } from './api';
import { parseWithSchema } from './validate-schema';

/**
 * Validates a request against its method's schema. Every transport calls this
 * before a service runs, so services can trust their input's shape. The error
 * names each problem's place, briefly: nothing the caller sent is echoed at length.
 */
export function parseRequest<M extends MethodName>(name: M, input: unknown): ParsedRequestOf<M> {
  return parseWithSchema(name, contract[name].request as z.ZodType, input) as ParsedRequestOf<M>;
}
