// Detection of an installed agent CLI: PATH lookup in JS, then its npm package's version
// (read, nothing started) or, for a CLI installed otherwise, `<cli> --version`.
import { readFileSync, realpathSync } from 'node:fs';
import { dirname, join } from 'node:path';
import type { AgentId } from '../../../../shared/contract/runs';
import type { DetectContext, DetectedAgent } from './adapter';
import { AGENT_PATH_ENV, findExecutable, searchDirs } from './path-lookup';
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
 * The version in the package.json of `npmPackage` that `executable` belongs to: up from
 * where its symlinks lead (node_modules/.bin/claude → …/claude-code/bin/claude.exe), or
 * beside it (a Windows .cmd shim next to node_modules). null when it is not found there.
 */
export function packageVersion(executable: string, npmPackage: string): string | null {
  const candidates: string[] = [join(dirname(executable), 'node_modules', npmPackage), join(dirname(executable), '..', npmPackage)];
  try {
    let dir = dirname(realpathSync(executable));
    for (let i = 0; i < 6; i++, dir = dirname(dir)) candidates.push(dir);
  } catch {
    // A dangling link: the siblings may still say.
  }
  for (const dir of candidates) {
    try {
      const pkg = JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8')) as { name?: unknown; version?: unknown };
      if (pkg.name === npmPackage && typeof pkg.version === 'string') return pkg.version;
    } catch {
      // Not this folder.
    }
  }
  return null;
}

/**
 * Finds `spec.bin` on LOUPE_AGENT_PATH + PATH and reads its version from its npm
 * package, or asks it (`--version`) when it came some other way. Reading is
 * instant where a CLI's start-up is not (gemini takes seconds to print its version). A
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
      problem: notFoundProblem(spec, ctx.env),
    };
  }
  const fromPackage = packageVersion(path, spec.npmPackage);
  if (fromPackage) return { ...base, installed: true, version: fromPackage, path, problem: null };
  const r = await probe(ctx, path, ['--version']);
  const version = r.exit?.code === 0 ? parseVersion(r.stdout) ?? parseVersion(r.stderr) : null;
  return { ...base, installed: true, version, path, problem: version ? null : versionProblem(spec, path, r) };
}

/** Most folders named in the "not found" sentence; the rest are counted. */
const NAMED_DIRS = 4;

/**
 * Where Loupe looked and how to change it (issue 34, item 4): the folders searched
 * (LOUPE_AGENT_PATH first, then the PATH Loupe was started with, which a desktop app
 * often gets shorter than a shell's), how to install the CLI, and how to point Loupe at it.
 */
export function notFoundProblem(spec: Pick<CliSpec, 'label' | 'bin' | 'npmPackage'>, env: NodeJS.ProcessEnv): string {
  const dirs = searchDirs(env);
  const named = dirs.slice(0, NAMED_DIRS).join(', ');
  const more = dirs.length > NAMED_DIRS ? ` and ${dirs.length - NAMED_DIRS} more` : '';
  const where = dirs.length ? `Loupe looked in ${named}${more}` : 'Loupe was started with no PATH to look in';
  return (
    `${spec.label} (${spec.bin}) is not on your PATH: ${where}. Install it with npm i -g ${spec.npmPackage}, ` +
    `or start Loupe with ${AGENT_PATH_ENV} set to the folder that holds ${spec.bin} (searched before PATH), then Check again.`
  );
}

function versionProblem(spec: CliSpec, path: string, r: Awaited<ReturnType<typeof probe>>): string {
  const cmd = `${path} --version`;
  if (r.spawnError) return `${spec.label} was found at ${path} but could not be started: ${r.spawnError}`;
  if (r.timedOut) return `${spec.label} did not answer \`${cmd}\` within ${VERSION_TIMEOUT_MS / 1000} s.`;
  const said = (r.stderr.trim() || r.stdout.trim()).split('\n').slice(-2).join(' ').slice(0, 300);
  if (r.exit?.code !== 0) return `\`${cmd}\` failed (exit ${r.exit?.code ?? r.exit?.signal})${said ? `: ${said}` : ''}.`;
  return `\`${cmd}\` printed no version number${said ? `: ${said}` : ''}.`;
}
