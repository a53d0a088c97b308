import type DatabaseModule from 'better-sqlite3';
import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { preparePrivateDatabase } from './private-files';
import { writeTransaction } from './write';

export type Db = DatabaseModule.Database;

/** better-sqlite3, loaded when a database is first opened (commands that never need one never load it). */
const loadDatabase = (): typeof DatabaseModule => createRequire(__filename)('better-sqlite3') as typeof DatabaseModule;

/** Where `bindings` looks first for better-sqlite3's native addon, in its order (relative to the package's root). */
const FIRST_BINDING_PATHS = ['build/better_sqlite3.node', 'build/Debug/better_sqlite3.node', 'build/Release/better_sqlite3.node'];

/**
 * The native addon better-sqlite3 would load by default, found without its loader: `bindings`
 * reads its caller's file from a stack trace and tries its paths through require(), ~5 ms of
 * CPU at each open (most of a one-shot command's database cost besides the file itself). The
 * first of bindings' own first three paths that exists is the one it would take; when none
 * does (another layout), undefined leaves the search to it.
 */
export function defaultNativeBinding(): string | undefined {
  try {
    const root = dirname(dirname(createRequire(__filename).resolve('better-sqlite3')));
    return FIRST_BINDING_PATHS.map((p) => join(root, p)).find((p) => existsSync(p));
  } catch {
    return undefined;
  }
}

/** Migration files, numbered `NNN-name.sql`, applied in order under PRAGMA user_version. */
const migrationFiles = import.meta.glob('./migrations/*.sql', {
  query: '?raw',
  import: 'default',
  eager: true,
}) as Record<string, string>;

export interface Migration {
  version: number;
  name: string;
  sql: string;
}

/** The migrations bundled with this build, sorted by number. */
export function bundledMigrations(): Migration[] {
  return Object.entries(migrationFiles)
    .map(([file, sql]) => {
      const base = file.split('/').pop() ?? file;
      const match = /^(\d+)-(.+)\.sql$/.exec(base);
      if (!match) throw new Error(`Migration file name must be NNN-name.sql: ${base}`);
      return { version: Number(match[1]), name: match[2] ?? base, sql };
    })
    .sort((a, b) => a.version - b.version)
    .map((m, i, all) => {
      // Two files with one number would let a database already at that number skip one of them.
      if (i > 0 && all[i - 1]!.version === m.version) {
        throw new Error(`Two migrations share number ${m.version}: ${all[i - 1]!.name} and ${m.name}`);
      }
      return m;
    });
}

/**
 * Applies every migration newer than the database's user_version, each in its
 * own transaction, so a failure leaves the database at the last good version.
 * A new database (version 0) takes them all in one transaction: one commit, so
 * one fsync under synchronous = FULL instead of one per migration (a fresh
 * user-data folder is ready ~4x sooner), and a failure leaves it empty.
 */
export function migrate(db: Db, migrations: Migration[] = bundledMigrations()): number {
  const current = db.pragma('user_version', { simple: true }) as number;
  const latest = migrations.at(-1)?.version ?? 0;
  if (current > latest) {
    throw new Error(
      `This database was written by a newer Loupe (schema ${current}, this build knows ${latest}). ` +
        'Update Loupe or point LOUPE_USER_DATA at another folder.',
    );
  }
  // Another process (the app and the CLI start together) may have applied one meanwhile: each is
  // checked again under the write lock.
  const apply = (m: Migration) => {
    if ((db.pragma('user_version', { simple: true }) as number) >= m.version) return;
    db.exec(m.sql);
    db.pragma(`user_version = ${m.version}`);
  };
  const pending = migrations.filter((m) => m.version > current);
  if (current === 0) writeTransaction(db, () => pending.forEach(apply));
  else for (const m of pending) writeTransaction(db, () => apply(m));
  return db.pragma('user_version', { simple: true }) as number;
}

/** Names the better-sqlite3 build a `loupe` child process must load (the app's Electron-ABI one); the CLI's runtime honours it. */
export const SQLITE_BINDING_ENV = 'LOUPE_SQLITE_BINDING';

export interface OpenStoreOptions {
  /** Path to a better_sqlite3.node built for the running ABI (Electron ships its own). */
  nativeBinding?: string;
}

/**
 * The pragmas every connection to the Loupe database runs, in order (the crash
 * test applies exactly these in its writer process).
 * - WAL: readers never block the writer; a commit is one append to the -wal file.
 * - synchronous = FULL, chosen deliberately: every commit fsyncs the WAL before it
 *   returns, so a row Loupe has reported as written (an evidence row shown to the
 *   user) survives a process kill *and* an OS crash or power loss. NORMAL would
 *   survive a kill too (the committed WAL frames are in the OS's cache), but could
 *   lose the last commits on power loss. Loupe writes a few rows per run step, so
 *   one fsync per commit costs nothing anyone sees.
 * - foreign_keys on, and a 3 s busy timeout for the CLI and the app sharing one file.
 */
export const STORE_PRAGMAS: readonly string[] = ['journal_mode = WAL', 'synchronous = FULL', 'foreign_keys = ON', 'busy_timeout = 3000'];

/**
 * Opens (creating if needed) the Loupe database and brings it up to date. Its
 * folder is made 0700 and its files 0600 (private-files.ts); STORE_PRAGMAS apply.
 */
export function openStore(file: string, options: OpenStoreOptions = {}): Db {
  preparePrivateDatabase(file);
  const Database = loadDatabase();
  const nativeBinding = options.nativeBinding ?? defaultNativeBinding();
  const db = new Database(file, nativeBinding ? { nativeBinding } : {});
  for (const pragma of STORE_PRAGMAS) db.pragma(pragma);
  migrate(db);
  return db;
}
