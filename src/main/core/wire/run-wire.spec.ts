import { existsSync, lstatSync, mkdirSync, readFileSync, realpathSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { makeRepo, makeRuntime, removeTempDirs, tempDir } from '../testing/fixtures';
import { startProvider, type ScriptedProvider } from '../testing/providers';
import { nodeCmd, waitForRun } from '../testing/runs';
import type { Runtime } from '../runtime';
import { wiringFor } from './cli-wiring';
import { codexConfigWithBaseUrl } from './codex-home-overlay';
import { listWireSessions, wireRequests } from './store';

let runtime: Runtime | null = null;
let provider: ScriptedProvider | null = null;
afterEach(async () => {
  await runtime?.close();
  await provider?.close();
  runtime = null;
  provider = null;
});
afterAll(() => removeTempDirs());

/** A custom command that sends one Messages request to $ANTHROPIC_BASE_URL and prints what came back. */
const CALLER = nodeCmd(
  `fetch(process.env.ANTHROPIC_BASE_URL+'/v1/messages',{method:'POST',headers:{'content-type':'application/json','anthropic-version':'2023-06-01','x-api-key':process.env.TEST_ANTHROPIC_KEY},` +
    `body:JSON.stringify({model:'claude-x',max_tokens:10,messages:[{role:'user',content:'hello wire'}]})}).then(r=>r.text()).then(t=>console.log('reply:'+t.length+':'+(process.env.LOUPE_WIRE_ANTHROPIC_URL?'wired':'plain')))`,
);

describe('a run on the wire', () => {
  it('records a custom command that opts in, with the run and step, and shows it in the run detail', async () => {
    provider = await startProvider('anthropic', { script: { turns: [{ reply: { text: 'hi back', usage: { input: 12, output: 3 } } }] } });
    runtime = makeRuntime({ env: { ...process.env, ANTHROPIC_BASE_URL: provider.url, TEST_ANTHROPIC_KEY: 'sk-ant-custom-key-123' } });
    const repo = makeRepo({ 'a.txt': 'a\n' });
    const started = await runtime.call('runs.start', { repo, ask: 'go', settings: { agent: 'custom', command: CALLER, wire: true } });
    const detail = await waitForRun(runtime, started.run.id);
    expect(detail.run.status).toBe('succeeded');
    expect(JSON.stringify(detail.events)).toContain('wired');
    const step = detail.steps[0]!;
    expect(detail.wire.steps).toEqual([
      // listPrice: the step's reported requests at list price (issue 36).
      { stepId: step.id, requests: 1, largestBytes: expect.any(Number), reportedInput: 12, cacheRead: 0, warnings: [], listPrice: expect.objectContaining({ requests: 1 }) },
    ]);
    const [session] = listWireSessions(runtime.deps.db, repo);
    const [rec] = wireRequests(runtime.deps.db, session!.id);
    expect(rec).toMatchObject({ runId: started.run.id, stepId: step.id, api: 'anthropic-messages', model: 'claude-x', status: 200 });
    expect(rec!.requestBytes).toBe(Buffer.byteLength(provider.turns()[0]!.bodyText));
    expect(provider.turns()[0]!.headers['x-api-key']).toBeUndefined(); // the scripted server strips credentials from its log
    expect(JSON.stringify(detail)).not.toContain('sk-ant-custom-key-123');
    expect(JSON.stringify(wireRequests(runtime.deps.db, session!.id))).not.toContain('sk-ant-custom-key-123');
  });

  it('leaves a custom command alone unless it opts in, and a run with the wire off unrecorded', async () => {
    provider = await startProvider('anthropic', { script: { turns: [{ reply: { text: 'x' } }] } });
    runtime = makeRuntime({ env: { ...process.env, ANTHROPIC_BASE_URL: provider.url } });
    const repo = makeRepo({ 'a.txt': 'a\n' });
    for (const settings of [{ agent: 'custom' as const, command: CALLER }, { agent: 'custom' as const, command: CALLER, wire: false }]) {
      const started = await runtime.call('runs.start', { repo, ask: 'go', settings });
      const detail = await waitForRun(runtime, started.run.id);
      expect(JSON.stringify(detail.events)).toContain('plain');
      expect(detail.wire).toEqual({ sessions: [], steps: [], notes: [], logins: [] });
    }
    expect(provider.turns()).toHaveLength(2);
  });
});

describe('the relay’s secret in what the CLI prints', () => {
  it('is hidden from the run’s events and its failure message (codex’s errors quote its base URL)', async () => {
    runtime = makeRuntime({ env: { ...process.env } });
    const repo = makeRepo({ 'a.txt': 'a\n' });
    // Prints the relay's URL as codex's reconnect errors do, on stdout and stderr, and fails.
    const printer = nodeCmd(
      `const u=process.env.LOUPE_WIRE_OPENAI_URL;console.log('ERROR: unexpected status 404 Not Found, url: '+u+'/responses');console.error('stream error: '+u);process.exit(1)`,
    );
    const started = await runtime.call('runs.start', { repo, ask: 'go', settings: { agent: 'custom', command: printer, wire: true } });
    const detail = await waitForRun(runtime, started.run.id);
    expect(detail.run.status).toBe('failed');
    const secretUrl = /127\.0\.0\.1:\d+\/[A-Za-z0-9_-]{43}\//;
    const shown = JSON.stringify(detail.events) + JSON.stringify(detail.steps);
    expect(shown).toContain('url: http://127.0.0.1:');
    expect(shown).toContain('[loupe-relay-secret]/openai/responses');
    expect(shown).not.toMatch(secretUrl);
    // Nor in the stored rows themselves.
    const rows = runtime.deps.db.prepare<[], { payload: string }>('SELECT payload FROM run_events').all();
    expect(rows.some((r) => r.payload.includes('[loupe-relay-secret]'))).toBe(true);
    expect(rows.filter((r) => secretUrl.test(r.payload))).toEqual([]);
  });
});

describe('wiring each CLI', () => {
  it('points claude and gemini at the relay by their base URL variables, keeping the user’s own as upstream', () => {
    const claude = wiringFor('claude', { ANTHROPIC_BASE_URL: 'https://gateway.example/anthropic' });
    expect(claude?.kind).toBe('wired');
    if (claude?.kind !== 'wired') return;
    expect(claude.upstreams).toEqual({ anthropic: 'https://gateway.example/anthropic' });
    expect(claude.login.mode).toBe('not-signed-in');
    expect(claude.apply((p) => `http://relay/${p}`)).toEqual({ env: { ANTHROPIC_BASE_URL: 'http://relay/anthropic' }, args: [] });
    const home = tempDir();
    const gemini = wiringFor('gemini', { HOME: home, GEMINI_API_KEY: 'k' });
    expect(gemini?.kind === 'wired' && gemini.apply((p) => `http://relay/${p}`).env).toEqual({ GOOGLE_GEMINI_BASE_URL: 'http://relay/gemini' });
  });

  it('relays gemini signed in with Google by CODE_ASSIST_ENDPOINT, the user’s own or the official one upstream', () => {
    const home = tempDir();
    mkdirSync(join(home, '.gemini'));
    writeFileSync(join(home, '.gemini', 'settings.json'), JSON.stringify({ security: { auth: { selectedType: 'oauth-personal' } } }));
    const google = wiringFor('gemini', { HOME: home });
    expect(google).toMatchObject({ kind: 'wired', login: { mode: 'google' }, upstreams: { gemini: 'https://cloudcode-pa.googleapis.com' } });
    expect(google?.kind === 'wired' && google.apply((p) => `http://relay/${p}`)).toEqual({ env: { CODE_ASSIST_ENDPOINT: 'http://relay/gemini' }, args: [] });
    const own = wiringFor('gemini', { HOME: tempDir(), GOOGLE_GENAI_USE_GCA: 'true', CODE_ASSIST_ENDPOINT: 'https://ca.corp.example' });
    expect(own).toMatchObject({ kind: 'wired', login: { mode: 'google' }, upstreams: { gemini: 'https://ca.corp.example' } });
  });

  it('says plainly which cloud modes are not recorded, and why; relays claude and gemini on Vertex AI', () => {
    const home = tempDir();
    mkdirSync(join(home, '.gemini'));
    writeFileSync(join(home, '.gemini', 'settings.json'), JSON.stringify({ security: { auth: { selectedType: 'vertex-ai' } } }));
    // gemini on Vertex AI is relayed (a Google token or an API key; the body is not signed), by GOOGLE_VERTEX_BASE_URL.
    const vertex = wiringFor('gemini', { HOME: home, GOOGLE_CLOUD_LOCATION: 'europe-west4' });
    expect(vertex).toMatchObject({ kind: 'wired', login: { mode: 'vertex' }, upstreams: { gemini: 'https://europe-west4-aiplatform.googleapis.com' } });
    expect(vertex?.kind === 'wired' && vertex.apply((p) => `http://relay/${p}`).env).toEqual({ GOOGLE_VERTEX_BASE_URL: 'http://relay/gemini' });
    expect(wiringFor('gemini', { HOME: tempDir(), GOOGLE_GENAI_USE_VERTEXAI: 'true', GOOGLE_API_KEY: 'k', GOOGLE_CLOUD_LOCATION: 'us-central1' })).toMatchObject({
      kind: 'wired',
      upstreams: { gemini: 'https://aiplatform.googleapis.com' },
    });
    expect(wiringFor('claude', { HOME: tempDir(), CLAUDE_CODE_USE_BEDROCK: '1', ANTHROPIC_API_KEY: 'k' })).toMatchObject({
      kind: 'not-recorded',
      login: { mode: 'bedrock' },
      reason: expect.stringMatching(/^not recorded: claude through Amazon Bedrock signs every request with AWS SigV4/),
    });
    const claudeVertex = wiringFor('claude', { HOME: tempDir(), CLAUDE_CODE_USE_VERTEX: '1', CLOUD_ML_REGION: 'europe-west1' });
    expect(claudeVertex).toMatchObject({ kind: 'wired', login: { mode: 'vertex' }, upstreams: { anthropic: 'https://europe-west1-aiplatform.googleapis.com/v1' } });
    expect(claudeVertex?.kind === 'wired' && claudeVertex.apply((p) => `http://relay/${p}`).env).toEqual({ ANTHROPIC_VERTEX_BASE_URL: 'http://relay/anthropic' });
    expect(wiringFor('claude', { HOME: tempDir(), CLAUDE_CODE_USE_VERTEX: '1', VERTEX_REGION_CLAUDE_4_5_SONNET: 'us-east1' })).toMatchObject({ kind: 'not-recorded', reason: expect.stringMatching(/other regions/) });
    expect(wiringFor('claude', { HOME: tempDir(), CLAUDE_CODE_USE_FOUNDRY: '1' })).toMatchObject({ kind: 'not-recorded', login: { mode: 'cloud' } });
    expect(wiringFor('claude', { HOME: tempDir(), CLAUDE_CODE_USE_BEDROCK: '0', ANTHROPIC_API_KEY: 'k' })).toMatchObject({ kind: 'wired', login: { mode: 'api-key' } });
  });

  it('tells claude’s subscription from its API key and auth token, from its files and environment only', () => {
    const home = tempDir();
    mkdirSync(join(home, '.claude'));
    writeFileSync(join(home, '.claude', '.credentials.json'), JSON.stringify({ claudeAiOauth: { accessToken: 'sk-ant-oat01-fabricated', refreshToken: 'r' } }));
    const sub = wiringFor('claude', { HOME: home });
    expect(sub).toMatchObject({ kind: 'wired', login: { mode: 'subscription' } });
    expect(JSON.stringify(sub)).not.toContain('fabricated');
    expect(wiringFor('claude', { HOME: home, ANTHROPIC_API_KEY: 'k' })).toMatchObject({ login: { mode: 'api-key' } });
    expect(wiringFor('claude', { HOME: home, ANTHROPIC_AUTH_TOKEN: 't' })).toMatchObject({ login: { mode: 'auth-token' } });
  });

  it('relays codex signed in with ChatGPT to chatgpt.com/backend-api/codex, or to the user’s own openai_base_url', () => {
    const codexHome = tempDir();
    writeFileSync(join(codexHome, 'auth.json'), JSON.stringify({ auth_mode: 'chatgpt', tokens: { id_token: 'x' } }));
    const chatgpt = wiringFor('codex', { CODEX_HOME: codexHome });
    expect(chatgpt).toMatchObject({ kind: 'wired', login: { mode: 'chatgpt' }, upstreams: { openai: 'https://chatgpt.com/backend-api/codex' } });
    writeFileSync(join(codexHome, 'config.toml'), 'openai_base_url = "https://gw.corp.example/v1"\nmodel = "gpt-5"\n');
    expect(wiringFor('codex', { CODEX_HOME: codexHome })).toMatchObject({ upstreams: { openai: 'https://gw.corp.example/v1' } });
  });

  it('gives codex the relay’s URL in a per-session CODEX_HOME (0700, config 0600), never on its command line', () => {
    const codexHome = tempDir();
    const config = 'model_provider = "corp"\nmodel = "gpt-5"\n\n[model_providers.corp]\nname = "Corp"\nbase_url = "http://10.0.0.1:8080/v1"\nenv_key = "CORP_KEY"\nwire_api = "responses"\n';
    writeFileSync(join(codexHome, 'config.toml'), config);
    writeFileSync(join(codexHome, 'auth.json'), '{}');
    const corp = wiringFor('codex', { CODEX_HOME: codexHome });
    expect(corp?.kind === 'wired' && corp.upstreams).toEqual({ openai: 'http://10.0.0.1:8080/v1' });
    if (corp?.kind !== 'wired') return;
    const applied = corp.apply(() => 'http://127.0.0.1:1/SECRET-abc/openai');
    expect(applied.args).toEqual([]);
    expect(JSON.stringify(applied.args)).not.toContain('SECRET');
    const dir = applied.env.CODEX_HOME!;
    expect(applied.env.CODEX_SQLITE_HOME).toBe(codexHome);
    expect(statSync(dir).mode & 0o777).toBe(0o700);
    expect(statSync(join(dir, 'config.toml')).mode & 0o777).toBe(0o600);
    const overlay = readFileSync(join(dir, 'config.toml'), 'utf8');
    expect(overlay).toContain('base_url = "http://127.0.0.1:1/SECRET-abc/openai"');
    expect(overlay).not.toContain('10.0.0.1');
    expect(overlay).toContain('env_key = "CORP_KEY"');
    // Everything else is the user's own: auth.json and the sessions folder are links to it.
    expect(lstatSync(join(dir, 'auth.json')).isSymbolicLink()).toBe(true);
    expect(realpathSync(join(dir, 'sessions'))).toBe(realpathSync(join(codexHome, 'sessions')));
    // A second session at the same time takes another folder; a later one the first again (codex's paths under it stay valid).
    const second = corp.apply(() => 'http://127.0.0.1:2/OTHER/openai');
    expect(second.env.CODEX_HOME).not.toBe(dir);
    // Something codex makes at the top of its home is moved back; the relay's URL is not left behind.
    writeFileSync(join(dir, 'history.jsonl'), 'x\n');
    applied.cleanup!();
    second.cleanup!();
    expect(existsSync(join(dir, 'config.toml'))).toBe(false);
    expect(readFileSync(join(codexHome, 'history.jsonl'), 'utf8')).toBe('x\n');
    expect(readFileSync(join(dir, 'history.jsonl'), 'utf8')).toBe('x\n');
    expect(readFileSync(join(codexHome, 'config.toml'), 'utf8')).toBe(config);
    const again = corp.apply(() => 'http://127.0.0.1:3/THIRD/openai');
    expect(again.env.CODEX_HOME).toBe(dir);
    expect(readFileSync(join(dir, 'config.toml'), 'utf8')).toContain('THIRD');
    again.cleanup!();

    const plain = wiringFor('codex', { CODEX_HOME: tempDir(), OPENAI_API_KEY: 'sk' });
    if (plain?.kind !== 'wired') throw new Error('not wired');
    const p = plain.apply(() => 'http://r/openai');
    expect(p.args).toEqual([]);
    expect(readFileSync(join(p.env.CODEX_HOME!, 'config.toml'), 'utf8')).toBe('openai_base_url = "http://r/openai"\n');
    p.cleanup!();
    expect(existsSync(join(p.env.CODEX_HOME!, 'config.toml'))).toBe(false);
    expect(plain.upstreams).toEqual({ openai: undefined });
  });

  it('replaces the user’s own openai_base_url in the overlay, keeping the rest of the file', () => {
    expect(codexConfigWithBaseUrl('model = "gpt-5"\nopenai_base_url = "https://gw"\n[profiles.x]\nopenai_base_url = "kept"\n', null, 'http://r')).toBe(
      'openai_base_url = "http://r"\nmodel = "gpt-5"\n[profiles.x]\nopenai_base_url = "kept"\n',
    );
  });
});
