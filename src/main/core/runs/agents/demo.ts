// The bundled demo agent (resources/demo-agent/demo-agent.mjs): Claude Code's
// stream without a model, run by the Node inside Loupe.
import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { LoupeError } from '../../../../shared/errors';
import type { AgentAdapter, DetectedAgent, InvocationInput, Invocation } from './adapter';
import { claudeArgs, flagOrStdinSchema } from './claude';
import { createClaudeParser } from './claude-parser';
import { parseVersion, probe } from './version-probe';

export const DEMO_SCRIPT_RELATIVE = join('resources', 'demo-agent', 'demo-agent.mjs');

/** Makes Electron's own binary behave as plain Node (harmless under Node). */
export const DEMO_ENV = { ELECTRON_RUN_AS_NODE: '1' } as const;

/**
 * The demo script: the first `resources/demo-agent/demo-agent.mjs` found in
 * `from` or a folder above it (source tree in tests, app folder when built:
 * out/main → the app root), or null.
 */
export function locateDemoScript(from: string = __dirname): string | null {
  let dir = from;
  for (let i = 0; i < 8; i++) {
    const candidate = join(dir, DEMO_SCRIPT_RELATIVE);
    if (existsSync(candidate)) return candidate;
    const up = dirname(dir);
    if (up === dir) break;
    dir = up;
  }
  return null;
}

/**
 * The demo adapter. `invocation` runs `input.demo` when the runner gives it
 * (else `defaults`), ignoring `executable`: the command is always the Node
 * binary (`process.execPath`; Electron's, with ELECTRON_RUN_AS_NODE=1) and the
 * arguments are the script followed by exactly the arguments claude would
 * get. AgentInfo.path is the script.
 */
export function createDemoAdapter(defaults: () => { nodePath: string; script: string | null } = defaultDemoLocation): AgentAdapter {
  return {
    id: 'demo',
    label: 'Demo agent (no model)',
    resumable: true,
    capabilities: { schema: 'flag', mcp: true },
    async detect(ctx): Promise<DetectedAgent> {
      const { nodePath, script } = defaults();
      const base = { id: 'demo' as const, label: 'Demo agent (no model)', resumable: true };
      if (!script) return { ...base, installed: false, version: null, path: null, problem: `The demo agent's script (${DEMO_SCRIPT_RELATIVE}) is missing from this installation.` };
      const r = await probe(ctx, nodePath, [script, '--version'], { env: DEMO_ENV });
      const version = r.exit?.code === 0 ? parseVersion(r.stdout) : null;
      const problem = version ? null : `The demo agent did not start: ${r.spawnError ?? (r.stderr.trim().split('\n').pop() || 'no version printed')}`;
      return { ...base, installed: version !== null, version, path: script, problem };
    },
    invocation(input): Invocation {
      const fallback = defaults();
      const nodePath = input.demo?.nodePath ?? fallback.nodePath;
      const script = input.demo?.script ?? fallback.script;
      if (!script) throw new LoupeError('not-found', `The demo agent's script (${DEMO_SCRIPT_RELATIVE}) is missing from this installation.`);
      const schema = flagOrStdinSchema(input);
      const env: Record<string, string> = { ...DEMO_ENV };
      if (input.demo?.stateDir) env.LOUPE_DEMO_HOME = input.demo.stateDir;
      return { command: nodePath, args: [script, ...claudeArgs(input, schema.inline)], env, stdin: schema.stdin, schemaBytes: schema.schemaBytes };
    },
    parser: () => createClaudeParser('The demo agent'),
    isResumeFailure: (message) => /No conversation found with session ID/i.test(message ?? ''),
  };
}

export function defaultDemoLocation(): { nodePath: string; script: string | null } {
  return { nodePath: process.execPath, script: locateDemoScript() };
}

export const demoAdapter: AgentAdapter = createDemoAdapter();
