import { dirname, join } from 'node:path';
import type { RunInput } from '../../../shared/contract/runs';
import type { CoreDeps } from '../deps';
import { SQLITE_BINDING_ENV } from '../store/store';
import type { AgentAdapter, InvocationInput } from './agents/adapter';

/** The MCP server name agents see for Loupe's X-Ray tools. */
export const XRAY_MCP_NAME = 'loupe_xray';

/**
 * Loupe's X-Ray tools for a run, when the user turned them on: `loupe mcp
 * --thread ID` over stdio, on the same Node (in Electron, its binary acting as
 * Node) and the same user-data folder. Null, with a note, where the agent CLI
 * has no way to take an MCP server (Gemini CLI, custom commands, the demo).
 */
export function xrayTools(
  deps: CoreDeps,
  adapter: AgentAdapter,
  threadId: string,
  input: RunInput,
): { mcp: InvocationInput['mcp']; note?: string } {
  if (!input.settings.xrayTools) return { mcp: null };
  if (!adapter.capabilities.mcp) {
    return { mcp: null, note: `note: X-Ray tools are not offered to ${adapter.label}: it has no way to take an MCP server from Loupe.` };
  }
  const cli = join(dirname(deps.resourcesDir), 'bin', 'loupe.js');
  return {
    mcp: {
      name: XRAY_MCP_NAME,
      command: process.execPath,
      args: [cli, 'mcp', '--thread', threadId],
      env: {
        LOUPE_USER_DATA: deps.userDataDir,
        // In the app, Electron's binary acts as Node and must load the Electron-ABI build of better-sqlite3 the app loaded.
        ...(process.versions.electron ? { ELECTRON_RUN_AS_NODE: '1' } : {}),
        ...(deps.nativeBinding ? { [SQLITE_BINDING_ENV]: deps.nativeBinding } : {}),
      },
    },
  };
}
