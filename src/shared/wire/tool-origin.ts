/**
 * Which MCP server a tool definition comes from, by the name its CLI gave it,
 * and the CLI's own command that removes a server (issue 37). Each CLI names
 * MCP tools its own way: Claude Code and Codex `mcp__<server>__<tool>`, the
 * Gemini CLI 0.61 `mcp_<server>_<tool>` (its own parseMcpToolName reads the
 * server as the part up to the next `_`, and so does this).
 */
import type { WireApi } from '../contract/wire';

/** `built-in` (the CLI's own tool) or `mcp:<server>`, for a tool name as sent in a request of `api`. */
export function toolOriginOf(api: WireApi | null, name: string): string {
  const m = api === 'gemini-generate' ? /^mcp_([^_]+)_./.exec(name) : /^mcp__(.+?)__/.exec(name);
  return m ? `mcp:${m[1]}` : 'built-in';
}

/** The server of an origin (`mcp:<server>`), or null for a built-in tool. */
export function serverOf(origin: string): string | null {
  return origin.startsWith('mcp:') ? origin.slice(4) : null;
}

/** The CLIs whose MCP removal command Loupe knows (checked with each pinned CLI's `mcp remove --help`). */
const REMOVE: Record<string, { command: (name: string) => string; note: string }> = {
  claude: { command: (n) => `claude mcp remove ${n}`, note: 'removes it from whichever scope has it (add --scope local|user|project to pick one)' },
  codex: { command: (n) => `codex mcp remove ${n}`, note: 'removes it from config.toml in CODEX_HOME (~/.codex)' },
  gemini: { command: (n) => `gemini mcp remove ${n}`, note: 'removes it from the project’s .gemini/settings.json; for your user settings add --scope user' },
};

/** A server name as one shell word: left bare when it is plain, else single-quoted. */
function shellWord(s: string): string {
  return /^[\w.@-]+$/.test(s) ? s : `'${s.replace(/'/g, `'\\''`)}'`;
}

/** The command that removes MCP server `server` from `agent`'s configuration, or null for a CLI Loupe does not know. */
export function removeCommandOf(agent: string, server: string): { agent: string; command: string; note: string } | null {
  const r = REMOVE[agent];
  return r ? { agent, command: r.command(shellWord(server)), note: r.note } : null;
}
