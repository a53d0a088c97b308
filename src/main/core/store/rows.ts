/**
 * Typed rows: a store module declares each statement's parameters and row
 * shape once (`db.prepare<[string], RunRow>(sql)`), and a JSON column's type
 * once (`input_json: Json<RunInput>`), so reading a row or a column needs no
 * cast. A JSON column is written only by its store module through `toJson`
 * with a value of the column's type; `fromJson` is the one place its text is
 * read back as that type (the database holds nothing Loupe did not write).
 */

declare const jsonOf: unique symbol;

/** The text of a JSON column that holds a `T` (a plain string is accepted: rows come back as strings). */
export type Json<T> = string & { readonly [jsonOf]?: T };

/** `value` as its column's JSON text. */
export function toJson<T>(value: T): Json<T> {
  return JSON.stringify(value);
}

/** A JSON column's value, of the type the column declares. */
export function fromJson<T>(text: Json<T>): T {
  return JSON.parse(text) as T;
}

/** A nullable JSON column's value, or null. */
export function fromJsonOrNull<T>(text: Json<T> | null): T | null {
  return text === null ? null : fromJson(text);
}

/** A nullable JSON column's text: null stays null. */
export function toJsonOrNull<T>(value: T | null | undefined): Json<T> | null {
  return value === null || value === undefined ? null : toJson(value);
}

/** A count: `SELECT COUNT(*) AS n ...`. */
export interface CountRow {
  n: number;
}

/** True when `err` is SQLite refusing a statement with this result code (e.g. 'SQLITE_CONSTRAINT_FOREIGNKEY'). */
export function isSqliteCode(err: unknown, code: string): boolean {
  return err instanceof Error && 'code' in err && err.code === code;
}
