import { closeSync, openSync, readFileSync, readSync, writeSync } from 'node:fs';

/** Where this process's initial environment lies in its memory (Linux: /proc/self/stat fields 50 and 51). */
function environRegion(): { start: number; end: number } | null {
  const stat = readFileSync('/proc/self/stat', 'utf8');
  // Fields after the command name, which is in parentheses and may hold spaces: field 3 is index 0.
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  const start = Number(fields[47]);
  const end = Number(fields[48]);
  return Number.isSafeInteger(start) && Number.isSafeInteger(end) && end > start ? { start, end } : null;
}

/**
 * Zeroes every `NAME=…` entry of the environment block the kernel shows as
 * /proc/<pid>/environ. Deleting the variable (unsetenv) only drops libc's
 * pointer to it; the bytes stay where the kernel put them at exec, readable by
 * any process of the same user. A process may write its own memory through
 * /proc/self/mem. Returns false where that is not possible (not Linux).
 */
function zeroEnvironEntry(name: string): boolean {
  const region = environRegion();
  if (!region) return false;
  const fd = openSync('/proc/self/mem', 'r+');
  try {
    const bytes = Buffer.alloc(region.end - region.start);
    readSync(fd, bytes, 0, bytes.length, region.start);
    const key = `${name}=`;
    let changed = false;
    for (let at = bytes.indexOf(key); at >= 0; at = bytes.indexOf(key, at)) {
      // Only a whole entry: at the start of the block or right after the previous entry's NUL.
      const end = bytes.indexOf(0, at);
      const stop = end < 0 ? bytes.length : end;
      if (at === 0 || bytes[at - 1] === 0) {
        bytes.fill(0, at, stop);
        changed = true;
      }
      at = stop;
    }
    if (changed) writeSync(fd, bytes, 0, bytes.length, region.start);
    return true;
  } finally {
    closeSync(fd);
  }
}

/**
 * The host's token leaves every place an agent (a process of the same user,
 * started by this one) can read without debugging it: the environment variable
 * is deleted and its bytes zeroed in the block /proc/<pid>/environ shows, and
 * the command line (which may carry `--token T` or the `--token-file` path) is
 * replaced by `title` (Node's process.title overwrites the whole argv area that
 * /proc/<pid>/cmdline shows). Linux only where noted; elsewhere the variable is
 * still deleted. Returns what could not be done, for a warning.
 *
 * Not covered, by design: the token file itself stays readable by its owner
 * (and so by an agent running as the same user; keep it outside repositories),
 * a shell that exported LOUPE_TOKEN keeps it, and a process allowed to debug
 * the host (ptrace) can read its memory.
 */
export function forgetToken(env: NodeJS.ProcessEnv, title: string): string[] {
  const problems: string[] = [];
  const inEnv = env.LOUPE_TOKEN !== undefined || process.env.LOUPE_TOKEN !== undefined;
  delete env.LOUPE_TOKEN;
  delete process.env.LOUPE_TOKEN;
  if (process.platform !== 'linux') return problems;
  if (inEnv) {
    try {
      if (!zeroEnvironEntry('LOUPE_TOKEN')) problems.push('environment block');
    } catch {
      problems.push('environment block');
    }
  }
  process.title = title;
  return problems;
}
