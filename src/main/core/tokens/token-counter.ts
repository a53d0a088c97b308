/**
 * The token counter the main side owns: exact counts in worker threads (never
 * on the UI thread), a cache keyed by (sha256 of the content, encoding) so
 * unchanged content is never counted twice, cancellation through an
 * AbortSignal and progress in bytes.
 */
import { createHash } from 'node:crypto';
import { availableParallelism } from 'node:os';
import { LoupeError } from '../../../shared/errors';
import type { TokenEncoding } from '../../../shared/tokens/encodings';
import { CountCache, DEFAULT_CACHE_ENTRIES } from './count-cache';
import { splitForCounting } from './count-text';
import { defaultWorkerFile } from './worker-file';
import { WorkerPool } from './worker-pool';

/** One text to count: its text or its UTF-8 bytes, and its sha256 (hex, of the UTF-8 bytes) when the caller has it. */
export interface CountItem {
  text?: string;
  bytes?: Uint8Array;
  sha256?: string;
}

export interface CountProgress {
  bytesDone: number;
  bytesTotal: number;
}

export interface CountOptions {
  /** Aborting rejects the count with LoupeError code 'cancelled' and stops its work. */
  signal?: AbortSignal;
  /** Called as pieces finish (cached items count as done at once), and once at the end. */
  onProgress?: (progress: CountProgress) => void;
}

export interface TokenCounterOptions {
  /** Worker threads (default: the machine's cores, at most 4; each holds its own tokenizer, about 80 MB). */
  workers?: number;
  /** An idle worker is ended after this many ms (default 60,000; 0 keeps workers until close). */
  idleMs?: number;
  /** Cache bound in entries (default 50,000). */
  cacheEntries?: number;
  /** The built worker script (default: tokens-worker.js beside the running bundle). */
  workerFile?: string;
  /** Texts longer than this many UTF-16 units are split (where counts add up) to share the work (default 256 Ki). */
  pieceChars?: number;
}

export interface TokenCounterStats {
  cacheHits: number;
  cacheMisses: number;
  cacheEntries: number;
  workers: number;
}

export interface TokenCounter {
  /** Exact token counts of `items` in `encoding`, in the same order. */
  count(items: readonly CountItem[], encoding: TokenEncoding, options?: CountOptions): Promise<number[]>;
  /** Starts the workers and loads `encoding` in each (about half a second), so the first count does not wait for it. */
  warm(encoding: TokenEncoding): Promise<void>;
  stats(): TokenCounterStats;
  /** Terminates the workers; counts still running reject as cancelled. */
  close(): Promise<void>;
}

const DEFAULT_PIECE_CHARS = 256 * 1024;
const decoder = new TextDecoder();

const cancelled = () => new LoupeError('cancelled', 'The token count was cancelled.');

/** sha256 (hex) of an item's UTF-8 bytes, and its text. */
function prepare(item: CountItem): { sha256: string; text: () => string; bytes: number } {
  if (item.text === undefined && item.bytes === undefined) throw new LoupeError('invalid-input', 'Each item to count needs text or bytes.');
  const text = () => item.text ?? decoder.decode(item.bytes);
  if (item.sha256) return { sha256: item.sha256, bytes: item.bytes?.length ?? Buffer.byteLength(item.text!, 'utf8'), text };
  const bytes = item.bytes ?? Buffer.from(item.text!, 'utf8');
  return { sha256: createHash('sha256').update(bytes).digest('hex'), bytes: bytes.length, text };
}

/** Hashing is the main thread's share of a count: it yields after each MiB so the event loop is never held long. */
const YIELD_EVERY_BYTES = 1024 * 1024;

async function prepareAll(items: readonly CountItem[], signal?: AbortSignal): Promise<ReturnType<typeof prepare>[]> {
  const prepared: ReturnType<typeof prepare>[] = [];
  let sinceYield = 0;
  for (const item of items) {
    const p = prepare(item);
    prepared.push(p);
    sinceYield += item.sha256 ? 0 : p.bytes;
    if (sinceYield >= YIELD_EVERY_BYTES) {
      sinceYield = 0;
      await new Promise((resolve) => setImmediate(resolve));
      if (signal?.aborted) throw cancelled();
    }
  }
  return prepared;
}

/** Creates a counter; its workers start on the first count. Close it with the runtime. */
export function createTokenCounter(options: TokenCounterOptions = {}): TokenCounter {
  const size = Math.max(1, Math.floor(options.workers ?? Math.min(4, availableParallelism())));
  const pieceChars = options.pieceChars ?? DEFAULT_PIECE_CHARS;
  const cache = new CountCache(options.cacheEntries ?? DEFAULT_CACHE_ENTRIES);
  let pool: WorkerPool | null = null;
  let closed = false;
  const getPool = () => {
    if (closed) throw new LoupeError('cancelled', 'The token counter was closed.');
    return (pool ??= new WorkerPool(options.workerFile ?? defaultWorkerFile(), size, options.idleMs));
  };

  async function count(items: readonly CountItem[], encoding: TokenEncoding, opts: CountOptions = {}): Promise<number[]> {
    const { signal, onProgress } = opts;
    if (signal?.aborted) throw cancelled();
    if (closed) throw new LoupeError('cancelled', 'The token counter was closed.');
    const prepared = await prepareAll(items, signal);
    const bytesTotal = prepared.reduce((n, p) => n + p.bytes, 0);
    let bytesDone = 0;
    const counts = new Array<number>(items.length);
    // Content to count once, whatever how many items carry it.
    const todo = new Map<string, { text: () => string; bytes: number; at: number[] }>();
    prepared.forEach((p, i) => {
      const known = cache.get(encoding, p.sha256);
      if (known !== undefined) {
        counts[i] = known;
        bytesDone += p.bytes;
      } else {
        const entry = todo.get(p.sha256);
        if (entry) entry.at.push(i);
        else todo.set(p.sha256, { text: p.text, bytes: p.bytes, at: [i] });
      }
    });
    onProgress?.({ bytesDone, bytesTotal });
    if (todo.size === 0) return counts;

    const owner = {};
    const workers = getPool();
    const onAbort = () => workers.cancel(owner, cancelled());
    signal?.addEventListener('abort', onAbort, { once: true });
    try {
      await Promise.all(
        [...todo].map(async ([sha256, entry]) => {
          const text = entry.text();
          const pieces = splitForCounting(text, pieceChars);
          const share = entry.bytes / text.length;
          const parts = await Promise.all(
            pieces.map(async (piece) => {
              const n = await workers.count(piece, encoding, owner);
              bytesDone += pieces.length === 1 ? entry.bytes : Math.round(piece.length * share);
              onProgress?.({ bytesDone: Math.min(bytesDone, bytesTotal), bytesTotal });
              return n;
            }),
          );
          const total = parts.reduce((a, b) => a + b, 0);
          cache.set(encoding, sha256, total);
          for (const i of entry.at) counts[i] = total;
        }),
      );
    } catch (err) {
      workers.cancel(owner, cancelled()); // the rest of this call's pieces are of no use now
      throw signal?.aborted ? cancelled() : err;
    } finally {
      signal?.removeEventListener('abort', onAbort);
    }
    onProgress?.({ bytesDone: bytesTotal, bytesTotal });
    return counts;
  }

  return {
    count,
    warm: async (encoding) => {
      const workers = getPool();
      const owner = {};
      // An empty job keeps a worker busy while it loads, so the next one goes to (or starts) another.
      await Promise.all(Array.from({ length: size }, () => workers.count('', encoding, owner)));
    },
    stats: () => ({ cacheHits: cache.hits, cacheMisses: cache.misses, cacheEntries: cache.size, workers: pool?.workers ?? 0 }),
    close: async () => {
      closed = true;
      await pool?.close();
    },
  };
}
