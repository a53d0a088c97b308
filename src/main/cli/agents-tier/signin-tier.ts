// The agents tier's sign-ins (issue 35): each real CLI in its signed-in mode, with
// fabricated credentials, against a scripted server of that mode: claude with a
// subscription (.credentials.json's OAuth token, no API key: `authorization: Bearer
// sk-ant-oat01-…` to ANTHROPIC_BASE_URL), codex with ChatGPT (auth.json's tokens, a JWT
// naming the account: a bearer and `chatgpt-account-id`, zstd-encoded bodies, to its
// openai_base_url), gemini with Google (Code Assist at CODE_ASSIST_ENDPOINT, a token from
// GOOGLE_CLOUD_ACCESS_TOKEN without a network check); and gemini on Vertex AI (express mode, an API
// key, at GOOGLE_VERTEX_BASE_URL). Each sign-in's tokens are random per
// home, so a test can look for them anywhere Loupe keeps data.
import { randomBytes } from 'node:crypto';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { LoginMode } from '../../core/wire/cli-wiring';
import { TIER_AGENTS, type TierAgent } from './tier';

export interface SignInAgent extends TierAgent {
  /** The login mode Loupe should say the run used. */
  login: LoginMode;
  /** Every credential value written for the last home configured (to be found nowhere in Loupe's data). */
  tokens(): string[];
}

const b64url = (v: unknown) => Buffer.from(JSON.stringify(v)).toString('base64url');
const fabricated = (prefix: string) => `${prefix}${randomBytes(18).toString('base64url')}`;

/** A JWT-shaped token (unsigned: nothing checks the signature offline) with `claims`. */
function jwt(claims: Record<string, unknown>): string {
  return `${b64url({ alg: 'RS256', typ: 'JWT' })}.${b64url(claims)}.${randomBytes(16).toString('base64url')}`;
}

function claudeSubscription(): SignInAgent {
  let tokens: string[] = [];
  return {
    ...TIER_AGENTS.claude,
    login: 'subscription',
    tokens: () => tokens,
    configure(home, url) {
      const access = fabricated('sk-ant-oat01-');
      const refresh = fabricated('sk-ant-ort01-');
      tokens = [access, refresh];
      mkdirSync(join(home, '.claude'), { recursive: true });
      writeFileSync(
        join(home, '.claude', '.credentials.json'),
        JSON.stringify({ claudeAiOauth: { accessToken: access, refreshToken: refresh, expiresAt: Date.now() + 365 * 86_400_000, scopes: ['user:inference', 'user:profile'], subscriptionType: 'max' } }),
        { mode: 0o600 },
      );
      return { ANTHROPIC_BASE_URL: url };
    },
  };
}

function codexChatGpt(): SignInAgent {
  let tokens: string[] = [];
  return {
    ...TIER_AGENTS.codex,
    login: 'chatgpt',
    tokens: () => tokens,
    configure(home, url) {
      const account = `acct-${randomBytes(9).toString('hex')}`;
      const auth = { 'https://api.openai.com/auth': { chatgpt_account_id: account, chatgpt_plan_type: 'plus', chatgpt_user_id: `user-${randomBytes(6).toString('hex')}` } };
      const exp = Math.floor(Date.now() / 1000) + 365 * 86_400;
      const id = jwt({ email: 'tier@example.com', exp, ...auth });
      const access = jwt({ exp, ...auth, nonce: randomBytes(8).toString('hex') });
      const refresh = fabricated('rt-');
      tokens = [id, access, refresh, account, id.split('.')[2]!, access.split('.')[2]!];
      const codexHome = join(home, '.codex');
      mkdirSync(codexHome, { recursive: true });
      // The built-in OpenAI provider, moved by openai_base_url (as a gateway user would): ChatGPT mode honours it.
      writeFileSync(join(codexHome, 'config.toml'), ['model = "gpt-5"', `openai_base_url = "${url}/v1"`, ''].join('\n'));
      writeFileSync(
        join(codexHome, 'auth.json'),
        JSON.stringify({ auth_mode: 'chatgpt', OPENAI_API_KEY: null, tokens: { id_token: id, access_token: access, refresh_token: refresh, account_id: account }, last_refresh: new Date().toISOString() }),
        { mode: 0o600 },
      );
      return { CODEX_HOME: codexHome };
    },
  };
}

function geminiGoogle(): SignInAgent {
  let tokens: string[] = [];
  return {
    ...TIER_AGENTS.gemini,
    api: 'code-assist',
    login: 'google',
    tokens: () => tokens,
    configure(home, url) {
      const access = fabricated('ya29.');
      tokens = [access];
      mkdirSync(join(home, '.gemini'), { recursive: true });
      writeFileSync(join(home, '.gemini', 'settings.json'), JSON.stringify({ security: { auth: { selectedType: 'oauth-personal' } } }));
      return {
        GOOGLE_GENAI_USE_GCA: 'true',
        GOOGLE_CLOUD_ACCESS_TOKEN: access,
        GOOGLE_CLOUD_PROJECT: 'scripted-project',
        CODE_ASSIST_ENDPOINT: url,
        GEMINI_CLI_TRUST_WORKSPACE: 'true',
        GEMINI_CLI_NO_RELAUNCH: 'true',
      };
    },
  };
}

function geminiVertex(): SignInAgent {
  let tokens: string[] = [];
  return {
    ...TIER_AGENTS.gemini,
    login: 'vertex',
    tokens: () => tokens,
    configure(home, url) {
      // Vertex AI express mode (an API key): no Google Cloud credentials to find offline.
      const key = fabricated('AIza');
      tokens = [key];
      mkdirSync(join(home, '.gemini'), { recursive: true });
      writeFileSync(join(home, '.gemini', 'settings.json'), JSON.stringify({ security: { auth: { selectedType: 'vertex-ai' } } }));
      return {
        GOOGLE_GENAI_USE_VERTEXAI: 'true',
        GOOGLE_API_KEY: key,
        GOOGLE_CLOUD_PROJECT: 'scripted-project',
        GOOGLE_CLOUD_LOCATION: 'us-central1',
        GOOGLE_VERTEX_BASE_URL: url,
        GEMINI_CLI_TRUST_WORKSPACE: 'true',
        GEMINI_CLI_NO_RELAUNCH: 'true',
      };
    },
  };
}

function claudeVertex(): SignInAgent {
  let tokens: string[] = [];
  return {
    ...TIER_AGENTS.claude,
    login: 'vertex',
    tokens: () => tokens,
    configure(_home, url) {
      // No Google Cloud credentials offline: claude's gateway mode (SKIP_VERTEX_AUTH) sends ANTHROPIC_AUTH_TOKEN as the bearer, a Google-shaped one here.
      const token = fabricated('ya29.');
      tokens = [token];
      return {
        CLAUDE_CODE_USE_VERTEX: '1',
        CLAUDE_CODE_SKIP_VERTEX_AUTH: '1',
        ANTHROPIC_AUTH_TOKEN: token,
        ANTHROPIC_VERTEX_BASE_URL: `${url}/v1`,
        ANTHROPIC_VERTEX_PROJECT_ID: 'scripted-project',
        CLOUD_ML_REGION: 'us-east5',
      };
    },
  };
}

/** The sign-ins the tier runs: each CLI's signed-in mode, and claude and gemini on Vertex AI. */
export type SignIn = 'claude-subscription' | 'claude-vertex' | 'codex-chatgpt' | 'gemini-google' | 'gemini-vertex';

/** A fresh sign-in agent per test (its tokens are those of the home it configured last). */
export function signInAgent(signIn: SignIn): SignInAgent {
  switch (signIn) {
    case 'claude-subscription':
      return claudeSubscription();
    case 'claude-vertex':
      return claudeVertex();
    case 'codex-chatgpt':
      return codexChatGpt();
    case 'gemini-google':
      return geminiGoogle();
    case 'gemini-vertex':
      return geminiVertex();
  }
}
