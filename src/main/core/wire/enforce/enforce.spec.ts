// Enforcement on the wire through a real wire session (relay, stages, SQLite) in front of
// the scripted providers: the request budget (block answers in the provider's shape and
// nothing is forwarded; warn forwards and records the excess) and recognised secrets
// (recorded, never their value; with redact, never forwarded). The two figures of issue 21
// are measured here: requests forwarded past a block over 100 attempts, and recognised
// secrets forwarded in redact mode over the security suite's secret corpus.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { RequestBudget } from '../../../../shared/contract/runs';
import type { WireSecretsMode } from '../../../../shared/contract/run-limits';
import { BLOCK_STATUS, type WireProvider } from '../providers';
import { makeRuntime } from '../../testing/fixtures';
import { makeLeakFixture, secretPieces } from '../../testing/leak-fixture';
import { CASES } from '../../testing/secret-corpus';
import { startProvider, type ScriptedProvider } from '../../testing/providers';
import type { Runtime } from '../../runtime';
import { openWireSession, type WireSession } from '../session';
import { wireRequests } from '../store';
import { closeAfterEach, PROVIDER_API as API, MODEL_ENDPOINT as ENDPOINT } from '../../testing/wire-spec';

let runtime: Runtime | null = null;
let provider: ScriptedProvider | null = null;
let session: WireSession | null = null;
closeAfterEach(() => [session, provider, runtime], () => (session = provider = runtime = null));


/** A model request of `provider`'s API whose turn read a file holding `fileText`. */
function body(provider: WireProvider, ask: string, fileText: string): unknown {
  switch (provider) {
    case 'anthropic':
      return {
        model: 'claude-sonnet-4-5',
        max_tokens: 100,
        system: [{ type: 'text', text: 'You are a test.' }],
        messages: [
          { role: 'user', content: [{ type: 'text', text: ask }] },
          { role: 'assistant', content: [{ type: 'tool_use', id: 'toolu_1', name: 'Read', input: { file_path: '/repo/notes.txt' } }] },
          { role: 'user', content: [{ type: 'tool_result', tool_use_id: 'toolu_1', content: fileText }] },
        ],
      };
    case 'openai':
      return {
        model: 'gpt-5',
        instructions: 'You are a test.',
        input: [
          { type: 'message', role: 'user', content: [{ type: 'input_text', text: ask }] },
          { type: 'function_call', call_id: 'call_1', name: 'exec_command', arguments: '{"cmd":"cat notes.txt"}' },
          { type: 'function_call_output', call_id: 'call_1', output: fileText },
        ],
      };
    case 'gemini':
      return {
        systemInstruction: { parts: [{ text: 'You are a test.' }] },
        contents: [
          { role: 'user', parts: [{ text: ask }] },
          { role: 'model', parts: [{ functionCall: { name: 'read_file', args: { file_path: 'notes.txt' } } }] },
          { role: 'user', parts: [{ functionResponse: { name: 'read_file', response: { output: fileText } } }] },
        ],
      };
  }
}

async function open(p: WireProvider, enforce: { requestBudget?: RequestBudget; wireSecrets?: WireSecretsMode }): Promise<void> {
  runtime = makeRuntime();
  provider = await startProvider(API[p], { script: { turns: [{ reply: { text: 'Done.' } }] } });
  session = await openWireSession(runtime.deps, { kind: 'wrap', agent: 'test', repo: null, runId: null, upstreams: { [p]: provider.url }, enforce });
}

async function send(p: WireProvider, json: unknown): Promise<{ status: number; text: string; headers: Record<string, string> }> {
  const res = await fetch(`${session!.relay.baseUrl(p)}${ENDPOINT[p]}`, { method: 'POST', headers: { 'content-type': 'application/json', 'x-api-key': 'k', 'anthropic-version': '2023-06-01', authorization: 'Bearer k', 'x-goog-api-key': 'k' }, body: JSON.stringify(json) });
  return { status: res.status, text: await res.text(), headers: Object.fromEntries(res.headers) };
}

/** Every string in a JSON value, joined, whitespace removed: a secret split by escaped newlines still shows. */
function strings(value: unknown): string {
  if (typeof value === 'string') return value.replace(/\s/g, '');
  if (Array.isArray(value)) return value.map(strings).join('|');
  if (value && typeof value === 'object') return Object.values(value).map(strings).join('|');
  return '';
}

describe('the request budget on the wire', () => {
  /** The message of an error body in `p`'s own shape (what its CLI prints), or a failure naming what came back. */
  function errorMessage(p: WireProvider, text: string): string {
    const err = JSON.parse(text) as { type?: string; error?: { type?: string; message?: string; code?: number; status?: string } };
    switch (p) {
      case 'anthropic':
        expect(err).toMatchObject({ type: 'error', error: { type: 'invalid_request_error' } });
        break;
      case 'openai':
        expect(err).toMatchObject({ error: { type: 'invalid_request_error' } });
        break;
      case 'gemini':
        expect(err).toMatchObject({ error: { code: 400, status: 'INVALID_ARGUMENT' } });
        break;
    }
    return err.error!.message!;
  }

  it('block: the relay answers in the provider’s shape, nothing reaches the provider; 0 forwarded past a block over 100 attempts, in each API', async () => {
    const figures: string[] = [];
    for (const p of ['anthropic', 'openai', 'gemini'] as const) {
      await open(p, { requestBudget: { maxRequestBytes: 4_000, policy: 'block' } });
      let forwardedPastBlock = 0;
      let blocked = 0;
      let allowed = 0;
      // 100 attempts over the ceiling (just over it, and far over), each followed by one within it
      // (the ceiling itself is not over): blocks stop only what is over.
      for (let i = 0; i < 200; i++) {
        const over = i % 2 === 0;
        const size = over ? [4_001, 4_100, 8_000, 250_000][(i / 2) % 4]! : [3_000, 3_999, 4_000][((i - 1) / 2) % 3]!;
        const ask = `attempt ${i} `;
        const shell = JSON.stringify(body(p, ask, '')).length;
        const json = body(p, ask, 'x'.repeat(size - shell));
        const bytes = Buffer.byteLength(JSON.stringify(json));
        expect(bytes).toBe(size);
        const before = provider!.requests.length;
        const res = await send(p, json);
        const reached = provider!.requests.length - before;
        if (over) {
          blocked++;
          forwardedPastBlock += reached;
          // Each API's non-retryable refusal (providers.ts), said final by the header the SDKs honour.
          expect(res.status, p).toBe(BLOCK_STATUS[p]);
          expect(res.headers['x-should-retry'], p).toBe('false');
          expect(errorMessage(p, res.text)).toBe(`Loupe blocked this request: ${bytes.toLocaleString('en-US')} bytes, over your 4,000-byte request ceiling; raise it or evict segments in X-Ray.`);
        } else {
          allowed++;
          expect(reached, `${p}: a request of ${bytes} bytes, within the ceiling, is forwarded`).toBe(1);
          expect(res.status).toBe(200);
        }
      }
      await session!.settled();
      figures.push(`${p} ${forwardedPastBlock} past ${blocked} blocked (${allowed} within forwarded)`);
      expect(blocked).toBe(100);
      expect(forwardedPastBlock, p).toBe(0);
      expect(session!.blocked()).toHaveLength(blocked);
      const records = wireRequests(runtime!.deps.db, session!.id);
      const answered = records.filter((r) => r.answeredBy === 'relay');
      expect(answered).toHaveLength(blocked);
      expect(answered[0]!.enforcement?.budget).toMatchObject({ policy: 'block', verdict: 'block', exceeded: [{ ceiling: 'maxRequestBytes', limit: 4_000 }] });
      expect(answered[0]!.reason).toMatch(/^Loupe blocked this request/);
      expect(records.filter((r) => r.answeredBy === 'upstream').every((r) => r.enforcement?.budget?.verdict === 'within')).toBe(true);
      await session!.close();
      await provider!.close();
      await runtime!.close();
      session = provider = runtime = null;
    }
    console.log(`figure: requests forwarded past a block over 100 attempts: ${figures.join('; ')}`);
  }, 90_000);

  it('warn: forwarded as sent, the excess recorded in the model’s best count (tokens), per API', async () => {
    for (const p of ['anthropic', 'openai', 'gemini'] as const) {
      await open(p, { requestBudget: { maxRequestTokens: 100, policy: 'warn' } });
      const json = body(p, 'Summarise the notes.', 'A line of notes.\n'.repeat(200));
      const res = await send(p, json);
      expect(res.status, p).toBe(200);
      await session!.settled();
      expect(provider!.turns()[0]!.bodyText).toBe(JSON.stringify(json));
      const [record] = wireRequests(runtime!.deps.db, session!.id, true);
      const budget = record!.enforcement!.budget!;
      expect(budget.verdict).toBe('warn');
      expect(budget.tokens!.tokens).toBe(record!.count!.tokens);
      expect(budget.exceeded).toEqual([{ ceiling: 'maxRequestTokens', limit: 100, actual: record!.count!.tokens, over: record!.count!.tokens - 100 }]);
      expect(session!.blocked()).toEqual([]);
      await session!.close();
      await provider!.close();
      await runtime!.close();
      session = provider = runtime = null;
    }
  }, 60_000);
});

/**
 * The secret inside a corpus value where the value carries public parts too: an Azure
 * connection string's account key (its endpoint and account name are not secret), a
 * base64 PEM key's body (its armour, base64 of "-----BEGIN EC PRIVATE KEY-----\n", is
 * the same in every key and in the certificate beside it).
 */
function secretPart(id: string, value: string): string {
  if (id === 'azure-storage-key') return /AccountKey=([^;]+)/.exec(value)![1]!;
  if (id === 'private-key-base64') return value.slice(44);
  return value;
}

describe('recognised secrets on the wire', () => {
  const token = () => `ghp_${'Ab3'.repeat(12)}`;

  it('warn: forwarded unchanged, recorded once (kind, where, hash), never the value', async () => {
    await open('anthropic', { wireSecrets: 'warn' });
    const secret = token();
    const json = body('anthropic', 'Read the notes.', `GITHUB_TOKEN=${secret}\n`);
    await send('anthropic', json);
    await send('anthropic', json); // the same history again: not a new finding
    await session!.settled();
    expect(provider!.turns().map((t) => t.bodyText.includes(secret))).toEqual([true, true]);
    const records = wireRequests(runtime!.deps.db, session!.id, true);
    expect(records[0]!.enforcement?.secrets).toMatchObject({ mode: 'warn', redacted: 0, found: [{ where: 'a tool result' }] });
    expect(records[0]!.enforcement!.secrets!.found[0]!.kind).toMatch(/GITHUB|github/i);
    expect(records[1]!.enforcement).toBeNull();
    const stored = readFileSync(join(runtime!.deps.userDataDir, 'loupe.db'), 'latin1') + JSON.stringify(records);
    expect(stored.includes(secret.slice(4, 20))).toBe(false);
  });

  it('redact: 0 recognised secrets forwarded over the security suite’s secret corpus, in each API', async () => {
    const fx = makeLeakFixture();
    // The leak test's texts an agent reads (keys in PEM, tokens in source), and every pattern's case in its context.
    const leakTexts = ['keys/all.txt', 'src/tokens.ts'].map((f) => readFileSync(join(fx.repo, f), 'utf8'));
    const leakSecrets = fx.secrets.filter((s) => leakTexts.some((t) => t.includes(s)));
    const cases = CASES.map(([id, secret, , around]) => {
      const value = secret();
      return { id, value, text: around ? around(value) : `const config = {\n  token: "${value}",\n};\n` };
    });
    const corpus = [...leakTexts.map((text, i) => ({ id: `leak-fixture-${i}`, text })), ...cases];
    const secrets = [...leakSecrets, ...cases.map((c) => secretPart(c.id, c.value))];
    const pieces = secretPieces(secrets);
    let forwarded = 0;
    let sent = 0;
    for (const p of ['anthropic', 'openai', 'gemini'] as const) {
      await open(p, { wireSecrets: 'redact' });
      // One request per corpus text (as a file read), then one with the whole history at once.
      for (const c of corpus) {
        const res = await send(p, body(p, `Read ${c.id}.`, c.text));
        expect(res.status, `${p} ${c.id}`).toBe(200);
        sent++;
      }
      await send(p, body(p, `All of it: ${corpus.map((c) => c.text).join('\n')}`, corpus.map((c) => c.text).join('\n')));
      await session!.settled();
      for (const t of provider!.turns()) {
        const seen = `${t.bodyText}\n${strings(t.json)}`;
        forwarded += secrets.filter((s) => secretPieces([s]).some((piece) => seen.includes(piece))).length;
      }
      expect(provider!.turns()).toHaveLength(corpus.length + 1);
      const records = wireRequests(runtime!.deps.db, session!.id, true);
      expect(records.every((r) => (r.enforcement?.secrets?.redacted ?? 0) > 0), `${p}: every request had a secret replaced`).toBe(true);
      expect(JSON.stringify(records).includes(pieces[0]!)).toBe(false);
      await session!.close();
      await provider!.close();
      await runtime!.close();
      session = provider = runtime = null;
    }
    console.log(`figure: ${forwarded} recognised secrets forwarded in redact mode over ${secrets.length} corpus secrets (${corpus.length} texts) × 3 APIs, ${sent + 3} requests`);
    expect(forwarded).toBe(0);
  }, 120_000);
});
