// Finding an agent CLI on PATH in JS (no `which`/`where` process).
import { statSync, accessSync, constants } from 'node:fs';
import { delimiter, isAbsolute, join } from 'node:path';

/**
 * Extra folders searched before PATH when looking for agent CLIs, separated
 * like PATH. For tests, and for users whose CLIs live outside the PATH the
 * app was started with (a desktop app often gets a shorter PATH than a shell).
 */
export const AGENT_PATH_ENV = 'LOUPE_AGENT_PATH';

/** The folders searched, in order: LOUPE_AGENT_PATH, then PATH (empty and relative entries skipped). */
export function searchDirs(env: NodeJS.ProcessEnv, platform: NodeJS.Platform = process.platform): string[] {
  const pathVar = platform === 'win32' ? (env.Path ?? env.PATH ?? env.path) : env.PATH;
  const sep = platform === 'win32' ? ';' : delimiter;
  const dirs = [env[AGENT_PATH_ENV], pathVar].flatMap((v) => (v ? v.split(sep) : []));
  // A relative entry would resolve against whatever the current folder is: never trust it.
  return [...new Set(dirs.map((d) => d.trim().replace(/^"(.*)"$/, '$1')).filter((d) => d && isAbsolute(d)))];
}

function isExecutableFile(path: string, platform: NodeJS.Platform): boolean {
  try {
    if (!statSync(path).isFile()) return false;
    if (platform !== 'win32') accessSync(path, constants.X_OK);
    return true;
  } catch {
    return false;
  }
}

/**
 * The absolute path of `name` as a shell would find it: the first executable
 * file named `name` in the search folders. On Windows every PATHEXT extension
 * is tried (`.EXE` before `.CMD` by the default order).
 */
export function findExecutable(name: string, env: NodeJS.ProcessEnv, platform: NodeJS.Platform = process.platform): string | null {
  const exts =
    platform === 'win32'
      ? (env.PATHEXT ?? '.COM;.EXE;.BAT;.CMD')
          .split(';')
          .map((e) => e.trim())
          .filter(Boolean)
      : [''];
  for (const dir of searchDirs(env, platform)) {
    for (const ext of exts) {
      const candidate = join(dir, name + ext);
      if (isExecutableFile(candidate, platform)) return candidate;
    }
  }
  return null;
}
