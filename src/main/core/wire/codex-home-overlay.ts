/**
 * A per-session CODEX_HOME for codex on the wire: a 0700 folder whose
 * config.toml (0600) is the user's own with the relay's URL as its base URL,
 * every other entry a symlink to the user's CODEX_HOME (auth.json, sessions,
 * history…), so codex reads and writes where it always does. The relay's URL
 * carries its path secret: on codex's command line (`-c openai_base_url=…`)
 * any local user could read it from `ps`; here only the user can (issue 33).
 */
import { cpSync, existsSync, lstatSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, renameSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
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

/** Makes the overlay for the user's CODEX_HOME `home`, its config.toml being `config`. */
export function codexHomeOverlay(home: string, config: string): CodexOverlay {
  mkdirSync(home, { recursive: true, mode: 0o700 });
  for (const name of FIRST_USE) if (!existsSync(join(home, name))) mkdirSync(join(home, name), { mode: 0o700 });
  // mkdtemp makes the folder 0700: no other user can list or enter it.
  const dir = mkdtempSync(join(tmpdir(), 'loupe-codex-home-'));
  for (const name of readdirSync(home)) if (name !== 'config.toml') symlinkSync(join(home, name), join(dir, name));
  writeFileSync(join(dir, 'config.toml'), config, { mode: 0o600 });
  let done = false;
  return {
    dir,
    cleanup() {
      if (done) return;
      done = true;
      try {
        for (const name of readdirSync(dir)) {
          if (name === 'config.toml' || lstatSync(join(dir, name)).isSymbolicLink() || existsSync(join(home, name))) continue;
          try {
            renameSync(join(dir, name), join(home, name));
          } catch {
            cpSync(join(dir, name), join(home, name), { recursive: true });
          }
        }
      } finally {
        rmSync(dir, { recursive: true, force: true });
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
