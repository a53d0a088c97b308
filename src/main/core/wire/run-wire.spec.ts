import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { makeRepo, makeRuntime, removeTempDirs, tempDir } from '../testing/fixtures';
import { startProvider, type ScriptedProvider } from '../testing/providers';
import { nodeCmd, waitForRun } from '../testing/runs';
import type { Runtime } from '../runtime';
import { wiringFor } from './cli-wiring';
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
      expect(detail.wire).toEqual({ sessions: [], steps: [], notes: [] });
    }
    expect(provider.turns()).toHaveLength(2);
  });
});

describe('wiring each CLI', () => {
  it('points claude and gemini at the relay by their base URL variables, keeping the user’s own as upstream', () => {
    const claude = wiringFor('claude', { ANTHROPIC_BASE_URL: 'https://gateway.example/anthropic' });
    expect(claude?.kind).toBe('wired');
    if (claude?.kind !== 'wired') return;
    expect(claude.upstreams).toEqual({ anthropic: 'https://gateway.example/anthropic' });
    expect(claude.apply((p) => `http://relay/${p}`)).toEqual({ env: { ANTHROPIC_BASE_URL: 'http://relay/anthropic' }, args: [] });
    const home = tempDir();
    const gemini = wiringFor('gemini', { HOME: home, GEMINI_API_KEY: 'k' });
    expect(gemini?.kind === 'wired' && gemini.apply((p) => `http://relay/${p}`).env).toEqual({ GOOGLE_GEMINI_BASE_URL: 'http://relay/gemini' });
  });

  it('says plainly where a signed-in mode cannot be relayed', () => {
    const home = tempDir();
    mkdirSync(join(home, '.gemini'));
    writeFileSync(join(home, '.gemini', 'settings.json'), JSON.stringify({ security: { auth: { selectedType: 'oauth-personal' } } }));
    expect(wiringFor('gemini', { HOME: home })).toEqual({ kind: 'not-recorded', reason: expect.stringMatching(/^not recorded: gemini signed in with Google sends to cloudcode-pa/) });
    const codexHome = tempDir();
    writeFileSync(join(codexHome, 'auth.json'), JSON.stringify({ auth_mode: 'chatgpt', tokens: { id_token: 'x' } }));
    expect(wiringFor('codex', { CODEX_HOME: codexHome })).toEqual({ kind: 'not-recorded', reason: expect.stringMatching(/^not recorded: codex signed in with ChatGPT sends to chatgpt\.com/) });
  });

  it('overrides codex’s own provider base_url with -c, or the built-in one with openai_base_url', () => {
    const codexHome = tempDir();
    writeFileSync(
      join(codexHome, 'config.toml'),
      'model_provider = "corp"\nmodel = "gpt-5"\n\n[model_providers.corp]\nname = "Corp"\nbase_url = "http://10.0.0.1:8080/v1"\nenv_key = "CORP_KEY"\nwire_api = "responses"\n',
    );
    const corp = wiringFor('codex', { CODEX_HOME: codexHome });
    expect(corp?.kind === 'wired' && corp.upstreams).toEqual({ openai: 'http://10.0.0.1:8080/v1' });
    expect(corp?.kind === 'wired' && corp.apply(() => 'http://127.0.0.1:1/s/openai').args).toEqual(['-c', 'model_providers.corp.base_url="http://127.0.0.1:1/s/openai"']);
    const plain = wiringFor('codex', { CODEX_HOME: tempDir(), OPENAI_API_KEY: 'sk' });
    expect(plain?.kind === 'wired' && plain.apply(() => 'http://r/openai').args).toEqual(['-c', 'openai_base_url="http://r/openai"']);
    expect(plain?.kind === 'wired' && plain.upstreams).toEqual({ openai: undefined });
  });
});
