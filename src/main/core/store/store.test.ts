import Database from 'better-sqlite3';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { removeTempDirs, tempDir } from '../testing/fixtures';
import { bundledMigrations, defaultNativeBinding, migrate, openStore } from './store';
import { getSetting, setSetting } from './settings';
import { forgetRecent, listRecent, touchRecent } from './recent-repos';

afterAll(removeTempDirs);

describe('store', () => {
  it('opens a WAL database at the latest schema version', () => {
    const file = join(tempDir(), 'nested', 'loupe.db');
    const db = openStore(file);
    expect(db.pragma('journal_mode', { simple: true })).toBe('wal');
    // FULL (2): a commit is on disk before it returns (see STORE_PRAGMAS).
    expect(db.pragma('synchronous', { simple: true })).toBe(2);
    expect(db.pragma('user_version', { simple: true })).toBe(bundledMigrations().at(-1)!.version);
    db.close();
  });

  it("opens with the native addon better-sqlite3's own loader (bindings) would pick, found without it", () => {
    const fromHere = createRequire(__filename);
    const root = dirname(dirname(fromHere.resolve('better-sqlite3')));
    // bindings is better-sqlite3's dependency: asked, from there, which file it would load.
    const bindings = createRequire(join(root, 'package.json'))('bindings') as (o: object) => string;
    const chosen = bindings({ bindings: 'better_sqlite3.node', module_root: root, path: true });
    expect(defaultNativeBinding()).toBe(chosen);
    const db = openStore(join(tempDir(), 'loupe.db'));
    expect(db.pragma('user_version', { simple: true })).toBe(bundledMigrations().at(-1)!.version);
    db.close();
  });

  it('bundles migrations with distinct, consecutive numbers', () => {
    // A duplicate number would let a database already at that number skip a file.
    const versions = bundledMigrations().map((m) => m.version);
    expect(versions).toEqual(versions.map((_, i) => i + 1));
  });

  it('applies only the migrations newer than user_version, in order', () => {
    const db = new Database(join(tempDir(), 'm.db'));
    const steps = [
      { version: 1, name: 'a', sql: 'CREATE TABLE a (x INTEGER);' },
      { version: 2, name: 'b', sql: 'INSERT INTO a VALUES (2);' },
    ];
    expect(migrate(db, steps.slice(0, 1))).toBe(1);
    expect(migrate(db, steps)).toBe(2);
    expect(migrate(db, steps)).toBe(2);
    expect(db.prepare('SELECT count(*) AS n FROM a').get()).toEqual({ n: 1 });
    db.close();
  });

  it('rolls back a failing migration and keeps the last good version', () => {
    const db = new Database(join(tempDir(), 'bad.db'));
    const steps = [
      { version: 1, name: 'a', sql: 'CREATE TABLE a (x INTEGER);' },
      { version: 2, name: 'ok', sql: 'CREATE TABLE c (z INTEGER);' },
      { version: 3, name: 'bad', sql: 'CREATE TABLE b (y INTEGER); INSERT INTO nope VALUES (1);' },
    ];
    expect(migrate(db, steps.slice(0, 1))).toBe(1);
    expect(() => migrate(db, steps)).toThrow(/nope/);
    expect(db.pragma('user_version', { simple: true })).toBe(2);
    expect(db.prepare("SELECT name FROM sqlite_master WHERE name = 'b'").get()).toBeUndefined();
    db.close();
  });

  it('brings a new database up in one transaction: a failing migration leaves it empty', () => {
    const db = new Database(join(tempDir(), 'fresh.db'));
    const steps = [
      { version: 1, name: 'a', sql: 'CREATE TABLE a (x INTEGER);' },
      { version: 2, name: 'bad', sql: 'INSERT INTO nope VALUES (1);' },
    ];
    expect(() => migrate(db, steps)).toThrow(/nope/);
    expect(db.pragma('user_version', { simple: true })).toBe(0);
    expect(db.prepare("SELECT name FROM sqlite_master WHERE name = 'a'").get()).toBeUndefined();
    expect(migrate(db, steps.slice(0, 1))).toBe(1);
    db.close();
  });

  it('refuses a database from a newer Loupe instead of guessing', () => {
    const db = new Database(join(tempDir(), 'new.db'));
    db.pragma('user_version = 999');
    expect(() => migrate(db)).toThrow(/newer Loupe/);
    db.close();
  });

  it('keeps settings as JSON and recent repositories newest first', () => {
    const db = openStore(join(tempDir(), 'loupe.db'));
    expect(getSetting(db, 'x', 'fallback')).toBe('fallback');
    setSetting(db, 'x', { on: true });
    expect(getSetting(db, 'x', null)).toEqual({ on: true });
    touchRecent(db, '/a', 'a', new Date('2026-01-01'));
    touchRecent(db, '/b', 'b', new Date('2026-01-02'));
    touchRecent(db, '/a', 'a', new Date('2026-01-03'));
    expect(listRecent(db).map((r) => r.path)).toEqual(['/a', '/b']);
    for (let i = 0; i < 30; i++) touchRecent(db, `/r${i}`, `r${i}`, new Date(2026, 1, i + 1));
    expect(listRecent(db)).toHaveLength(20);
    forgetRecent(db, '/r29');
    expect(listRecent(db).map((r) => r.path)).not.toContain('/r29');
    db.close();
  });
});
