/**
 * Loupe's workspace trust, as VS Code has one: a repository's agent
 * configuration is loaded by the CLI Loupe starts only once the user trusted
 * it in Loupe (having been shown what it would run), or where the CLI itself
 * already trusted that folder. Otherwise each CLI is told to leave it out
 * (claude: `--setting-sources user`, plus `--strict-mcp-config` when there is a
 * `.mcp.json`; gemini reads none under `--skip-trust`; codex loads a project's
 * config only for folders it trusts), and the run says what was ignored.
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { TRUST_CLIS, type AgentConfigItem, type RepoTrust, type TrustCli } from '../../../shared/contract/trust';
import { redactTexts } from '../secrets';
import type { Db } from '../store/store';
import { readAgentConfig, type AgentConfig } from './agent-config';
import { cliTrust, codexTrustPassable } from './cli-trust';
import { readGrant } from './trust-store';

/** What a run or a wrapped CLI may load from the repository, and what to say about it. */
export interface ProjectTrust {
  /** True: the CLI loads the repository's configuration as it would on its own. */
  load: boolean;
  /** Why it loads (trusted in Loupe, or the CLI's own decision), or why not. */
  how: string;
  /** The configuration files of this CLI found in the repository. */
  files: string[];
  /** What is ignored (load false) or loaded (load true) from them. */
  items: AgentConfigItem[];
  /** claude: a `.mcp.json` is there (strict MCP config is then needed to leave it out). */
  mcpJson: boolean;
  /** The line for the run ("Loupe ignored …"), or null when there is nothing to say. */
  note: string | null;
}

export const isTrustCli = (agent: string): agent is TrustCli => (TRUST_CLIS as readonly string[]).includes(agent);

/**
 * The repository's whole trust picture (every CLI's files, Loupe's grant, each CLI's own
 * decision), as shown: recognised secrets in the details hidden (the fingerprint is of the bytes).
 */
export async function repoTrust(db: Db, repo: string, env: NodeJS.ProcessEnv): Promise<RepoTrust> {
  const config = readAgentConfig(repo);
  const grant = readGrant(db, repo);
  const state = !grant ? 'untrusted' : grant.fingerprint === config.fingerprint ? 'trusted' : 'changed';
  const shown = await redactTexts(config.items.map((i) => i.detail));
  const items = config.items.map((i, n) => ({ ...i, detail: shown[n]!.text }));
  return { repo, files: config.files, items, fingerprint: config.fingerprint, loupe: { state, grantedAt: grant?.grantedAt ?? null }, cli: cliTrust(repo, env) };
}

const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;

/** "2 hooks, an apiKeyHelper, 1 MCP server, 1 env override" for one file's items. */
export function summarize(items: readonly AgentConfigItem[]): string {
  const count = (k: AgentConfigItem['kind']) => items.filter((i) => i.kind === k).length;
  const parts: string[] = [];
  if (count('hook')) parts.push(plural(count('hook'), 'hook'));
  for (const h of items.filter((i) => i.kind === 'helper')) parts.push(`${h.name} (${h.detail})`);
  if (count('mcp-server')) parts.push(plural(count('mcp-server'), 'MCP server'));
  if (count('status-line')) parts.push('a status line command');
  if (count('env')) parts.push(`${plural(count('env'), 'env override')} (${items.filter((i) => i.kind === 'env').map((i) => i.name).join(', ')})`);
  if (count('setting')) parts.push(plural(count('setting'), 'other setting'));
  return parts.join(', ') || 'no settings';
}

function byFile(config: AgentConfig, files: readonly string[]): string {
  return files.map((f) => `${f} (${summarize(config.items.filter((i) => i.file === f))})`).join('; ');
}

/**
 * Whether `agent` may load `repo`'s configuration. Untrusted repositories
 * are always started with the configuration left out, even with no files now
 * (claude watches its settings files: a file written during the run must not
 * be loaded either); the note names what was there.
 */
export function projectTrust(db: Db, repo: string, agent: string, env: NodeJS.ProcessEnv): ProjectTrust {
  if (!isTrustCli(agent)) return { load: true, how: 'not an agent CLI Loupe gates', files: [], items: [], mcpJson: false, note: null };
  const config = readAgentConfig(repo);
  const files = config.files.filter((f) => configFileOf(agent, f));
  const items = config.items.filter((i) => i.cli === agent);
  const mcpJson = agent === 'claude' && existsSync(join(repo, '.mcp.json'));
  const grant = readGrant(db, repo);
  const own = cliTrust(repo, env)[agent];
  if (grant && grant.fingerprint === config.fingerprint && agent === 'codex' && !own.trusted && !codexTrustPassable(repo)) {
    const note = files.length
      ? `Loupe could not hand codex your trust in this repository (codex cannot name a folder whose path holds "." or "=" in a -c override), so codex left out ${byFile(config, files)}. Trust it in codex itself: [projects."${repo}"] trust_level = "trusted" in its config.toml.`
      : null;
    return { load: false, how: 'codex cannot be told of this trust', files, items, mcpJson, note };
  }
  if (grant && grant.fingerprint === config.fingerprint) {
    return { load: true, how: 'trusted in Loupe', files, items, mcpJson, note: files.length ? `Loupe loaded this repository's ${agent} configuration, trusted in Loupe on ${grant.grantedAt.slice(0, 10)}: ${byFile(config, files)}.` : null };
  }
  if (own.trusted) return { load: true, how: own.how!, files, items, mcpJson, note: null };
  const why = grant ? 'it changed since you trusted it in Loupe' : 'you have not trusted this repository in Loupe';
  const note = files.length
    ? `Loupe ignored this repository's ${agent} configuration (${why}): ${byFile(config, files)}. See it and trust it: loupe trust --repo ${JSON.stringify(repo)} --show`
    : null;
  return { load: false, how: why, files, items, mcpJson, note };
}

function configFileOf(agent: TrustCli, file: string): boolean {
  if (agent === 'claude') return file.startsWith('.claude/') || file === '.mcp.json';
  if (agent === 'gemini') return file.startsWith('.gemini/') || file === '.env';
  return file.startsWith('.codex/');
}
