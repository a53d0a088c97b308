import { join } from 'node:path';
import type { CoreDeps } from '../deps';
import type { InvocationInput } from './agents/adapter';

/**
 * Where the bundled demo agent is and keeps its sessions. It runs on the same
 * Node as Loupe (in Electron, its binary acting as Node), so it needs nothing installed.
 */
export function demoExtras(deps: CoreDeps, _runId: string): Pick<InvocationInput, 'demo'> & { env: Record<string, string> } {
  const stateDir = join(deps.userDataDir, 'demo-agent');
  return {
    demo: { nodePath: process.execPath, script: join(deps.resourcesDir, 'demo-agent', 'demo-agent.mjs'), stateDir },
    env: { LOUPE_DEMO_HOME: stateDir, ...(process.versions.electron ? { ELECTRON_RUN_AS_NODE: '1' } : {}) },
  };
}
