/**
 * The runtime's one token counter: every service (inspect, X-Ray, runs) counts
 * through it, so there is one set of worker threads and one cache of counts
 * per process. Nothing starts until the first count; close() ends the workers.
 */
import type { TokenCounter, TokenCounterOptions } from './token-counter';

/**
 * How many worker threads count tokens: LOUPE_TOKEN_WORKERS (1 to 16) when set,
 * to leave cores to other work; the counter's own default otherwise.
 */
export function tokenWorkersFromEnv(env: NodeJS.ProcessEnv = process.env): number | undefined {
  const n = Number(env.LOUPE_TOKEN_WORKERS);
  return Number.isInteger(n) && n >= 1 && n <= 16 ? n : undefined;
}

/**
 * A counter that loads its code and creates its workers on first use (never, for a
 * CLI command that counts nothing: `loupe inspect` does not even load worker_threads).
 */
export function lazyTokenCounter(options: TokenCounterOptions = {}): TokenCounter {
  let counter: TokenCounter | null = null;
  let loading: Promise<TokenCounter> | null = null;
  let closed = false;
  const get = () =>
    (loading ??= import('./token-counter').then(({ createTokenCounter }) => {
      counter = createTokenCounter(options);
      // A close that came first still wins: the counter refuses work as cancelled.
      if (closed) void counter.close();
      return counter;
    }));
  return {
    count: async (items, encoding, opts) => (await get()).count(items, encoding, opts),
    warm: async (encoding) => (await get()).warm(encoding),
    stats: () => counter?.stats() ?? { cacheHits: 0, cacheMisses: 0, cacheEntries: 0, workers: 0 },
    close: async () => {
      closed = true;
      await (loading ?? Promise.resolve(null)).then((c) => c?.close());
    },
  };
}
