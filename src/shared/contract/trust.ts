import { z } from 'zod';
import { pathString } from './common';
import { lazy, method } from './define';

/** The CLIs whose project configuration Loupe reads and gates. */
export const TRUST_CLIS = ['claude', 'gemini', 'codex'] as const;
export type TrustCli = (typeof TRUST_CLIS)[number];

/**
 * One thing a repository's agent configuration would make its CLI do: start a
 * program (a hook, a helper, an MCP server, a status line), change its
 * environment (a base URL, a key), or some other setting. Shown before the
 * user trusts the repository; nothing here is a secret of the user's (it is
 * all text the repository carries).
 */
export interface AgentConfigItem {
  cli: TrustCli;
  /** The file it comes from, relative to the repository's top folder (`.claude/settings.json`). */
  file: string;
  kind: 'hook' | 'helper' | 'mcp-server' | 'status-line' | 'env' | 'setting';
  /** Its name: the hook's event, the helper's key, the server's name, the variable. */
  name: string;
  /** What it runs or sets: the command line, the URL, the value (long values cut). */
  detail: string;
}

/** A repository's trust as Loupe sees it. */
export interface RepoTrust {
  /** The repository's top folder. */
  repo: string;
  /** Every agent configuration file found (relative paths); empty: nothing to trust. */
  files: string[];
  items: AgentConfigItem[];
  /** sha256 over those files' names and bytes: a grant holds for exactly this configuration. */
  fingerprint: string;
  /** Loupe's own grant: `trusted` when it matches the files now, `changed` when they changed since. */
  loupe: { state: 'trusted' | 'changed' | 'untrusted'; grantedAt: string | null };
  /** Each CLI's own earlier decision, where it keeps one (claude's trust dialog, gemini's trusted folders, codex's trust_level). */
  cli: Record<TrustCli, { trusted: boolean; how: string | null }>;
}

const fingerprint = lazy(() => z.string().regex(/^[0-9a-f]{64}$/, 'is not a configuration fingerprint'));

export const trustMethods = {
  /** What a repository's agent configuration would run, and whether Loupe (or each CLI) trusts it. */
  'trust.show': method<RepoTrust>()(() => z.object({ repo: pathString() }).strict()),
  /** Trusts the configuration the user was shown (by its fingerprint; a changed one is refused). */
  'trust.grant': method<RepoTrust>()(() => z.object({ repo: pathString(), fingerprint: fingerprint() }).strict()),
  /** Withdraws Loupe's trust in a repository. */
  'trust.revoke': method<RepoTrust>()(() => z.object({ repo: pathString() }).strict()),
};
