import Database from 'better-sqlite3';
import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';

export type Db = Database.Database;

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
    .sort((a, b) => a.version - b.version);
}

/**
 * Applies every migration newer than the database's user_version, each in its
 * own transaction, so a failure leaves the database at the last good version.
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
  for (const m of migrations) {
    if (m.version <= current) continue;
    db.transaction(() => {
      db.exec(m.sql);
      db.pragma(`user_version = ${m.version}`);
    })();
  }
  return db.pragma('user_version', { simple: true }) as number;
}

export interface OpenStoreOptions {
  /** Path to a better_sqlite3.node built for the running ABI (Electron ships its own). */
  nativeBinding?: string;
}

/** Opens (creating if needed) the Loupe database in WAL mode and brings it up to date. */
export function openStore(file: string, options: OpenStoreOptions = {}): Db {
  mkdirSync(dirname(file), { recursive: true });
  const db = new Database(file, options.nativeBinding ? { nativeBinding: options.nativeBinding } : {});
  db.pragma('journal_mode = WAL');
  db.pragma('foreign_keys = ON');
  db.pragma('busy_timeout = 3000');
  migrate(db);
  return db;
}
