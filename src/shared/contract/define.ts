import type { z } from 'zod';

/**
 * One contract entry: the zod schema a request must pass, and (as a phantom
 * type) the response. `method<Res>()(() => schema)` lets TypeScript infer the
 * request type from the schema while the response type is written once.
 */
export interface MethodSpec<Req extends z.ZodType, Res> {
  /** Built the first time it is read, then the same schema on every read. */
  readonly request: Req;
  /** Phantom: never read at run time, only carries the response type. */
  response?: Res;
}

/**
 * A method's entry, its schema built on first use: a process pays only for the
 * methods it serves (`loupe inspect` builds one schema, the preload none), where
 * building the whole contract at start cost tens of milliseconds.
 */
export function method<Res>() {
  return <Req extends z.ZodType>(build: () => Req): MethodSpec<Req, Res> => {
    const request = lazy(build);
    return {
      get request() {
        return request();
      },
    };
  };
}

/**
 * `build()` on the first call, the same value on every later one. Schemas that
 * several methods share are written this way, so none is built before a method
 * that uses it is first called.
 */
export function lazy<T>(build: () => T): () => T {
  let built: { value: T } | null = null;
  return () => (built ??= { value: build() }).value;
}
