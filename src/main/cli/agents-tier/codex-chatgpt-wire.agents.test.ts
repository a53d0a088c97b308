// The real codex signed in with ChatGPT (fabricated tokens in $CODEX_HOME/auth.json) through a
// wire session (issue 35): it first tries a WebSocket on GET /v1/responses, which the relay
// answers 426 at once, and falls back to HTTP POST /v1/responses with a zstd body, which the
// relay decodes for analysis and enforcement. With redaction in force, the secret in the prompt
// never reaches the provider (the rewritten body goes identity-encoded: there is no zstd encoder
// here). The turn completes, with no hang and no retry loop. Skipped, in one line, where
// npm run agents:install has not run.
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { agentsBin } from '../../core/testing/agents';
import { makeRuntime, removeTempDirs, tempDir } from '../../core/testing/fixtures';
import { startProvider } from '../../core/testing/providers';
import { openWireSession } from '../../core/wire/session';
import { wireRequests } from '../../core/wire/store';
import { tierSkipReason } from './tier';

const skip = tierSkipReason();
afterAll(() => removeTempDirs());

const b64 = (o: unknown) => Buffer.from(JSON.stringify(o)).toString('base64url');
// A made-up GitHub token (a recognised format); built here so no token sits in the source.
const SECRET = `ghp_${'Rt5Yv8Nc3Ks6'.repeat(3)}`;

describe.skipIf(skip !== null)('codex signed in with ChatGPT on the wire', () => {
  it('gets an immediate 426 for its WebSocket attempt, falls back to HTTP at once, and its zstd body is decoded and redacted', async () => {
    const runtime = makeRuntime();
    const provider = await startProvider('openai-responses', { script: { turns: [{ reply: { text: 'Done here.' } }] } });
    const session = await openWireSession(runtime.deps, { kind: 'wrap', agent: 'codex', repo: null, runId: null, upstreams: { openai: provider.url }, enforce: { wireSecrets: 'redact' } });
    try {
      const home = tempDir('loupe-codex-chatgpt-');
      const codexHome = join(home, '.codex');
      mkdirSync(codexHome, { recursive: true });
      const jwt = `${b64({ alg: 'none' })}.${b64({ email: 'user@example.com', exp: 4102444800, 'https://api.openai.com/auth': { chatgpt_account_id: 'acc-scripted', chatgpt_plan_type: 'plus', chatgpt_user_id: 'user-scripted' } })}.sig`;
      writeFileSync(join(codexHome, 'auth.json'), JSON.stringify({ auth_mode: 'chatgpt', OPENAI_API_KEY: null, tokens: { id_token: jwt, access_token: jwt, refresh_token: 'rt-scripted', account_id: 'acc-scripted' }, last_refresh: new Date().toISOString() }));
      const started = Date.now();
      const child = runtime.deps.spawn(join(agentsBin(), 'codex'), ['-c', `openai_base_url=${JSON.stringify(`${session.relay.baseUrl('openai')}/v1`)}`, 'exec', '--skip-git-repo-check', `Say hi. My token is ${SECRET}`], {
        cwd: home,
        env: { PATH: process.env.PATH, HOME: home, CODEX_HOME: codexHome },
        stdin: 'ignore',
      });
      let output = '';
      child.stdout.on('data', (c: Buffer) => (output += c.toString()));
      child.stderr.on('data', (c: Buffer) => (output += c.toString()));
      const exit = await child.exited;
      const elapsed = Date.now() - started;
      expect(exit.code, output.slice(-2000)).toBe(0);
      expect(output).toContain('Done here.');
      // It tried the WebSocket, was refused, and went on over HTTP: one model POST, no loop, no hang.
      expect(output).toMatch(/failed to connect to Responses WebSocket/);
      const posts = provider.requests.filter((r) => r.method === 'POST');
      expect(posts.map((r) => r.path)).toEqual(['/v1/responses']);
      expect(elapsed).toBeLessThan(60_000);
      // The body came zstd-encoded; it was decoded, redacted, and sent on identity-encoded.
      expect(posts[0]!.bodyText).not.toContain(SECRET);
      expect(posts[0]!.headers['content-encoding']).toBeUndefined();
      await session.settled();
      const [record] = wireRequests(runtime.deps.db, session.id, true);
      expect(record).toMatchObject({ endpoint: '/v1/responses', status: 200, answeredBy: 'upstream', reason: null });
      expect(record!.requestBytes).toBeGreaterThan(10_000);
      expect(JSON.stringify(record)).not.toContain(SECRET);
      console.log(`figure: codex (ChatGPT) through the relay: WebSocket refused, HTTP turn done in ${elapsed} ms, ${record!.requestBytes} bytes decoded from zstd`);
    } finally {
      await session.close();
      await provider.close();
      await runtime.close();
    }
  }, 120_000);
});
