/**
 * Counts already made, keyed by (encoding, sha256 of the content): unchanged
 * content is never counted twice. A bounded LRU: each entry is a key and a
 * number (about 200 bytes), so the entry bound is the memory bound.
 */
import type { TokenEncoding } from '../../../shared/tokens/encodings';

/** Default bound: 50,000 entries, about 10 MB. */
export const DEFAULT_CACHE_ENTRIES = 50_000;

export class CountCache {
  private readonly map = new Map<string, number>();
  hits = 0;
  misses = 0;

  constructor(readonly maxEntries = DEFAULT_CACHE_ENTRIES) {}

  private static key(encoding: TokenEncoding, sha256: string): string {
    return `${encoding}:${sha256}`;
  }

  /** The count for this content, refreshed as most recently used; undefined (and a miss) when absent. */
  get(encoding: TokenEncoding, sha256: string): number | undefined {
    const key = CountCache.key(encoding, sha256);
    const count = this.map.get(key);
    if (count === undefined) {
      this.misses++;
      return undefined;
    }
    this.hits++;
    this.map.delete(key);
    this.map.set(key, count);
    return count;
  }

  /** Stores a count, evicting the least recently used entries past the bound. */
  set(encoding: TokenEncoding, sha256: string, count: number): void {
    if (this.maxEntries < 1) return;
    const key = CountCache.key(encoding, sha256);
    this.map.delete(key);
    this.map.set(key, count);
    while (this.map.size > this.maxEntries) this.map.delete(this.map.keys().next().value!);
  }

  get size(): number {
    return this.map.size;
  }
}
