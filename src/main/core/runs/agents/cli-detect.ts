// Detection of an installed agent CLI: PATH lookup in JS, then `<cli> --version`.
import type { AgentId } from '../../../../shared/contract/runs';
import type { DetectContext, DetectedAgent } from './adapter';
import { findExecutable } from './path-lookup';
import { parseVersion, probe, VERSION_TIMEOUT_MS } from './version-probe';

/** What detection needs to know about one CLI. */
export interface CliSpec {
  id: AgentId;
  /** "Claude Code" */
  label: string;
  /** The executable's name on PATH: "claude". */
  bin: string;
  /** The npm package that installs it, for the plain "not on your PATH" message. */
  npmPackage: string;
  resumable: boolean;
}

/**
 * Finds `spec.bin` on LOUPE_AGENT_PATH + PATH and asks it for its version. A
 * missing CLI is `installed: false` with a sentence saying how to install it;
 * one that is found but does not answer `--version` is installed with a problem.
 */
export async function detectCli(spec: CliSpec, ctx: DetectContext): Promise<DetectedAgent> {
  const base = { id: spec.id, label: spec.label, resumable: spec.resumable };
  const path = findExecutable(spec.bin, ctx.env);
  if (!path) {
    return {
      ...base,
      installed: false,
      version: null,
      path: null,
      problem: `${spec.label} (${spec.bin}) is not on your PATH. Install it with npm i -g ${spec.npmPackage}.`,
    };
  }
  const r = await probe(ctx, path, ['--version']);
  const version = r.exit?.code === 0 ? parseVersion(r.stdout) ?? parseVersion(r.stderr) : null;
  return { ...base, installed: true, version, path, problem: version ? null : versionProblem(spec, path, r) };
}

function versionProblem(spec: CliSpec, path: string, r: Awaited<ReturnType<typeof probe>>): string {
  const cmd = `${path} --version`;
  if (r.spawnError) return `${spec.label} was found at ${path} but could not be started: ${r.spawnError}`;
  if (r.timedOut) return `${spec.label} did not answer \`${cmd}\` within ${VERSION_TIMEOUT_MS / 1000} s.`;
  const said = (r.stderr.trim() || r.stdout.trim()).split('\n').slice(-2).join(' ').slice(0, 300);
  if (r.exit?.code !== 0) return `\`${cmd}\` failed (exit ${r.exit?.code ?? r.exit?.signal})${said ? `: ${said}` : ''}.`;
  return `\`${cmd}\` printed no version number${said ? `: ${said}` : ''}.`;
}
