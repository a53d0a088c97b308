// Every agent Loupe can launch, and which of them are usable here.
import { AGENT_IDS, type AgentId, type AgentInfo } from '../../../../shared/contract/runs';
import type { AgentAdapter, DetectContext } from './adapter';
import { claudeAdapter } from './claude';
import { codexAdapter } from './codex';
import { customAdapter } from './custom';
import { demoAdapter } from './demo';
import { geminiAdapter } from './gemini';

/** One adapter per agent id. */
export const agentAdapters: Record<AgentId, AgentAdapter> = {
  claude: claudeAdapter,
  codex: codexAdapter,
  gemini: geminiAdapter,
  custom: customAdapter,
  demo: demoAdapter,
};

/** One agent as the app lists it: what detection found, and what the adapter can take (an MCP server). */
export async function detectAgent(adapter: AgentAdapter, ctx: DetectContext): Promise<AgentInfo> {
  return { ...(await adapter.detect(ctx)), takesMcp: adapter.capabilities.mcp };
}

/**
 * Detects every agent at once (in AGENT_IDS order): PATH lookup
 * (LOUPE_AGENT_PATH first) and `--version` with a 5 s timeout each. A missing
 * CLI is `installed: false` with a plain sentence, never a thrown error.
 */
export async function detectAgents(ctx: DetectContext, adapters: Record<AgentId, AgentAdapter> = agentAdapters): Promise<AgentInfo[]> {
  return Promise.all(
    AGENT_IDS.map(async (id) => {
      const adapter = adapters[id];
      try {
        return await detectAgent(adapter, ctx);
      } catch (err) {
        const why = err instanceof Error ? err.message : String(err);
        return { id, label: adapter.label, installed: false, version: null, path: null, problem: `Could not check ${adapter.label}: ${why}`, resumable: adapter.resumable, takesMcp: adapter.capabilities.mcp };
      }
    }),
  );
}
