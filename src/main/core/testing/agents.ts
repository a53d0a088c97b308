// Test helper: where the real agent CLIs are (`npm run agents:install`, pinned in
// package.json "agentPins"), and whether the agents tier can run here.
import { existsSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';

const ROOT = join(__dirname, '../../../..');

export type AgentBin = 'claude' | 'codex' | 'gemini';

/** package name → pinned version and bin, as package.json says. */
export const AGENT_PINS: Record<string, { version: string; bin: AgentBin }> = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')).agentPins;

/** LOUPE_AGENTS_DIR, else .agents/ in the project (what scripts/agents-install.mjs fills). */
export function agentsDir(env: NodeJS.ProcessEnv = process.env): string {
  return resolve(env.LOUPE_AGENTS_DIR || join(ROOT, '.agents'));
}

/** The folder of the three CLIs' executables. */
export function agentsBin(env: NodeJS.ProcessEnv = process.env): string {
  return join(agentsDir(env), 'node_modules', '.bin');
}

/** null when every pinned CLI is installed at its version, else one sentence saying what is missing. */
export function agentsMissing(env: NodeJS.ProcessEnv = process.env): string | null {
  const dir = agentsDir(env);
  const problems: string[] = [];
  for (const [pkg, { version, bin }] of Object.entries(AGENT_PINS)) {
    let have: string | null = null;
    try {
      have = JSON.parse(readFileSync(join(dir, 'node_modules', pkg, 'package.json'), 'utf8')).version;
    } catch {
      have = null;
    }
    if (have !== version) problems.push(`${pkg} ${have ? `is ${have}, pinned ${version}` : 'is not installed'}`);
    else if (!existsSync(join(agentsBin(env), bin))) problems.push(`${bin} is missing from ${agentsBin(env)}`);
  }
  return problems.length ? `${problems.join('; ')} in ${dir} (run npm run agents:install)` : null;
}
