// The agents tier: `loupe run` with the real claude, codex and gemini (npm run
// agents:install) against scripted providers on 127.0.0.1, each CLI in a home folder of
// its own. One set of cases per CLI (tier-cases.ts); this file says how each CLI is
// pointed at its provider, how it reads a file, and where it keeps its sessions.
import { chmodSync, mkdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { AGENT_PINS, agentsBin, agentsDir, agentsMissing, type AgentBin } from '../../core/testing/agents';
import { tempDir } from '../../core/testing/fixtures';
import type { ProviderApi, RecordedRequest, ScriptedToolCall } from '../../core/testing/providers';
import type { ReportedUsage } from '../../../shared/contract/agent-events';
import type { WireProvider } from '../../core/wire/providers';

export interface TierAgent {
  bin: AgentBin;
  /**
   * What a follow-up to a turn that used a tool does: resume the CLI's session, or (gemini 0.61,
   * which rebuilds such a session with each tool result twice, refused by the API) fall back.
   */
  followUp: 'resumes' | 'falls-back';
  /** How `loupe sessions` names its transcripts. */
  sessionCli: 'claude-code' | 'codex' | 'gemini';
  api: ProviderApi;
  /** The API its requests are parsed as on the wire. */
  wire: WireProvider;
  /** The tool call that makes this CLI read `path` with its own tool. */
  readTool(path: string): ScriptedToolCall;
  /** Writes the CLI's own settings into `home`; returns the environment pointing it at `providerUrl`. */
  configure(home: string, providerUrl: string): Record<string, string>;
  /** The folder of its sessions in `home`: removed to make a resume fail. */
  sessionsDir(home: string): string;
  /** What Loupe's evidence should say the provider reported for a step that made these model calls. */
  expectedUsage(calls: RecordedRequest[]): ReportedUsage;
  /** The context count the CLI's transcript keeps for its last call, and on what basis. */
  sessionContext(last: RecordedRequest): { tokens: number; basis: 'request-input' | 'request-input+output' };
}

const sum = (calls: RecordedRequest[], pick: (u: NonNullable<NonNullable<RecordedRequest['reply']>['usage']>) => number): number =>
  calls.reduce((n, c) => n + (c.reply?.usage ? pick(c.reply.usage) : 0), 0);
/** The whole prompt of one call as the provider counted it (input + cache read + cache write). */
export const promptTotal = (call: RecordedRequest): number => {
  const u = call.reply!.usage!;
  return u.input + u.cacheRead + u.cacheWrite;
};

export const TIER_AGENTS: Record<AgentBin, TierAgent> = {
  claude: {
    bin: 'claude',
    sessionCli: 'claude-code',
    followUp: 'resumes',
    api: 'anthropic',
    wire: 'anthropic',
    readTool: (path) => ({ name: 'Read', input: { file_path: path } }),
    configure: (_home, url) => ({ ANTHROPIC_BASE_URL: url, ANTHROPIC_API_KEY: 'sk-ant-scripted-not-a-key' }),
    sessionsDir: (home) => join(home, '.claude', 'projects'),
    // claude sums its requests, and reports the first and the last request's context apart.
    expectedUsage: (calls) => ({
      inputTokens: sum(calls, (u) => u.input),
      outputTokens: sum(calls, (u) => u.output),
      cacheReadTokens: sum(calls, (u) => u.cacheRead),
      cacheCreationTokens: sum(calls, (u) => u.cacheWrite),
      contextTokens: promptTotal(calls.at(-1)!),
      promptTokens: promptTotal(calls[0]!),
    }),
    sessionContext: (last) => ({ tokens: promptTotal(last), basis: 'request-input' }),
  },
  codex: {
    bin: 'codex',
    sessionCli: 'codex',
    followUp: 'resumes',
    api: 'openai-responses',
    wire: 'openai',
    readTool: (path) => ({ name: 'exec_command', input: { cmd: `cat '${path}'` } }),
    configure(home, url) {
      const codexHome = join(home, '.codex');
      mkdirSync(codexHome, { recursive: true });
      writeFileSync(
        join(codexHome, 'config.toml'),
        [
          'model = "gpt-5"',
          'model_provider = "scripted"',
          '[model_providers.scripted]',
          'name = "scripted"',
          `base_url = "${url}/v1"`,
          'env_key = "OPENAI_API_KEY"',
          'wire_api = "responses"',
          'request_max_retries = 0',
          'stream_max_retries = 0',
          '',
        ].join('\n'),
      );
      return { CODEX_HOME: codexHome, OPENAI_API_KEY: 'sk-scripted-not-a-key' };
    },
    sessionsDir: (home) => join(home, '.codex', 'sessions'),
    // codex sums its requests: input_tokens counts the cached part too.
    expectedUsage: (calls) => ({
      inputTokens: sum(calls, (u) => u.input + u.cacheRead + u.cacheWrite),
      outputTokens: sum(calls, (u) => u.output),
      cacheReadTokens: sum(calls, (u) => u.cacheRead),
      cacheCreationTokens: 0,
    }),
    // Its transcript keeps the last request's input and output (what codex counts against the window).
    sessionContext: (last) => ({ tokens: promptTotal(last) + last.reply!.usage!.output, basis: 'request-input+output' }),
  },
  gemini: {
    bin: 'gemini',
    sessionCli: 'gemini',
    followUp: 'falls-back',
    api: 'gemini',
    wire: 'gemini',
    readTool: (path) => ({ name: 'read_file', input: { file_path: path } }),
    configure(home, url) {
      mkdirSync(join(home, '.gemini'), { recursive: true });
      writeFileSync(join(home, '.gemini', 'settings.json'), JSON.stringify({ security: { auth: { selectedType: 'gemini-api-key' } } }));
      // GEMINI_CLI_NO_RELAUNCH: gemini otherwise starts Node twice (the second time with a larger heap),
      // seconds each on a busy machine; the tier's time limit is 3 minutes.
      return { GEMINI_API_KEY: 'scripted-not-a-key', GOOGLE_GEMINI_BASE_URL: url, GEMINI_CLI_TRUST_WORKSPACE: 'true', GEMINI_CLI_NO_RELAUNCH: 'true' };
    },
    sessionsDir: (home) => join(home, '.gemini', 'tmp'),
    // gemini sums every call of the turn, its model router's included.
    expectedUsage: (calls) => ({
      inputTokens: sum(calls, (u) => u.input + u.cacheRead + u.cacheWrite),
      outputTokens: sum(calls, (u) => u.output),
      cacheReadTokens: sum(calls, (u) => u.cacheRead),
    }),
    sessionContext: (last) => ({ tokens: promptTotal(last), basis: 'request-input' }),
  },
};

/** Why the tier cannot run here (said once, in one line), or null. */
export function tierSkipReason(): string | null {
  const missing = agentsMissing();
  return missing ? `agents tier skipped: ${missing}` : null;
}

export interface TierHome {
  home: string;
  /** Every start of the CLI (its arguments, one line each), by the wrapper Loupe finds on LOUPE_AGENT_PATH. */
  launches(): string[];
  /** The environment `loupe` runs with (and hands the agent). */
  env: Record<string, string>;
}

/**
 * A home folder for one CLI, a wrapper that records each start of it before running
 * the real one, and the environment for `loupe`: its own user data, this HOME,
 * LOUPE_AGENT_PATH at the wrapper, and the provider settings.
 */
export function tierHome(agent: TierAgent, providerUrl: string): TierHome {
  const home = tempDir(`loupe-tier-${agent.bin}-`);
  // An npm layout of its own: node_modules/<package> is the installed one (detection reads its version there),
  // node_modules/.bin/<bin> a wrapper that logs each start and runs the real CLI.
  const modules = join(home, 'wrapped', 'node_modules');
  const wrappers = join(modules, '.bin');
  mkdirSync(wrappers, { recursive: true });
  const pkg = Object.keys(AGENT_PINS).find((name) => AGENT_PINS[name]!.bin === agent.bin)!;
  mkdirSync(dirname(join(modules, pkg)), { recursive: true });
  symlinkSync(join(agentsDir(), 'node_modules', pkg), join(modules, pkg));
  const log = join(home, 'launches.log');
  writeFileSync(log, '');
  const wrapper = join(wrappers, agent.bin);
  writeFileSync(wrapper, `#!/bin/sh\nprintf '%s\\n' "$*" >> '${log}'\nexec '${join(agentsBin(), agent.bin)}' "$@"\n`);
  chmodSync(wrapper, 0o755);
  const env: Record<string, string> = {
    PATH: process.env.PATH ?? '/usr/bin:/bin',
    HOME: home,
    TERM: 'dumb',
    LOUPE_USER_DATA: join(home, 'loupe-data'),
    LOUPE_AGENT_PATH: wrappers,
    ...agent.configure(home, providerUrl),
  };
  return {
    home,
    env,
    launches: () => readFileSync(log, 'utf8').split('\n').filter(Boolean),
  };
}

/** Removes the CLI's sessions so the next resume cannot find its own. */
export function dropSessions(agent: TierAgent, home: string): void {
  rmSync(agent.sessionsDir(home), { recursive: true, force: true });
}
