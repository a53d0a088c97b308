// Codex CLI `exec`. Flags checked against fixtures/agents/codex/exec-help.txt and exec-resume-help.txt (0.171.0).
import { readFileSync } from 'node:fs';
import { homedir } from 'node:os';
import { join } from 'node:path';
import { LoupeError } from '../../../../shared/errors';
import type { AgentAdapter, DetectContext, Invocation, InvocationInput } from './adapter';
import { detectCli } from './cli-detect';
import { createCodexParser } from './codex-parser';
import { utf8Bytes } from './parse-util';
import { probe } from './version-probe';
import { codexTrustPassable } from '../../trust/cli-trust';

/** Where the runner writes the output schema codex reads (`--output-schema` takes only a file). */
export const CODEX_SCHEMA_FILE = '.loupe-codex-output-schema.json';

/** A TOML basic string: `"` and `\` escaped, control characters (and DEL) as \uXXXX, no lone surrogates. */
export function tomlString(s: string): string {
  let out = '"';
  for (const ch of s) {
    const c = ch.codePointAt(0)!;
    if (ch === '"') out += '\\"';
    else if (ch === '\\') out += '\\\\';
    else if (ch === '\n') out += '\\n';
    else if (ch === '\t') out += '\\t';
    else if (ch === '\r') out += '\\r';
    else if (c < 0x20 || c === 0x7f) out += `\\u${c.toString(16).padStart(4, '0')}`;
    else if (c >= 0xd800 && c <= 0xdfff) throw new LoupeError('invalid-input', 'An MCP argument holds text that is not valid Unicode.');
    else out += ch;
  }
  return out + '"';
}

/** `-c` overrides that add one stdio MCP server (values are parsed by codex as TOML). */
export function codexMcpArgs(mcp: NonNullable<InvocationInput['mcp']>): string[] {
  if (!/^[A-Za-z0-9_-]+$/.test(mcp.name)) {
    throw new LoupeError('invalid-input', `The MCP server name "${mcp.name}" must use only letters, digits, "_" and "-".`);
  }
  const key = `mcp_servers.${mcp.name}`;
  const env = Object.entries(mcp.env ?? {});
  if (env.some(([k]) => !/^[A-Za-z_][A-Za-z0-9_]*$/.test(k))) throw new LoupeError('invalid-input', 'MCP environment names must be plain identifiers.');
  return [
    '-c',
    `${key}.command=${tomlString(mcp.command)}`,
    '-c',
    `${key}.args=[${mcp.args.map(tomlString).join(',')}]`,
    ...(env.length ? ['-c', `${key}.env={${env.map(([k, v]) => `${k}=${tomlString(v)}`).join(',')}}`] : []),
  ];
}

/**
 * A repository trusted in Loupe (and not by codex itself): codex loads a
 * project's `.codex/config.toml` only for a folder it trusts, so this run
 * says the folder is trusted. codex splits a `-c` key at every dot (quotes
 * are not read: measured with codex 0.171) and the override at its first `=`,
 * so a folder whose path holds either cannot be named this way: nothing is
 * passed, codex leaves the configuration out, and the run says so
 * (`codexTrustPassable`). Untrusted: nothing (codex leaves it out).
 */
export function codexTrustArgs(repoRoot: string): string[] {
  return codexTrustPassable(repoRoot) ? ['-c', `projects.${repoRoot}.trust_level="trusted"`] : [];
}

/**
 * Fresh: `codex exec --json --skip-git-repo-check [-m M] [--output-schema F] [-c mcp…] ...extra -`;
 * resume: `codex exec resume <id> --json --skip-git-repo-check … -` (options after `resume`).
 * `-` reads the prompt from stdin without the "Reading prompt from stdin..." notice.
 */
export function codexArgs(input: InvocationInput, schemaFile: string | null): string[] {
  const args = input.resumeSessionId ? ['exec', 'resume', input.resumeSessionId] : ['exec'];
  args.push('--json', '--skip-git-repo-check');
  if (input.model) args.push('-m', input.model);
  if (schemaFile) args.push('--output-schema', schemaFile);
  if (input.mcp) args.push(...codexMcpArgs(input.mcp));
  if (input.projectConfig?.load) args.push(...codexTrustArgs(input.repoRoot));
  return [...args, ...input.extraArgs, '-'];
}

/**
 * True when codex is set up to run without `codex login`: an API key for exec
 * (CODEX_API_KEY) or another model provider in its config.toml (then `login
 * status` says "Not logged in" although runs work).
 */
function authenticatedOtherwise(env: NodeJS.ProcessEnv): boolean {
  if (env.CODEX_API_KEY) return true;
  const home = env.CODEX_HOME || join(env.HOME || env.USERPROFILE || homedir(), '.codex');
  try {
    const m = /^\s*model_provider\s*=\s*["']([^"']+)["']/m.exec(readFileSync(join(home, 'config.toml'), 'utf8'));
    return !!m && m[1] !== 'openai';
  } catch {
    return false;
  }
}

/** `codex login status` before launching: offline or logged out, `codex exec` retries forever instead of failing. */
async function codexPreflight(ctx: DetectContext & { executable: string }): Promise<string | null> {
  if (authenticatedOtherwise(ctx.env)) return null;
  const r = await probe(ctx, ctx.executable, ['login', 'status'], { timeoutMs: 10_000 });
  // Could not tell (did not start, too slow): let the run itself say what is wrong.
  if (!r.exit || r.timedOut || r.exit.code === 0) return null;
  const said = (r.stderr.trim() || r.stdout.trim()).split('\n').pop()?.trim().replace(/\.$/, '') || 'Not logged in';
  return `Codex is not logged in: ${said}. Run \`codex login\`.`;
}

export const codexAdapter: AgentAdapter = {
  id: 'codex',
  label: 'Codex CLI',
  resumable: true,
  capabilities: { schema: 'file', mcp: true },
  detect: (ctx) => detectCli({ id: 'codex', label: 'Codex CLI', bin: 'codex', npmPackage: '@openai/codex', resumable: true }, ctx),
  preflight: codexPreflight,
  invocation(input, executable): Invocation {
    const schemaFile = input.schema !== null ? join(input.contextDir, CODEX_SCHEMA_FILE) : null;
    const inv: Invocation = {
      command: executable,
      args: codexArgs(input, schemaFile),
      env: {},
      stdin: input.prompt,
      schemaBytes: input.schema !== null ? utf8Bytes(input.schema) : 0,
    };
    if (schemaFile && input.schema !== null) inv.files = [{ path: schemaFile, content: input.schema }];
    return inv;
  },
  parser: () => createCodexParser(),
  isResumeFailure: (message, exit) => exit.code !== 0 && /no rollout found|thread\/resume failed/i.test(message ?? ''),
};
