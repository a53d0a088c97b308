/**
 * A per-session CODEX_HOME for codex on the wire: a 0700 folder (under the
 * user's CODEX_HOME, `.loupe-wire/<n>`) whose config.toml (0600) is the user's
 * own with the relay's URL as its base URL, every other entry a symlink to the
 * user's CODEX_HOME (auth.json, sessions, history, its databases), so codex
 * reads and writes where it always does. The relay's URL
 * carries its path secret: on codex's command line (`-c openai_base_url=…`)
 * any local user could read it from `ps`; here only the user can (issue 33).
 */
import { chmodSync, cpSync, existsSync, lstatSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

export interface CodexOverlay {
  /** The folder to give codex as CODEX_HOME. */
  dir: string;
  /** Moves back what codex created there (a first session folder, a log) and removes the folder. */
  cleanup(): void;
}

/** Folders codex creates on first use: made in the user's home first, so they are linked, not created in the overlay. */
const FIRST_USE = ['sessions', 'log'];

const toml = (v: string) => JSON.stringify(v);

/**
 * The user's config.toml with its base URL replaced: `base_url` of
 * `[model_providers.<provider>]` when codex uses a provider of its own, else
 * the top-level `openai_base_url` (set before the first table, any earlier one
 * dropped: TOML forbids a key twice).
 */
export function codexConfigWithBaseUrl(text: string, provider: string | null, url: string): string {
  const lines = text.split(/\r?\n/);
  let table = '';
  const out: string[] = [];
  let replaced = false;
  for (const line of lines) {
    const header = /^\s*\[([^\]]+)\]\s*(#.*)?$/.exec(line);
    if (header) table = header[1]!.trim().replace(/"/g, '');
    else if (provider === null && table === '' && /^\s*openai_base_url\s*=/.test(line)) continue;
    else if (provider !== null && table === `model_providers.${provider}` && /^\s*base_url\s*=/.test(line)) {
      out.push(`base_url = ${toml(url)}`);
      replaced = true;
      continue;
    }
    out.push(line);
  }
  if (provider === null) return `openai_base_url = ${toml(url)}\n${out.join('\n')}`;
  if (!replaced) throw new Error(`codex's config.toml names no base_url for provider "${provider}"`);
  return out.join('\n');
}

/** Where the overlays live, inside the user's CODEX_HOME (hidden; never linked into an overlay). */
export const OVERLAYS_DIR = '.loupe-wire';

/** Whether a process is alive (a slot's lock names its holder). */
function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** Takes the first free slot folder (0, 1, …): its lock file made exclusively, or taken over from a process that is gone. */
function takeSlot(root: string): string {
  for (let n = 0; ; n++) {
    const dir = join(root, String(n));
    mkdirSync(dir, { recursive: true, mode: 0o700 });
    const lock = join(dir, '.lock');
    try {
      writeFileSync(lock, String(process.pid), { flag: 'wx', mode: 0o600 });
      return dir;
    } catch {
      const holder = Number(readFileSync(lock, 'utf8').trim());
      if (Number.isFinite(holder) && holder > 0 && holder !== process.pid && alive(holder)) continue;
      if (holder === process.pid) continue;
      // A stale lock (its process ended without cleaning up): taken over.
      writeFileSync(lock, String(process.pid), { mode: 0o600 });
      return dir;
    }
  }
}

/**
 * Makes the overlay for the user's CODEX_HOME `home`, its config.toml being `config`.
 * The overlay is a numbered slot under `home/.loupe-wire/`, kept after the session
 * (only its lock is released): codex records each session's rollout by the path it
 * wrote it under (`<slot>/sessions/…`, a link into the user's own sessions), and a
 * later `codex resume` finds it there. One slot per session running at once.
 */
export function codexHomeOverlay(home: string, config: string): CodexOverlay {
  mkdirSync(home, { recursive: true, mode: 0o700 });
  for (const name of FIRST_USE) if (!existsSync(join(home, name))) mkdirSync(join(home, name), { mode: 0o700 });
  const root = join(home, OVERLAYS_DIR);
  mkdirSync(root, { recursive: true, mode: 0o700 });
  chmodSync(root, 0o700);
  const dir = takeSlot(root);
  chmodSync(dir, 0o700);
  // Links to every entry of the user's home, made again each time (entries come and go).
  for (const name of readdirSync(dir)) if (name !== '.lock' && lstatSync(join(dir, name)).isSymbolicLink()) rmSync(join(dir, name));
  for (const name of readdirSync(home)) if (name !== 'config.toml' && name !== OVERLAYS_DIR && !existsSync(join(dir, name))) symlinkSync(join(home, name), join(dir, name));
  rmSync(join(dir, 'config.toml'), { force: true });
  writeFileSync(join(dir, 'config.toml'), config, { mode: 0o600 });
  let done = false;
  return {
    dir,
    cleanup() {
      if (done) return;
      done = true;
      try {
        for (const name of readdirSync(dir)) {
          if (name === 'config.toml' || name === '.lock' || lstatSync(join(dir, name)).isSymbolicLink() || existsSync(join(home, name))) continue;
          try {
            renameSync(join(dir, name), join(home, name));
          } catch {
            cpSync(join(dir, name), join(home, name), { recursive: true });
            rmSync(join(dir, name), { recursive: true, force: true });
          }
          symlinkSync(join(home, name), join(dir, name));
        }
      } finally {
        // The relay's URL (dead now) is not left behind; the slot is free again.
        rmSync(join(dir, 'config.toml'), { force: true });
        rmSync(join(dir, '.lock'), { force: true });
      }
    },
  };
}

/** The user's config.toml text ('' when there is none). */
export function readCodexConfig(home: string): string {
  try {
    return readFileSync(join(home, 'config.toml'), 'utf8');
  } catch {
    return '';
  }
}
