/**
 * One refresh source (a URL that yields parsed data) behind a TTL cache:
 * a result, good or failed, is reused until it is `ttlMs` old; at most one
 * request is in flight per source; a failure keeps the last good data (or
 * none, so callers fall back to the bundled snapshot).
 */

export interface SourceSnapshot<T> {
  url: string;
  state: 'never' | 'ok' | 'failed';
  /** Data from the last good fetch of `url` (kept across later failures). */
  value: T | null;
  /** Epoch ms of the last finished attempt. */
  at: number | null;
  error: string | null;
  /** Epoch ms until which the last attempt is reused. */
  freshUntil: number | null;
}

export const REFRESH_TTL_MS = 60 * 60 * 1000;

export class CachedSource<T> {
  private current: SourceSnapshot<T>;
  private inFlight: { url: string; promise: Promise<SourceSnapshot<T>> } | null = null;

  constructor(
    private readonly load: (url: string) => Promise<T>,
    private readonly now: () => number,
    private readonly ttlMs: number = REFRESH_TTL_MS,
  ) {
    this.current = { url: '', state: 'never', value: null, at: null, error: null, freshUntil: null };
  }

  /** What is known now, without any request. A different `url` than the cached one reads as never fetched. */
  peek(url: string): SourceSnapshot<T> {
    if (this.current.url === url) return this.current;
    return { url, state: 'never', value: null, at: null, error: null, freshUntil: null };
  }

  /**
   * The result for `url`: the cached one while fresh (unless `force`), else a
   * new request. Concurrent callers share the request in flight; a request for
   * another URL waits for it first. Never rejects: failures come back as state 'failed'.
   */
  async get(url: string, force = false): Promise<SourceSnapshot<T>> {
    const cached = this.peek(url);
    if (!force && cached.freshUntil !== null && this.now() < cached.freshUntil) return cached;
    if (this.inFlight) {
      if (this.inFlight.url === url) return this.inFlight.promise;
      await this.inFlight.promise;
      return this.get(url, force);
    }
    const promise = this.fetch(url).finally(() => {
      this.inFlight = null;
    });
    this.inFlight = { url, promise };
    return promise;
  }

  private async fetch(url: string): Promise<SourceSnapshot<T>> {
    const previous = this.peek(url);
    let next: SourceSnapshot<T>;
    try {
      const value = await this.load(url);
      const at = this.now();
      next = { url, state: 'ok', value, at, error: null, freshUntil: at + this.ttlMs };
    } catch (err) {
      const at = this.now();
      const error = err instanceof Error ? err.message : String(err);
      next = { url, state: 'failed', value: previous.value, at, error, freshUntil: at + this.ttlMs };
    }
    this.current = next;
    return next;
  }
}
