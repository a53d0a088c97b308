/**
 * What a repository's own agent configuration would make a CLI do, read as
 * text (nothing in it is run): claude's project settings and `.mcp.json`,
 * gemini's project settings and `.env` files, codex's project config. These
 * are what a hostile repository uses to start its own programs through the
 * agent Loupe launches (hooks, an apiKeyHelper, a stdio MCP server, a status
 * line) or to send the agent's requests somewhere else (an env base URL).
 * The fingerprint binds a grant to exactly the bytes the user was shown.
 */
import { createHash } from 'node:crypto';
import { readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import type { AgentConfigItem, TrustCli } from '../../../shared/contract/trust';

/** Each CLI's project configuration files, relative to the repository's top folder. */
export const AGENT_CONFIG_FILES: Record<TrustCli, readonly string[]> = {
  claude: ['.claude/settings.json', '.claude/settings.local.json', '.mcp.json'],
  gemini: ['.gemini/settings.json', '.gemini/.env', '.env'],
  codex: ['.codex/config.toml'],
};

/** A file Loupe reads at most this much of (a configuration file is small; a bigger one is shown as such). */
const MAX_FILE_BYTES = 1024 * 1024;
const DETAIL_MAX = 300;

export interface AgentConfig {
  files: string[];
  items: AgentConfigItem[];
  fingerprint: string;
}

const cut = (s: string) => (s.length > DETAIL_MAX ? `${s.slice(0, DETAIL_MAX)}…` : s);
const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/** A file's bytes when it is a regular file (a symlink to one counts; never a FIFO or a device), else null. */
function readRegular(path: string): Buffer | null {
  try {
    const st = statSync(path);
    if (!st.isFile()) return null;
    if (st.size > MAX_FILE_BYTES) return Buffer.from(`<${st.size} bytes: too large to read>`);
    return readFileSync(path);
  } catch {
    return null;
  }
}

function commandOf(v: Record<string, unknown>): string {
  const args = Array.isArray(v.args) ? v.args.map(String) : [];
  if (typeof v.command === 'string') return [v.command, ...args].join(' ');
  if (typeof v.url === 'string') return v.url;
  if (typeof v.httpUrl === 'string') return v.httpUrl;
  return JSON.stringify(v);
}

/** MCP servers of a `{"mcpServers": {...}}` object (claude's .mcp.json and settings, gemini's settings). */
function mcpItems(cli: TrustCli, file: string, servers: unknown): AgentConfigItem[] {
  if (!isObject(servers)) return [];
  return Object.entries(servers).map(([name, v]) => ({ cli, file, kind: 'mcp-server' as const, name, detail: cut(isObject(v) ? commandOf(v) : String(v)) }));
}

/** Hooks as claude and gemini write them: `{Event: [{matcher?, hooks: [{type: "command", command}]}]}`. */
function hookItems(cli: TrustCli, file: string, hooks: unknown): AgentConfigItem[] {
  if (!isObject(hooks)) return [];
  const out: AgentConfigItem[] = [];
  for (const [event, groups] of Object.entries(hooks)) {
    for (const g of Array.isArray(groups) ? groups : [groups]) {
      const inner = isObject(g) && Array.isArray(g.hooks) ? g.hooks : [g];
      const matcher = isObject(g) && typeof g.matcher === 'string' && g.matcher ? ` (${g.matcher})` : '';
      for (const h of inner) out.push({ cli, file, kind: 'hook', name: `${event}${matcher}`, detail: cut(isObject(h) && typeof h.command === 'string' ? h.command : JSON.stringify(h)) });
    }
  }
  return out;
}

/** A variable whose name says it holds a credential: its value is not shown (a `.env` is often the user's own, with real keys). */
const SECRET_NAME = /KEY|TOKEN|SECRET|PASSW|CREDENTIAL|AUTH|PRIVATE/i;
/** A credential-named variable's value hidden; a URL's user and password (`postgres://u:p@host`) too. */
const envValue = (name: string, value: string) =>
  SECRET_NAME.test(name) && value ? `(value hidden: ${value.length} characters)` : cut(value.replace(/^([a-z][a-z0-9+.-]*:\/\/)[^/@\s]*@/i, '$1(hidden)@'));

function envItems(cli: TrustCli, file: string, env: unknown): AgentConfigItem[] {
  if (!isObject(env)) return [];
  return Object.entries(env).map(([name, v]) => ({ cli, file, kind: 'env' as const, name, detail: envValue(name, String(v)) }));
}

/** Settings keys whose value is a program claude starts. */
const CLAUDE_HELPERS = ['apiKeyHelper', 'awsAuthRefresh', 'awsCredentialExport', 'otelHeadersHelper'];

function claudeSettings(file: string, s: Record<string, unknown>): AgentConfigItem[] {
  const items = [...hookItems('claude', file, s.hooks), ...envItems('claude', file, s.env), ...mcpItems('claude', file, s.mcpServers)];
  for (const key of CLAUDE_HELPERS) if (typeof s[key] === 'string') items.push({ cli: 'claude', file, kind: 'helper', name: key, detail: cut(s[key] as string) });
  if (isObject(s.statusLine)) items.push({ cli: 'claude', file, kind: 'status-line', name: 'statusLine', detail: cut(typeof s.statusLine.command === 'string' ? s.statusLine.command : JSON.stringify(s.statusLine)) });
  const shown = new Set(['hooks', 'env', 'mcpServers', 'statusLine', ...CLAUDE_HELPERS]);
  for (const [key, v] of Object.entries(s)) if (!shown.has(key)) items.push({ cli: 'claude', file, kind: 'setting', name: key, detail: cut(JSON.stringify(v)) });
  return items;
}

function geminiSettings(file: string, s: Record<string, unknown>): AgentConfigItem[] {
  const items = [...hookItems('gemini', file, s.hooks), ...mcpItems('gemini', file, s.mcpServers)];
  const tools = isObject(s.tools) ? s.tools : {};
  for (const key of ['discoveryCommand', 'callCommand']) {
    const v = tools[key] ?? s[key];
    if (typeof v === 'string') items.push({ cli: 'gemini', file, kind: 'helper', name: `tools.${key}`, detail: cut(v) });
  }
  for (const [key, v] of Object.entries(s)) if (key !== 'hooks' && key !== 'mcpServers') items.push({ cli: 'gemini', file, kind: 'setting', name: key, detail: cut(JSON.stringify(v)) });
  return items;
}

/** `KEY=value` lines (dotenv), comments and blanks skipped. */
export function dotenvItems(cli: TrustCli, file: string, text: string): AgentConfigItem[] {
  const out: AgentConfigItem[] = [];
  for (const line of text.split(/\r?\n/)) {
    const m = /^\s*(?:export\s+)?([A-Za-z_][A-Za-z0-9_.-]*)\s*[=:]\s*(.*)$/.exec(line);
    if (m) out.push({ cli, file, kind: 'env', name: m[1]!, detail: envValue(m[1]!, m[2]!.trim().replace(/^(['"])(.*)\1$/, '$2')) });
  }
  return out;
}

/**
 * codex's config.toml, line by line (the shapes that run or redirect: MCP
 * servers' commands, `notify`, a provider's `base_url`); every other key is a
 * setting. Not a TOML parser: what it cannot place it still lists.
 */
export function codexItems(file: string, text: string): AgentConfigItem[] {
  const out: AgentConfigItem[] = [];
  let table = '';
  for (const raw of text.split(/\r?\n/)) {
    const line = raw.replace(/^\s+/, '');
    if (!line || line.startsWith('#')) continue;
    const header = /^\[\[?([^\]]+)\]\]?/.exec(line);
    if (header) {
      table = header[1]!.trim();
      continue;
    }
    const kv = /^([^=]+?)\s*=\s*(.*)$/.exec(line);
    if (!kv) continue;
    const key = kv[1]!.trim();
    const full = table ? `${table}.${key}` : key;
    const value = cut(kv[2]!.trim());
    const server = /^mcp_servers\.("?)([^."]+)\1(?:\.(.+))?$/.exec(full);
    if (server) out.push({ cli: 'codex', file, kind: 'mcp-server', name: server[2]!, detail: `${server[3] ?? key} = ${value}` });
    else if (key === 'notify' || key.endsWith('command')) out.push({ cli: 'codex', file, kind: 'helper', name: full, detail: value });
    else if (/base_url$|^env$|env_key$/.test(key) || table.startsWith('shell_environment_policy')) out.push({ cli: 'codex', file, kind: 'env', name: full, detail: value });
    else out.push({ cli: 'codex', file, kind: 'setting', name: full, detail: value });
  }
  return out;
}

function itemsOf(cli: TrustCli, file: string, bytes: Buffer): AgentConfigItem[] {
  const text = bytes.toString('utf8').replace(/^\uFEFF/, '');
  if (file.endsWith('.env')) return dotenvItems(cli, file, text);
  if (file.endsWith('.toml')) return codexItems(file, text);
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    // The CLI may read what Loupe cannot (comments, a trailing comma): still a file to trust.
    return [{ cli, file, kind: 'setting', name: '(unreadable)', detail: 'Loupe could not read this file as JSON; the CLI may still load it.' }];
  }
  if (!isObject(json)) return [];
  if (file === '.mcp.json') return mcpItems(cli, file, json.mcpServers);
  return cli === 'claude' ? claudeSettings(file, json) : geminiSettings(file, json);
}

/** Every agent configuration file in `repo` and what it would do, with the fingerprint of their bytes. */
export function readAgentConfig(repo: string): AgentConfig {
  const hash = createHash('sha256');
  const files: string[] = [];
  const items: AgentConfigItem[] = [];
  for (const [cli, names] of Object.entries(AGENT_CONFIG_FILES) as [TrustCli, readonly string[]][]) {
    for (const file of names) {
      const bytes = readRegular(join(repo, file));
      if (!bytes) continue;
      files.push(file);
      hash.update(`${file}\0${bytes.length}\0`).update(bytes);
      items.push(...itemsOf(cli, file, bytes));
    }
  }
  return { files, items, fingerprint: hash.digest('hex') };
}

/** The project base URL claude would use from its settings (local over project), or null. */
export function claudeProjectBaseUrl(repo: string): string | null {
  for (const file of ['.claude/settings.local.json', '.claude/settings.json']) {
    const bytes = readRegular(join(repo, file));
    if (!bytes) continue;
    try {
      const s = JSON.parse(bytes.toString('utf8').replace(/^\uFEFF/, '')) as { env?: Record<string, unknown> };
      const url = s.env?.ANTHROPIC_BASE_URL;
      if (typeof url === 'string' && url.trim()) return url.trim();
    } catch {
      /* unreadable: claude would not use it either */
    }
  }
  return null;
}

/**
 * The base URL gemini would take from the repository's `.env` (`.gemini/.env` first, as gemini
 * looks), or null. gemini sets a `.env` value only where the variable is not set already, so
 * Loupe's own GOOGLE_GEMINI_BASE_URL wins; for a trusted repository this is the relay's upstream.
 */
export function geminiProjectBaseUrl(repo: string): string | null {
  for (const file of ['.gemini/.env', '.env']) {
    const bytes = readRegular(join(repo, file));
    if (!bytes) continue;
    const item = dotenvItems('gemini', file, bytes.toString('utf8')).find((i) => i.name === 'GOOGLE_GEMINI_BASE_URL');
    return item?.detail.trim() || null;
  }
  return null;
}
