import type { z } from 'zod';

/**
 * One contract entry: the zod schema a request must pass, and (as a phantom
 * type) the response. `method<Res>()(schema)` lets TypeScript infer the request
 * type from the schema while the response type is written once.
 */
export interface MethodSpec<Req extends z.ZodType, Res> {
  request: Req;
  /** Phantom: never read at run time, only carries the response type. */
  response?: Res;
}

export function method<Res>() {
  return <Req extends z.ZodType>(request: Req): MethodSpec<Req, Res> => ({ request });
}
