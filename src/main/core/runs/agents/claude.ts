// Claude Code in print mode. Flags checked against fixtures/agents/claude/help.txt (2.1.197).
import type { AgentAdapter, Invocation, InvocationInput } from './adapter';
import { createClaudeParser } from './claude-parser';
import { detectCli } from './cli-detect';
import { promptWithSchema, utf8Bytes } from './parse-util';

/**
 * The longest schema passed as one argument. Linux refuses a single argument
 * over 128 KiB (MAX_ARG_STRLEN) and Windows a whole command line over 32 K
 * characters; a longer schema travels as a prompt section on stdin instead.
 */
export const INLINE_SCHEMA_MAX_BYTES = process.platform === 'win32' ? 8_000 : 100_000;

/** The `--mcp-config` JSON that offers one stdio MCP server. */
export function claudeMcpConfig(mcp: NonNullable<InvocationInput['mcp']>): string {
  return JSON.stringify({ mcpServers: { [mcp.name]: { type: 'stdio', command: mcp.command, args: mcp.args, ...(mcp.env ? { env: mcp.env } : {}) } } });
}

/**
 * What keeps claude from loading an untrusted repository's configuration:
 * `--setting-sources user` (not `.claude/settings.json` nor
 * `.claude/settings.local.json`: their hooks, apiKeyHelper, statusLine, env),
 * and `--strict-mcp-config` when there is a `.mcp.json` (its servers; this
 * also leaves out the user's own MCP servers, so it is added only then).
 * `-p` skips claude's own trust dialog, so without these it loads them all.
 */
export function claudeUntrustedArgs(mcpJson: boolean): string[] {
  return ['--setting-sources', 'user', ...(mcpJson ? ['--strict-mcp-config'] : [])];
}

/**
 * `claude -p --output-format stream-json --verbose [--allowedTools mcp__NAME]
 * [--add-dir CTX] [--model M] [-r SESSION] [--json-schema S] [--mcp-config JSON]
 * ...extra`, prompt on stdin. `--add-dir` lets its Read tool open the staged
 * copies outside the repository, and `--allowedTools mcp__NAME` lets it call
 * the X-Ray tools, without a permission prompt (which print mode denies).
 * Variadic options (`--allowedTools`, `--add-dir`) come before single-valued
 * ones so that nothing after them is swallowed as another value. The user's
 * own MCP servers stay (no `--strict-mcp-config`): turning the X-Ray tools on
 * must not take their other tools away.
 */
export function claudeArgs(input: InvocationInput, schemaInline: boolean): string[] {
  const args = ['-p', '--output-format', 'stream-json', '--verbose'];
  if (input.mcp) args.push('--allowedTools', `mcp__${input.mcp.name}`);
  if (input.contextDir) args.push('--add-dir', input.contextDir);
  if (input.model) args.push('--model', input.model);
  if (input.resumeSessionId) args.push('-r', input.resumeSessionId);
  if (input.schema !== null && schemaInline) args.push('--json-schema', input.schema);
  if (input.mcp) args.push('--mcp-config', claudeMcpConfig(input.mcp));
  if (input.projectConfig && !input.projectConfig.load) args.push(...claudeUntrustedArgs(input.projectConfig.mcpJson));
  return [...args, ...input.extraArgs];
}

/** Where the schema goes for a CLI with a schema flag: the flag, or stdin when it is too long for one argument. */
export function flagOrStdinSchema(input: InvocationInput): { inline: boolean; stdin: string; schemaBytes: number } {
  if (input.schema === null) return { inline: false, stdin: input.prompt, schemaBytes: 0 };
  const bytes = utf8Bytes(input.schema);
  if (bytes <= INLINE_SCHEMA_MAX_BYTES) return { inline: true, stdin: input.prompt, schemaBytes: bytes };
  return { inline: false, stdin: promptWithSchema(input.prompt, input.schema), schemaBytes: 0 };
}

export const claudeAdapter: AgentAdapter = {
  id: 'claude',
  label: 'Claude Code',
  resumable: true,
  capabilities: { schema: 'flag', mcp: true },
  detect: (ctx) => detectCli({ id: 'claude', label: 'Claude Code', bin: 'claude', npmPackage: '@anthropic-ai/claude-code', resumable: true }, ctx),
  invocation(input, executable): Invocation {
    const schema = flagOrStdinSchema(input);
    return { command: executable, args: claudeArgs(input, schema.inline), env: {}, stdin: schema.stdin, schemaBytes: schema.schemaBytes };
  },
  parser: () => createClaudeParser(),
  isResumeFailure: (message) => /No conversation found with session ID/i.test(message ?? ''),
};
