import { fromJson, toJson, type Json } from './rows';
import type { Db } from './store';

/** Reads one JSON setting, or `fallback` when unset or unreadable. */
export function getSetting<T>(db: Db, key: string, fallback: T): T {
  // A setting's type is its key's: each key is read and written by one module with one type.
  const row = db.prepare<[string], { value: Json<T> }>('SELECT value FROM settings WHERE key = ?').get(key);
  if (!row) return fallback;
  try {
    return fromJson(row.value);
  } catch {
    return fallback;
  }
}

/** Writes one JSON setting. */
export function setSetting(db: Db, key: string, value: unknown, now: Date = new Date()): void {
  db.prepare<[string, Json<unknown>, string]>(
    `INSERT INTO settings (key, value, updated_at) VALUES (?, ?, ?)
     ON CONFLICT(key) DO UPDATE SET value = excluded.value, updated_at = excluded.updated_at`,
  ).run(key, toJson(value), now.toISOString());
}
