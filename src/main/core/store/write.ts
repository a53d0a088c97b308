import { LoupeError } from '../../../shared/errors';
import type { Db } from './store';

/**
 * How a write waits for another Loupe process (the app, the CLI, `loupe mcp`) that
 * holds the database's write lock: SQLite's busy timeout (STORE_PRAGMAS) inside each
 * attempt, then a short pause, up to this many attempts.
 */
export const WRITE_ATTEMPTS = 4;
const PAUSES_MS = [50, 200, 500];

const pause = new Int32Array(new SharedArrayBuffer(4));

/** SQLITE_BUSY and its extended codes (BUSY_SNAPSHOT, BUSY_RECOVERY, BUSY_TIMEOUT). */
export function isBusy(err: unknown): boolean {
  const code = (err as { code?: unknown } | null)?.code;
  return typeof code === 'string' && code.startsWith('SQLITE_BUSY');
}

/**
 * Runs `fn` as one write transaction begun with BEGIN IMMEDIATE, retried while the
 * database is busy. IMMEDIATE takes the write lock first: a DEFERRED transaction that
 * reads and then writes fails at once with SQLITE_BUSY_SNAPSHOT when another process
 * committed in between (SQLite's busy timeout does not apply to that case). `fn` must
 * touch nothing but the database: a busy attempt is rolled back and run again.
 * Inside another transaction it runs as a savepoint of that one (the outer one retries).
 */
export function writeTransaction<T>(db: Db, fn: () => T): T {
  if (db.inTransaction) return db.transaction(fn)();
  for (let attempt = 1; ; attempt++) {
    try {
      return db.transaction(fn).immediate();
    } catch (err) {
      if (!isBusy(err)) throw err;
      if (attempt >= WRITE_ATTEMPTS) {
        throw new LoupeError(
          'timed-out',
          `Another Loupe process (the app or the loupe command) kept the database locked through ${WRITE_ATTEMPTS} attempts; nothing was written. Try again.`,
        );
      }
      // better-sqlite3 is synchronous: a short blocking pause, as the busy timeout itself is.
      Atomics.wait(pause, 0, 0, PAUSES_MS[attempt - 1] ?? PAUSES_MS.at(-1)!);
    }
  }
}
