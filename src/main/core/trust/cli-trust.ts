/**
 * Each CLI's own earlier trust decision about a folder, where it keeps one:
 * claude's trust dialog (`projects[path].hasTrustDialogAccepted` in
 * ~/.claude.json, a parent folder's counting too), gemini's trusted folders
 * (`~/.gemini/trustedFolders.json`, GEMINI_CLI_TRUST_WORKSPACE, folder trust
 * turned off), codex's `[projects."path"] trust_level = "trusted"`. Loupe
 * honours a yes: the user already let that CLI load the folder's configuration.
 */
import { readFileSync, realpathSync } from 'node:fs';
import { homedir } from 'node:os';
import { dirname, join, resolve, sep } from 'node:path';
import type { TrustCli } from '../../../shared/contract/trust';

export interface CliTrust {
  trusted: boolean;
  /** How it was decided ("claude's trust dialog was accepted for /path"), or null. */
  how: string | null;
}

const NO: CliTrust = { trusted: false, how: null };

function readJson(path: string): unknown {
  try {
    return JSON.parse(readFileSync(path, 'utf8'));
  } catch {
    return null;
  }
}

/** The folder and each of its parents, nearest first; its real path's too when it differs. */
function selfAndParents(folder: string): string[] {
  const out: string[] = [];
  const starts = [resolve(folder)];
  try {
    const real = realpathSync(folder);
    if (real !== starts[0]) starts.push(real);
  } catch {
    /* a folder that does not exist has no real path */
  }
  for (let dir of starts) {
    for (;;) {
      out.push(dir);
      const up = dirname(dir);
      if (up === dir) break;
      dir = up;
    }
  }
  return out;
}

const home = (env: NodeJS.ProcessEnv) => env.HOME || env.USERPROFILE || homedir();
const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/** claude: the trust dialog accepted for this folder or a parent (claude's own rule). */
export function claudeTrust(repo: string, env: NodeJS.ProcessEnv): CliTrust {
  const file = env.CLAUDE_CONFIG_DIR ? join(env.CLAUDE_CONFIG_DIR, '.claude.json') : join(home(env), '.claude.json');
  const cfg = readJson(file);
  const projects = isObject(cfg) && isObject(cfg.projects) ? cfg.projects : {};
  for (const dir of selfAndParents(repo)) {
    const p = projects[dir];
    if (isObject(p) && p.hasTrustDialogAccepted === true) return { trusted: true, how: `claude's trust dialog was accepted for ${dir}` };
  }
  return NO;
}

const inside = (child: string, parent: string) => child === parent || child.startsWith(parent.endsWith(sep) ? parent : parent + sep);

/** gemini: GEMINI_CLI_TRUST_WORKSPACE, folder trust turned off in its settings, or trustedFolders.json (the longest matching rule). */
export function geminiTrust(repo: string, env: NodeJS.ProcessEnv): CliTrust {
  if (env.GEMINI_CLI_TRUST_WORKSPACE === 'false' || env.GEMINI_RESTRICTED_MODE === 'true') return NO;
  if (env.GEMINI_CLI_TRUST_WORKSPACE === 'true') return { trusted: true, how: 'GEMINI_CLI_TRUST_WORKSPACE=true trusts every folder' };
  const dir = join(env.GEMINI_CLI_HOME || home(env), '.gemini');
  const settings = readJson(join(dir, 'settings.json'));
  const folderTrust = isObject(settings) && isObject(settings.security) && isObject(settings.security.folderTrust) ? settings.security.folderTrust.enabled : undefined;
  if (folderTrust === false) return { trusted: true, how: "gemini's folder trust is turned off (security.folderTrust.enabled: false)" };
  const rules = readJson(env.GEMINI_CLI_TRUSTED_FOLDERS_PATH || join(dir, 'trustedFolders.json'));
  if (!isObject(rules)) return NO;
  const target = resolve(repo);
  let best: { len: number; trusted: boolean; path: string } | null = null;
  for (const [path, level] of Object.entries(rules)) {
    const base = level === 'TRUST_PARENT' ? dirname(resolve(path)) : resolve(path);
    if (!inside(target, base)) continue;
    if (!best || base.length > best.len) best = { len: base.length, trusted: level === 'TRUST_FOLDER' || level === 'TRUST_PARENT', path };
  }
  return best?.trusted ? { trusted: true, how: `gemini's trustedFolders.json trusts ${best.path}` } : NO;
}

/** codex: `[projects."<folder or a parent>"]` with `trust_level = "trusted"` in its config.toml. */
export function codexTrust(repo: string, env: NodeJS.ProcessEnv): CliTrust {
  const file = join(env.CODEX_HOME || join(home(env), '.codex'), 'config.toml');
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch {
    return NO;
  }
  const trusted = new Set<string>();
  let project: string | null = null;
  for (const line of text.split(/\r?\n/)) {
    const header = /^\s*\[\s*projects\s*\.\s*(?:"((?:[^"\\]|\\.)*)"|'([^']*)')\s*\]/.exec(line);
    if (header) {
      project = header[2] ?? (JSON.parse(`"${header[1]}"`) as string);
      continue;
    }
    if (/^\s*\[/.test(line)) project = null;
    if (project && /^\s*trust_level\s*=\s*["']trusted["']/.test(line)) trusted.add(resolve(project));
    // The inline form: projects = { "/path" = { trust_level = "trusted" } } is rare; not read.
  }
  for (const dir of selfAndParents(repo)) if (trusted.has(dir)) return { trusted: true, how: `codex's config.toml trusts ${dir}` };
  return NO;
}

/** Every CLI's own decision about `repo`. */
export function cliTrust(repo: string, env: NodeJS.ProcessEnv): Record<TrustCli, CliTrust> {
  return { claude: claudeTrust(repo, env), gemini: geminiTrust(repo, env), codex: codexTrust(repo, env) };
}

/**
 * True when Loupe can hand codex its trust in `repoRoot` on the command line
 * (`-c projects.<path>.trust_level="trusted"`): codex splits a `-c` key at every
 * dot, quotes unread (codex 0.171), and the override at its first `=`.
 */
export function codexTrustPassable(repoRoot: string): boolean {
  return !/[.=]/.test(repoRoot);
}
