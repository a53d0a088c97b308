/**
 * How each CLI is pointed at a wire session, in each of its login modes, the
 * way it supports: claude by ANTHROPIC_BASE_URL (API key, auth token and
 * subscription alike), gemini by GOOGLE_GEMINI_BASE_URL (API key) or
 * CODE_ASSIST_ENDPOINT (signed in with Google), codex by its base URL in a
 * per-session CODEX_HOME (API key and ChatGPT sign-in alike); a custom command
 * by the relay's URLs in its environment (it opts in). Each upstream is the
 * user's own base URL where they set one, else the mode's official endpoint.
 * claude and gemini on Vertex AI by ANTHROPIC_VERTEX_BASE_URL and
 * GOOGLE_VERTEX_BASE_URL. Where a mode calls an endpoint Loupe does not stand
 * in front of (claude on Bedrock, whose requests are SigV4-signed, and the
 * other clouds), it is not wired and the reason is said plainly. See
 * docs/sign-ins.md.
 */
import { existsSync, readFileSync } from 'node:fs';
import { homedir } from 'node:os';
import { join } from 'node:path';
import { codexConfigWithBaseUrl, codexHomeOverlay, readCodexConfig } from './codex-home-overlay';
import type { WireProvider } from './providers';
import { wireRecords } from '../../../shared/runs/wire-default';

/** How a CLI signs in to its provider, as far as Loupe can tell before it starts (never the credential itself). */
export type LoginMode = 'api-key' | 'auth-token' | 'subscription' | 'chatgpt' | 'google' | 'bedrock' | 'vertex' | 'cloud' | 'not-signed-in';

/** The login mode and where it was read from, said in the run ("login: …"). */
export interface LoginFacts {
  mode: LoginMode;
  /** e.g. "ChatGPT sign-in (auth.json in CODEX_HOME)". */
  text: string;
}

/** What to give the CLI, or why it is not recorded. */
export type CliWiring =
  | {
      kind: 'wired';
      login: LoginFacts;
      /** The user's own base URL per provider (none: the official endpoint). */
      upstreams: Partial<Record<WireProvider, string>>;
      /**
       * Environment and arguments to add, given the relay's base URL per provider. Never an
       * argument holding the relay's URL (its path secret would show in `ps`); `cleanup`
       * removes what was made for the session (codex's per-session CODEX_HOME). For claude,
       * when a settings file sets ANTHROPIC_BASE_URL (which claude applies over its
       * environment), settings JSON that puts the relay back in front, to pass with `--settings`.
       */
      apply(baseUrl: (p: WireProvider) => string): { env: Record<string, string>; args: string[]; claudeSettings?: string; cleanup?: () => void };
    }
  | { kind: 'not-recorded'; login: LoginFacts; reason: string };

/** Official Code Assist endpoint (gemini signed in with Google); gemini adds `/v1internal:<method>`. */
export const CODE_ASSIST_UPSTREAM = 'https://cloudcode-pa.googleapis.com';
/** Where codex signed in with ChatGPT sends its model requests (`/responses` under it). */
export const CHATGPT_UPSTREAM = 'https://chatgpt.com/backend-api/codex';

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
const truthy = (v: string | undefined) => !!v && v !== '0' && v.toLowerCase() !== 'false';

const CLAUDE_CLOUDS: [string, string][] = [
  ['CLAUDE_CODE_USE_FOUNDRY', 'Microsoft Foundry'],
  ['CLAUDE_CODE_USE_ANTHROPIC_AWS', 'Claude on AWS'],
  ['CLAUDE_CODE_USE_ANTHROPIC_GOOGLE_CLOUD', 'Claude on Google Cloud'],
  ['CLAUDE_CODE_USE_MANTLE', 'Amazon Bedrock (Mantle)'],
];

/** Where claude sends on Vertex AI: its region's endpoint (CLOUD_ML_REGION, default us-east5), or the global one. */
export function claudeVertexUpstream(env: NodeJS.ProcessEnv): string {
  const region = own(env.CLOUD_ML_REGION) ?? 'us-east5';
  return region === 'global' ? 'https://aiplatform.googleapis.com/v1' : `https://${region}-aiplatform.googleapis.com/v1`;
}

/** How claude signs in: a cloud provider, an API key, an auth token, or its subscription (the OAuth login in .credentials.json). */
export function claudeLogin(env: NodeJS.ProcessEnv): LoginFacts {
  if (truthy(env.CLAUDE_CODE_USE_BEDROCK)) return { mode: 'bedrock', text: 'Amazon Bedrock (CLAUDE_CODE_USE_BEDROCK)' };
  if (truthy(env.CLAUDE_CODE_USE_VERTEX)) return { mode: 'vertex', text: 'Google Vertex AI (CLAUDE_CODE_USE_VERTEX)' };
  // The other clouds claude 2.1.332 reads (its own flags): not relayed either.
  for (const [flag, name] of CLAUDE_CLOUDS) if (truthy(env[flag])) return { mode: 'cloud', text: `${name} (${flag})` };
  if (own(env.ANTHROPIC_API_KEY)) return { mode: 'api-key', text: 'API key (ANTHROPIC_API_KEY)' };
  if (own(env.ANTHROPIC_AUTH_TOKEN)) return { mode: 'auth-token', text: 'auth token (ANTHROPIC_AUTH_TOKEN, sent as a bearer)' };
  if (own(env.CLAUDE_CODE_OAUTH_TOKEN)) return { mode: 'subscription', text: 'Claude subscription (CLAUDE_CODE_OAUTH_TOKEN)' };
  try {
    const dir = env.CLAUDE_CONFIG_DIR || join(env.HOME || homedir(), '.claude');
    const creds = JSON.parse(readFileSync(join(dir, '.credentials.json'), 'utf8')) as { claudeAiOauth?: { accessToken?: unknown } };
    if (creds.claudeAiOauth?.accessToken) return { mode: 'subscription', text: 'Claude subscription (OAuth login in .credentials.json)' };
  } catch {
    /* no credentials file (macOS keeps it in the keychain) */
  }
  return { mode: 'not-signed-in', text: 'no API key or login file found (claude may use its keychain login or an apiKeyHelper)' };
}

/**
 * Where gemini sends on Vertex AI (as @google/genai picks it): with an API key (express mode) or
 * the global location, aiplatform.googleapis.com; else the location's own endpoint.
 */
export function vertexUpstream(env: NodeJS.ProcessEnv): string {
  const location = own(env.GOOGLE_CLOUD_LOCATION);
  return own(env.GOOGLE_API_KEY) || !location || location === 'global' ? 'https://aiplatform.googleapis.com' : `https://${location}-aiplatform.googleapis.com`;
}

/** How gemini signs in: its selected auth type, else the environment it reads. */
export function geminiLogin(env: NodeJS.ProcessEnv): LoginFacts {
  const auth = geminiAuthType(env);
  if (auth === 'vertex-ai' || (!auth && truthy(env.GOOGLE_GENAI_USE_VERTEXAI))) return { mode: 'vertex', text: `Google Vertex AI (${own(env.GOOGLE_API_KEY) ? 'GOOGLE_API_KEY' : 'Google Cloud credentials'})` };
  if (auth === 'oauth-personal' || auth === 'compute-default-credentials' || auth === 'cloud-shell' || (!auth && truthy(env.GOOGLE_GENAI_USE_GCA)))
    return { mode: 'google', text: `Google sign-in (Code Assist${auth ? `, ${auth}` : ', GOOGLE_GENAI_USE_GCA'})` };
  if (auth === 'gemini-api-key' || own(env.GEMINI_API_KEY)) return { mode: 'api-key', text: 'API key (GEMINI_API_KEY)' };
  return { mode: 'not-signed-in', text: 'no auth type selected and no GEMINI_API_KEY' };
}

/** How codex signs in: an API key (environment or auth.json) or ChatGPT (auth.json's tokens). Reads auth.json's mode only, never its tokens. */
export function codexLogin(env: NodeJS.ProcessEnv, home: string): LoginFacts {
  if (codexUsesChatGpt(env, home)) return { mode: 'chatgpt', text: 'ChatGPT sign-in (auth.json in CODEX_HOME)' };
  if (own(env.OPENAI_API_KEY) || own(env.CODEX_API_KEY)) return { mode: 'api-key', text: `API key (${own(env.CODEX_API_KEY) ? 'CODEX_API_KEY' : 'OPENAI_API_KEY'})` };
  return { mode: 'api-key', text: 'API key (auth.json in CODEX_HOME, or the provider’s env_key)' };
}

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
      const login = claudeLogin(env);
      if (login.mode === 'bedrock') {
        return {
          kind: 'not-recorded',
          login,
          reason:
            'not recorded: claude through Amazon Bedrock signs every request with AWS SigV4 (the signature covers the body) and streams AWS event-stream frames; Loupe cannot rewrite a signed body, and does not relay this mode yet.',
        };
      }
      if (login.mode === 'vertex') {
        // Vertex AI: the Messages body to …/publishers/anthropic/models/<m>:streamRawPredict with a Google token (nothing signed).
        const perModel = Object.keys(env).filter((k) => k.startsWith('VERTEX_REGION_CLAUDE') && own(env[k]));
        if (perModel.length && !own(env.ANTHROPIC_VERTEX_BASE_URL)) {
          return { kind: 'not-recorded', login, reason: `not recorded: claude on Vertex AI sends some models to other regions (${perModel.join(', ')}); Loupe's relay has one upstream.` };
        }
        return {
          kind: 'wired',
          login,
          upstreams: { anthropic: own(env.ANTHROPIC_VERTEX_BASE_URL) ?? claudeVertexUpstream(env) },
          apply: (url) => ({ env: { ANTHROPIC_VERTEX_BASE_URL: url('anthropic') }, args: [] }),
        };
      }
      if (login.mode === 'cloud') {
        return { kind: 'not-recorded', login, reason: `not recorded: claude through ${login.text} sends to that cloud's own endpoint and credentials, which Loupe does not relay yet.` };
      }
      // An API key, an auth token and a subscription's OAuth bearer all go to claude's base URL;
      // a settings file's ANTHROPIC_BASE_URL (the user's, or a trusted repository's) is the upstream then.
      const fromSettings = project.anthropicBaseUrl || claudeUserBaseUrl(env);
      return {
        kind: 'wired',
        login,
        upstreams: { anthropic: fromSettings ?? own(env.ANTHROPIC_BASE_URL) },
        apply: (url) => ({
          env: { ANTHROPIC_BASE_URL: url('anthropic') },
          args: [],
          ...(fromSettings ? { claudeSettings: JSON.stringify({ env: { ANTHROPIC_BASE_URL: url('anthropic') } }) } : {}),
        }),
      };
    }
    case 'gemini': {
      const login = geminiLogin(env);
      if (login.mode === 'vertex') {
        // Vertex AI: the Gemini shape under /v1beta1/…/publishers/google/models/<m>, a Google token or an API key (not a signed body).
        return {
          kind: 'wired',
          login,
          upstreams: { gemini: own(env.GOOGLE_VERTEX_BASE_URL) ?? vertexUpstream(env) },
          apply: (url) => ({ env: { GOOGLE_VERTEX_BASE_URL: url('gemini') }, args: [] }),
        };
      }
      if (login.mode === 'google') {
        // Code Assist: gemini reads CODE_ASSIST_ENDPOINT and adds /v1internal:<method>.
        return {
          kind: 'wired',
          login,
          upstreams: { gemini: own(env.CODE_ASSIST_ENDPOINT) ?? CODE_ASSIST_UPSTREAM },
          apply: (url) => ({ env: { CODE_ASSIST_ENDPOINT: url('gemini') }, args: [] }),
        };
      }
      return {
        kind: 'wired',
        login,
        upstreams: { gemini: project.geminiBaseUrl || own(env.GOOGLE_GEMINI_BASE_URL) },
        apply: (url) => ({ env: { GOOGLE_GEMINI_BASE_URL: url('gemini') }, args: [] }),
      };
    }
    case 'codex': {
      const cfg = readCodexProvider(env);
      const login = codexLogin(env, cfg.home);
      if (cfg.custom && !/^[A-Za-z0-9_-]+$/.test(cfg.provider)) {
        return { kind: 'not-recorded', login, reason: `not recorded: codex's provider name "${cfg.provider}" is not one Loupe can set a base URL for.` };
      }
      // The user's own base URL is the upstream (a gateway keeps working); else the mode's official endpoint.
      const upstream = cfg.custom ? cfg.baseUrl! : (own(cfg.openaiBaseUrl ?? undefined) ?? (login.mode === 'chatgpt' ? CHATGPT_UPSTREAM : own(env.OPENAI_BASE_URL)));
      return {
        kind: 'wired',
        login,
        upstreams: { openai: upstream },
        apply(url) {
          // The relay's URL goes into a per-session CODEX_HOME's config.toml, never onto the command line.
          const overlay = codexHomeOverlay(cfg.home, codexConfigWithBaseUrl(readCodexConfig(cfg.home), cfg.custom ? cfg.provider : null, url('openai')));
          const out: Record<string, string> = { CODEX_HOME: overlay.dir };
          // codex's databases stay the user's own (a database made first in the overlay would be apart).
          if (!env.CODEX_SQLITE_HOME) out.CODEX_SQLITE_HOME = cfg.home;
          return { env: out, args: [], cleanup: overlay.cleanup };
        },
      };
    }
    case 'custom':
      return {
        kind: 'wired',
        login: { mode: 'api-key', text: 'a custom command (its own credentials)' },
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
