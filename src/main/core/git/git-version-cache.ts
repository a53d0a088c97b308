// The git binary's version, kept between processes so that a one-shot `loupe inspect`
// does not start `git --version` every time (one process fewer: its fork alone blocks
// the event loop 6-10 ms on a quiet machine). An entry is keyed by the binary's real
// path, device, inode, size, mtime and ctime: replacing or upgrading git changes the key.
//
// Only a native executable is cached. A script (`#!`: a shim such as asdf's, or a
// wrapper) can start another git without changing itself, so its version is asked each
// time; so is any binary that cannot be found on PATH by name here.
import { accessSync, closeSync, constants, mkdirSync, openSync, readFileSync, readSync, realpathSync, renameSync, statSync, writeFileSync } from 'node:fs';
import { delimiter, dirname, isAbsolute, join, resolve } from 'node:path';

/** The cache's file name in the user-data folder. */
export const GIT_VERSION_FILE = 'git-version.json';

/** Where `command` runs from: itself when it names a path, else the first executable file of that name on PATH. */
function locate(command: string, env: NodeJS.ProcessEnv): string | null {
  const names = process.platform === 'win32' && !/\.exe$/i.test(command) ? [`${command}.exe`] : [command];
  const candidates = command.includes('/') || command.includes('\\') || isAbsolute(command)
    ? [resolve(command)]
    : (env.PATH ?? '').split(delimiter).filter(Boolean).flatMap((dir) => names.map((n) => join(dir, n)));
  for (const path of candidates) {
    try {
      if (!statSync(path).isFile()) continue;
      accessSync(path, constants.X_OK);
      return path;
    } catch {
      // Not there or not executable: the next one on PATH.
    }
  }
  return null;
}

/** True when the file starts with `#!` (a script, whose interpreter may start any git). */
function isScript(path: string): boolean {
  const fd = openSync(path, 'r');
  try {
    const head = Buffer.alloc(2);
    return readSync(fd, head, 0, 2, 0) === 2 && head.toString('latin1') === '#!';
  } finally {
    closeSync(fd);
  }
}

/** The cache key of the binary `command` runs, or null when it is not one a version may be kept for. */
export function gitBinaryKey(command: string, env: NodeJS.ProcessEnv = process.env): string | null {
  try {
    const found = locate(command, env);
    if (!found) return null;
    const real = realpathSync(found);
    if (isScript(real)) return null;
    const s = statSync(real);
    return [real, s.dev, s.ino, s.size, s.mtimeMs, s.ctimeMs].join('\0');
  } catch {
    return null;
  }
}

interface Entry {
  key: string;
  version: string;
}

/** The version stored for `key` in `file`, or null (none, another binary, unreadable). */
export function cachedGitVersion(file: string, key: string): string | null {
  try {
    const entry = JSON.parse(readFileSync(file, 'utf8')) as Partial<Entry>;
    return entry.key === key && typeof entry.version === 'string' && entry.version ? entry.version : null;
  } catch {
    return null;
  }
}

/** Stores `version` for `key` (written whole, then renamed into place); a failure only costs the next check. */
export function storeGitVersion(file: string, key: string, version: string): void {
  try {
    mkdirSync(dirname(file), { recursive: true, mode: 0o700 });
    const temp = `${file}.${process.pid}.tmp`;
    writeFileSync(temp, JSON.stringify({ key, version } satisfies Entry), { mode: 0o600 });
    renameSync(temp, file);
  } catch {
    // A read-only user-data folder: the version is asked again next time.
  }
}
