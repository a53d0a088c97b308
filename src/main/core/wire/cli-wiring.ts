/**
 * How each CLI is pointed at a wire session, the way it supports: claude by
 * ANTHROPIC_BASE_URL, gemini by GOOGLE_GEMINI_BASE_URL, codex by `-c`
 * overrides of its provider's base URL; a custom command by the relay's URLs
 * in its environment (it opts in). Each upstream is the user's own base URL
 * where they set one, else the official endpoint. Where a CLI's signed-in
 * mode calls an endpoint Loupe cannot stand in front of, it is not wired and
 * the reason is said plainly.
 */
import { existsSync, readFileSync } from 'node:fs';
import { homedir } from 'node:os';
import { join } from 'node:path';
import type { WireProvider } from './providers';
import { wireRecords } from '../../../shared/runs/wire-default';

/** What to give the CLI, or why it is not recorded. */
export type CliWiring =
  | {
      kind: 'wired';
      /** The user's own base URL per provider (none: the official endpoint). */
      upstreams: Partial<Record<WireProvider, string>>;
      /**
       * Environment and arguments to add, given the relay's base URL per provider; and for
       * claude, when a settings file sets ANTHROPIC_BASE_URL (which claude applies over its
       * environment), settings JSON that puts the relay back in front, to pass with `--settings`.
       */
      apply(baseUrl: (p: WireProvider) => string): { env: Record<string, string>; args: string[]; claudeSettings?: string };
    }
  | { kind: 'not-recorded'; reason: string };

/** A `key = "value"` or `key = 'value'` TOML line's string value (the only shapes needed here). */
function tomlValue(line: string, key: string): string | null {
  const m = new RegExp(`^\\s*${key}\\s*=\\s*(?:"((?:[^"\\\\]|\\\\.)*)"|'([^']*)')`).exec(line);
  if (!m) return null;
  return m[2] ?? JSON.parse(`"${m[1]}"`);
}

/** What codex's config.toml says about its provider: the one in use, its base URL, the top-level openai_base_url. */
export function readCodexProvider(env: NodeJS.ProcessEnv): { provider: string; baseUrl: string | null; custom: boolean; openaiBaseUrl: string | null; home: string } {
  const home = env.CODEX_HOME || join(env.HOME || homedir(), '.codex');
  const file = join(home, 'config.toml');
  let provider = 'openai';
  let openaiBaseUrl: string | null = null;
  const bases = new Map<string, string>();
  if (existsSync(file)) {
    let table = '';
    for (const line of readFileSync(file, 'utf8').split(/\r?\n/)) {
      const header = /^\s*\[([^\]]+)\]\s*(#.*)?$/.exec(line);
      if (header) {
        table = header[1]!.trim().replace(/"/g, '');
        continue;
      }
      if (table === '') {
        provider = tomlValue(line, 'model_provider') ?? provider;
        openaiBaseUrl = tomlValue(line, 'openai_base_url') ?? openaiBaseUrl;
      } else if (table.startsWith('model_providers.')) {
        const base = tomlValue(line, 'base_url');
        if (base) bases.set(table.slice('model_providers.'.length), base);
      }
    }
  }
  const base = bases.get(provider) ?? null;
  return { provider, baseUrl: base, custom: base !== null, openaiBaseUrl, home };
}

/** True when codex would sign in with ChatGPT rather than an API key. */
function codexUsesChatGpt(env: NodeJS.ProcessEnv, home: string): boolean {
  if (env.OPENAI_API_KEY || env.CODEX_API_KEY) return false;
  try {
    const auth = JSON.parse(readFileSync(join(home, 'auth.json'), 'utf8')) as { OPENAI_API_KEY?: string | null; tokens?: unknown; auth_mode?: string };
    if (auth.OPENAI_API_KEY) return false;
    return auth.auth_mode === 'chatgpt' || !!auth.tokens;
  } catch {
    return false;
  }
}

/** Gemini CLI's selected auth type (settings.json under its HOME), or null. */
function geminiAuthType(env: NodeJS.ProcessEnv): string | null {
  for (const file of [join(env.GEMINI_CLI_HOME || env.HOME || homedir(), '.gemini', 'settings.json')]) {
    try {
      const s = JSON.parse(readFileSync(file, 'utf8')) as { security?: { auth?: { selectedType?: string } }; selectedAuthType?: string };
      return s.security?.auth?.selectedType ?? s.selectedAuthType ?? null;
    } catch {
      /* no settings */
    }
  }
  return null;
}

const own = (v: string | undefined) => (v && v.trim() ? v.trim() : undefined);

/** ANTHROPIC_BASE_URL from the `env` of claude's user settings (~/.claude/settings.json), or null. */
export function claudeUserBaseUrl(env: NodeJS.ProcessEnv): string | null {
  const dir = env.CLAUDE_CONFIG_DIR || join(env.HOME || homedir(), '.claude');
  try {
    const s = JSON.parse(readFileSync(join(dir, 'settings.json'), 'utf8')) as { env?: Record<string, unknown> };
    const url = s.env?.ANTHROPIC_BASE_URL;
    return typeof url === 'string' && url.trim() ? url.trim() : null;
  } catch {
    return null;
  }
}

/** What the repository adds to a CLI's own base URL: the project settings' one, when the CLI may load them (a trusted repository). */
export interface ProjectWiring {
  /** claude: ANTHROPIC_BASE_URL from `.claude/settings.local.json` or `.claude/settings.json`, when trusted. */
  anthropicBaseUrl?: string | null;
  /** gemini: GOOGLE_GEMINI_BASE_URL from `.gemini/.env` or `.env`, when trusted. */
  geminiBaseUrl?: string | null;
}

/**
 * How to wire `agent` given the environment it will run in; null for agents the wire does not apply to (the demo).
 * claude's base URL is its settings' one where a settings file sets it (claude applies a settings `env` over
 * its own environment: project local, project, then user), else the environment's: that is the upstream, and
 * `--settings` (flag settings outrank those files) keeps the relay in front of it.
 */
export function wiringFor(agent: string, env: NodeJS.ProcessEnv, project: ProjectWiring = {}): CliWiring | null {
  switch (agent) {
    case 'claude': {
      // Works with an API key and with a signed-in account alike: claude sends both to its base URL.
      const fromSettings = project.anthropicBaseUrl || claudeUserBaseUrl(env);
      return {
        kind: 'wired',
        upstreams: { anthropic: fromSettings ?? own(env.ANTHROPIC_BASE_URL) },
        apply: (url) => ({
          env: { ANTHROPIC_BASE_URL: url('anthropic') },
          args: [],
          ...(fromSettings ? { claudeSettings: JSON.stringify({ env: { ANTHROPIC_BASE_URL: url('anthropic') } }) } : {}),
        }),
      };
    }
    case 'gemini': {
      const auth = geminiAuthType(env);
      if (auth && auth !== 'gemini-api-key' && !env.GEMINI_API_KEY) {
        return {
          kind: 'not-recorded',
          reason:
            auth === 'vertex-ai'
              ? 'not recorded: gemini signed in with Vertex AI sends to its Google Cloud endpoint, which Loupe cannot relay.'
              : 'not recorded: gemini signed in with Google sends to cloudcode-pa.googleapis.com, which Loupe cannot relay (a Gemini API key can be).',
        };
      }
      return {
        kind: 'wired',
        upstreams: { gemini: project.geminiBaseUrl || own(env.GOOGLE_GEMINI_BASE_URL) },
        apply: (url) => ({ env: { GOOGLE_GEMINI_BASE_URL: url('gemini') }, args: [] }),
      };
    }
    case 'codex': {
      const cfg = readCodexProvider(env);
      if (!cfg.custom && codexUsesChatGpt(env, cfg.home)) {
        return { kind: 'not-recorded', reason: 'not recorded: codex signed in with ChatGPT sends to chatgpt.com/backend-api/codex, which Loupe cannot relay (an API key can be).' };
      }
      if (cfg.custom) {
        if (!/^[A-Za-z0-9_-]+$/.test(cfg.provider)) return { kind: 'not-recorded', reason: `not recorded: codex's provider name "${cfg.provider}" cannot be overridden with -c.` };
        return {
          kind: 'wired',
          upstreams: { openai: cfg.baseUrl! },
          apply: (url) => ({ env: {}, args: ['-c', `model_providers.${cfg.provider}.base_url=${JSON.stringify(url('openai'))}`] }),
        };
      }
      return {
        kind: 'wired',
        upstreams: { openai: own(cfg.openaiBaseUrl ?? undefined) ?? own(env.OPENAI_BASE_URL) },
        apply: (url) => ({ env: {}, args: ['-c', `openai_base_url=${JSON.stringify(url('openai'))}`] }),
      };
    }
    case 'custom':
      return {
        kind: 'wired',
        upstreams: { anthropic: own(env.ANTHROPIC_BASE_URL), openai: own(env.OPENAI_BASE_URL), gemini: own(env.GOOGLE_GEMINI_BASE_URL) },
        apply: (url) => ({
          env: {
            LOUPE_WIRE_ANTHROPIC_URL: url('anthropic'),
            LOUPE_WIRE_OPENAI_URL: url('openai'),
            LOUPE_WIRE_GEMINI_URL: url('gemini'),
            ANTHROPIC_BASE_URL: url('anthropic'),
            OPENAI_BASE_URL: url('openai'),
            GOOGLE_GEMINI_BASE_URL: url('gemini'),
          },
          args: [],
        }),
      };
    default:
      return null;
  }
}

/** Whether a run records its wire: on by default for claude, codex and gemini; custom commands opt in. */
export function wireEnabled(agent: string, setting: boolean | undefined): boolean {
  return wireRecords(agent, setting);
}
