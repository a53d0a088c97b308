// Gemini CLI headless. Flags checked against fixtures/agents/gemini/help.txt (0.61.0).
import type { AgentAdapter, Invocation, InvocationInput } from './adapter';
import { detectCli } from './cli-detect';
import { createGeminiParser } from './gemini-parser';
import { promptWithSchema } from './parse-util';

/**
 * `gemini --output-format stream-json --skip-trust [--include-directories CTX]
 * [-m M] [-r SESSION] ...extra`, prompt on stdin.
 *
 * - No `-p`: with stdin not a terminal gemini runs headless and takes stdin
 *   as the prompt; `-p TEXT` would append TEXT after it, bytes the budget
 *   would then have to count separately.
 * - `--skip-trust`: once authenticated, an untrusted folder exits 55.
 * - `--include-directories`: its read_file tool only opens files inside the
 *   workspace, and the staged copies live outside the repository.
 * - No schema flag: the schema goes to stdin as a prompt section.
 * - No MCP flag (servers come only from settings.json files), so X-Ray tools
 *   are not offered (`capabilities.mcp` is false; `input.mcp` is ignored).
 * - gemini stops waiting for stdin if nothing arrives within 500 ms of its
 *   start-up and reads at most 8 MiB: write the prompt at spawn and close stdin.
 */
export function geminiArgs(input: InvocationInput): string[] {
  const args = ['--output-format', 'stream-json', '--skip-trust'];
  if (input.contextDir) args.push('--include-directories', input.contextDir);
  if (input.model) args.push('-m', input.model);
  if (input.resumeSessionId) args.push('-r', input.resumeSessionId);
  return [...args, ...input.extraArgs];
}

/**
 * A repository trusted in Loupe: GEMINI_CLI_TRUST_WORKSPACE=true from the
 * start, so gemini loads its `.gemini/settings.json` and `.env`. Untrusted:
 * nothing, and `--skip-trust` alone lets the headless run go on without them
 * (gemini reads its settings before that flag trusts the folder; measured with
 * gemini 0.61 by the agents tier).
 */
export function geminiTrustEnv(input: InvocationInput): Record<string, string> {
  return input.projectConfig?.load ? { GEMINI_CLI_TRUST_WORKSPACE: 'true' } : {};
}

export const geminiAdapter: AgentAdapter = {
  id: 'gemini',
  label: 'Gemini CLI',
  resumable: true,
  capabilities: { schema: 'stdin', mcp: false },
  detect: (ctx) => detectCli({ id: 'gemini', label: 'Gemini CLI', bin: 'gemini', npmPackage: '@google/gemini-cli', resumable: true }, ctx),
  invocation(input, executable): Invocation {
    const stdin = input.schema !== null ? promptWithSchema(input.prompt, input.schema) : input.prompt;
    return { command: executable, args: geminiArgs(input), env: geminiTrustEnv(input), stdin, schemaBytes: 0 };
  },
  parser: () => createGeminiParser(),
  /**
   * 42 / "Error resuming session": the session is gone. The 400 about function response parts: gemini
   * 0.61 rebuilds a resumed session that used a tool with each tool result twice, which the API refuses
   * (seen with the agents tier; google-gemini/gemini-cli#16984 and its duplicates): that session cannot
   * go on, and a fresh one with Loupe's history can.
   */
  isResumeFailure: (message, exit) =>
    exit.code === 42 || /Error resuming session|number of function response parts is equal to the number of function call parts/i.test(message ?? ''),
};
