/**
 * Tool definitions against their use (issue 37): per tool and per MCP server,
 * the definition tokens every request carried, what that cost at list price,
 * and how often the session called each tool. Display only: Loupe advises
 * (the CLI's own command to remove an unused server); it never withholds a
 * definition. Zod-free (the renderer imports it).
 */
import type { CountKind } from './xray';

/** One tool, as the requests in scope sent it. */
export interface WireToolUsage {
  name: string;
  /** The MCP server it comes from (by its name), or null: the CLI's own tool. */
  server: string | null;
  /** The definition's tokens in the latest request that carried it (Loupe's count), and that count's kind; 0 when no request carried it. */
  definitionTokens: number;
  countKind: CountKind | null;
  /** The definition's tokens summed over every request that carried it (definition tokens × requests, as each was sent). */
  tokensSent: number;
  /** Requests that carried the definition. */
  requests: number;
  /** Requests that listed it by name only, its definition not sent (Claude Code's ToolSearch defers MCP tools until loaded). */
  listed: number;
  /** Its definition was sent deferred (`defer_loading`, after ToolSearch loaded it): priced at its request's average input price, not at the top of the prompt. */
  deferred: boolean;
  /** Calls the sessions made to it (each distinct call once, however many later requests repeat it). */
  calls: number;
  /** Its definitions' list price in the priced requests that carried it (the attribution rule in docs/costs.md); null when none was priced. */
  usd: number | null;
  /** usd as a share (0..1) of the list price of every priced request in scope; null when nothing was priced. */
  share: number | null;
}

/** The CLI's own command that removes an MCP server, for each CLI whose sessions sent its tools. */
export interface RemoveCommand {
  agent: string;
  command: string;
  note: string;
}

/** One origin of tools: an MCP server, or the CLIs' built-in tools (server null). */
export interface WireToolServer {
  server: string | null;
  tools: number;
  tokensSent: number;
  /** Requests that carried at least one of its definitions. */
  requests: number;
  /** Requests that listed some of its tools by name only. */
  listed: number;
  calls: number;
  usd: number | null;
  share: number | null;
  /** An MCP server none of whose tools was called in scope. */
  unused: boolean;
  /** For an unused MCP server: the command of each CLI that sent its tools. */
  remove: RemoveCommand[];
}

export interface WireToolsReport {
  /** What was asked for: one session, or a repository and a first day (YYYY-MM-DD, UTC). */
  scope: { sessionId: string | null; repo: string | null; since: string | null };
  sessions: number;
  /** Model requests forwarded to the provider in scope (those the relay answered itself sent no tool definition). */
  requests: number;
  /** Of those, the ones priced (reported usage and a catalog price). */
  priced: number;
  /** The list price of the priced requests in scope (the shares' denominator). */
  totalUsd: number;
  tools: WireToolUsage[];
  servers: WireToolServer[];
  notes: string[];
}

/** True for a real calendar day written YYYY-MM-DD (2026-02-30 is not one). */
export function isCalendarDay(s: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(s)) return false;
  const d = new Date(`${s}T00:00:00Z`);
  return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === s;
}
