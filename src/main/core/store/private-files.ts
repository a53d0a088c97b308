// The database holds what users inspect and run (transcripts and evidence will
// hold code), so its folder is private to the user (0700) and its files too (0600).
// POSIX modes only: on Windows the user profile's ACLs already do this.
import { chmodSync, closeSync, existsSync, mkdirSync, openSync, readdirSync, statSync } from 'node:fs';
import { homedir } from 'node:os';
import { basename, dirname, join, parse, resolve } from 'node:path';

export const PRIVATE_DIR_MODE = 0o700;
export const PRIVATE_FILE_MODE = 0o600;

const posix = process.platform !== 'win32';
const ownedByMe = (path: string) => posix && statSync(path).uid === process.getuid?.();

/**
 * Creates `dir` (and missing parents) 0700. An existing folder is tightened to
 * 0700 only when it is ours: owned by this user and either empty or already
 * holding the database `dbName`. A folder the user pointed LOUPE_USER_DATA at that
 * holds other things (their home, a shared folder) keeps its mode; the database
 * files in it are private anyway.
 */
export function preparePrivateFolder(dir: string, dbName: string): void {
  const full = resolve(dir);
  if (!existsSync(full)) {
    mkdirSync(full, { recursive: true, mode: PRIVATE_DIR_MODE });
    // mkdir applies the umask; a folder we created is ours to set exactly.
    if (posix) chmodSync(full, PRIVATE_DIR_MODE);
    return;
  }
  if (!posix || full === homedir() || full === parse(full).root) return;
  const mode = statSync(full).mode & 0o777;
  if (mode === PRIVATE_DIR_MODE || !ownedByMe(full)) return;
  const entries = readdirSync(full);
  if (entries.length === 0 || entries.includes(dbName)) chmodSync(full, PRIVATE_DIR_MODE);
}

/**
 * Makes the database file exist with mode 0600 before SQLite opens it, and
 * tightens an existing one (and its -wal / -shm files) when this user owns it.
 * SQLite creates -wal and -shm with the database file's own mode, so later ones
 * follow.
 */
export function preparePrivateDatabaseFile(file: string): void {
  if (!existsSync(file)) closeSync(openSync(file, 'a', PRIVATE_FILE_MODE));
  if (!posix) return;
  for (const path of [file, `${file}-wal`, `${file}-shm`, `${file}-journal`]) {
    if (existsSync(path) && (statSync(path).mode & 0o777) !== PRIVATE_FILE_MODE && ownedByMe(path)) chmodSync(path, PRIVATE_FILE_MODE);
  }
}

/** preparePrivateFolder for the database's folder, then preparePrivateDatabaseFile. */
export function preparePrivateDatabase(file: string): void {
  preparePrivateFolder(dirname(file), basename(file));
  preparePrivateDatabaseFile(join(dirname(resolve(file)), basename(file)));
}
