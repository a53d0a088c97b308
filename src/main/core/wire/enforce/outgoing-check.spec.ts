// The outgoing-body check fails closed (issue 31), through a real wire session (relay, stages,
// SQLite) in front of the scripted providers: a stage made faulty (it reports the segment
// withheld and leaves it in place; it cuts the segment so its id changes but its text stays;
// it writes a placeholder where a summary was asked; it forgets to redact) makes the request
// fail with Loupe's reason in the provider's own error shape, the request is recorded blocked
// with why, and the provider receives nothing. With the real stages the check passes, and the
// record's withheld marks are the check's.
import { describe, expect, it } from 'vitest';
import type { WireSecretsMode } from '../../../../shared/contract/run-limits';
import type { Directive } from '../../../../shared/contract/xray';
import { warningsOf } from '../../../../shared/wire/enforcement-text';
import { makeRuntime } from '../../testing/fixtures';
import { startProvider, type ScriptedProvider } from '../../testing/providers';
import { ENDPOINTS, resultMarker, wireBody } from '../../testing/wire-requests';
import type { Runtime } from '../../runtime';
import { putDirective } from '../../threads/directive-store';
import { parseRequest } from '../parse';
import { BLOCK_STATUS, type WireProvider } from '../providers';
import { openWireSession, type WireSession } from '../session';
import { wireRequests } from '../store';
import type { GuardStage, WireStage } from './chain';
import { closeAfterEach, PROVIDER_API as API } from '../../testing/wire-spec';

let runtime: Runtime | null = null;
let provider: ScriptedProvider | null = null;
let session: WireSession | null = null;
closeAfterEach(() => [session, provider, runtime], () => (session = provider = runtime = null));

const PROVIDERS: WireProvider[] = ['anthropic', 'openai', 'gemini'];
// A made-up GitHub token (a recognised format); built here so no token sits in the source.
const SECRET = `ghp_${'Rt5Yu8Io1Pa3'.repeat(3)}`;

type Stages = (WireStage | GuardStage)[];

async function open(p: WireProvider, stages?: (s: Stages) => Stages, wireSecrets: WireSecretsMode = 'warn'): Promise<WireSession> {
  runtime = await makeRuntime();
  provider = await startProvider(API[p], { script: { turns: [{ reply: { text: 'ok' } }] } });
  session = await openWireSession(runtime.deps, { kind: 'wrap', agent: 'test', repo: null, runId: null, upstreams: { [p]: provider.url }, enforce: { wireSecrets }, ...(stages ? { stages } : {}) });
  return session;
}

function direct(segmentId: string, kind: Directive['kind'] = 'evict', summary?: string): void {
  putDirective(runtime!.deps.db, { wireSession: session!.id }, { segmentId, kind, author: 'user', createdAt: '2026-01-01T00:00:00Z', ...(summary ? { summary } : {}) });
}

async function send(p: WireProvider, body: Buffer): Promise<{ status: number; text: string }> {
  const res = await fetch(`${session!.relay.baseUrl(p)}${ENDPOINTS[p]}`, { method: 'POST', headers: { 'content-type': 'application/json', 'x-api-key': 'k', 'anthropic-version': '2023-06-01', authorization: 'Bearer k', 'x-goog-api-key': 'k' }, body });
  return { status: res.status, text: await res.text() };
}

/** The error message of a body in `p`'s shape. */
const messageOf = (text: string) => (JSON.parse(text) as { error: { message: string } }).error.message;
/** The tool segment of past turn `i` (its result holds resultMarker(i)). */
const toolOf = (p: WireProvider, body: Buffer, i: number) => parseRequest(p, 'POST', ENDPOINTS[p], body)!.segments.filter((s) => s.kind === 'tool')[i]!;

/** Every string of a JSON value that holds `needle`, changed by `change`. */
function changeStrings(value: unknown, needle: string, change: (s: string) => string): unknown {
  if (typeof value === 'string') return value.includes(needle) ? change(value) : value;
  if (Array.isArray(value)) return value.map((v) => changeStrings(v, needle, change));
  if (value && typeof value === 'object') return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, changeStrings(v, needle, change)]));
  return value;
}

/** The eviction stage made faulty: it reports what the real one did, and `leave` decides the body that goes on. */
const faultyEvictions =
  (leave: (exchange: Parameters<WireStage>[0]) => Buffer) =>
  (stages: Stages): Stages => [
    async (exchange) => {
      await (stages[0] as WireStage)(exchange);
      exchange.body = leave(exchange);
    },
    ...stages.slice(1),
  ];

/** What a refused request left: nothing at the provider, its record blocked with the check's failures. */
async function expectRefused(p: WireProvider, res: { status: number; text: string }, failure: RegExp) {
  expect(res.status, res.text).toBe(BLOCK_STATUS[p]);
  expect(messageOf(res.text)).toMatch(/^Loupe did not send this request: the outgoing body failed its check/);
  expect(messageOf(res.text)).toMatch(failure);
  expect(provider!.requests.filter((r) => r.method === 'POST')).toEqual([]);
  await session!.settled();
  const [record] = wireRequests(runtime!.deps.db, session!.id);
  expect(record).toMatchObject({ answeredBy: 'relay', status: BLOCK_STATUS[p], enforcement: { check: { ok: false } } });
  // Recorded as the model request it was, measured as it would have left.
  expect(record!.api).not.toBeNull();
  expect(record!.requestBytes).toBeGreaterThan(0);
  expect(record!.enforcement!.check!.failures.join('\n')).toMatch(failure);
  // Nothing the record says was withheld: the request was not sent.
  expect(record!.segments.filter((s) => s.withheld)).toEqual([]);
  expect(session!.blocked()).toMatchObject([{ seq: record!.seq, facts: { check: { ok: false } } }]);
}

describe('the outgoing-body check', () => {
  for (const p of PROVIDERS) {
    it(`${p}: an evicted segment a stage left in place fails the request; the provider receives nothing`, async () => {
      await open(p, faultyEvictions((x) => x.request.body));
      const body = wireBody(p, { turns: 3, resultChars: 2000 });
      const tool = toolOf(p, body, 1);
      direct(tool.id);
      await expectRefused(p, await send(p, body), new RegExp(`segment ${tool.id} \\(evicted\\) is still in it`));
    });
  }

  it('an evicted segment cut by a stage (its id changed, its text still there) is found by its text', async () => {
    const p: WireProvider = 'anthropic';
    await open(p, faultyEvictions((x) => Buffer.from(JSON.stringify(changeStrings(JSON.parse(x.request.body.toString()), resultMarker(1), (s) => s.slice(0, -40))))));
    const body = wireBody(p, { turns: 3, resultChars: 2000 });
    const tool = toolOf(p, body, 1);
    direct(tool.id);
    await expectRefused(p, await send(p, body), new RegExp(`text of segment ${tool.id} \\(evicted\\) is still in it`));
  });

  it('a summarized segment with a placeholder in place of its summary fails the request', async () => {
    const p: WireProvider = 'openai';
    const wrongText = '[Loupe withheld this part]';
    await open(p, faultyEvictions((x) => Buffer.from(JSON.stringify(changeStrings(JSON.parse(x.request.body.toString()), resultMarker(0), () => wrongText)))));
    const body = wireBody(p, { turns: 3, resultChars: 800 });
    const tool = toolOf(p, body, 0);
    direct(tool.id, 'summarize', 'The first file holds the settings.');
    await expectRefused(p, await send(p, body), new RegExp(`the summary of segment ${tool.id} \\(summarized\\) is not in its place`));
  });

  it('redact: a secret a faulty secrets stage let through fails the request, and its warning does not say it was sent', async () => {
    const p: WireProvider = 'gemini';
    // The secrets stage still records what it found, but writes nothing back.
    await open(
      p,
      // Evictions and pins first, then the secrets stage (in redact mode the only guard before the check).
      (stages) => [
        ...stages.slice(0, 2),
        async (exchange) => {
          const real = stages[2] as GuardStage;
          const body = exchange.body;
          await real.stage(exchange);
          exchange.body = body;
        },
        ...stages.slice(3),
      ],
      'redact',
    );
    const body = Buffer.from(JSON.stringify(changeStrings(JSON.parse(wireBody(p, { turns: 2, resultChars: 400 }).toString()), resultMarker(0), (s) => `${s}\nGITHUB_TOKEN=${SECRET}\n`)));
    await expectRefused(p, await send(p, body), /a recognised secret \(\w+\) in a tool result is still in it, with secrets on the wire set to redact/);
    const [record] = wireRequests(runtime!.deps.db, session!.id);
    expect(record!.enforcement!.check!.secretsAbsent).toBe(false);
    const secret = warningsOf(session!.id, record!.seq, record!.enforcement).find((w) => w.kind === 'secret')!;
    expect(secret.text).not.toMatch(/sent to the provider|replaced before it was sent/);
    expect(secret.text).toMatch(/not sent/);
    expect(JSON.stringify(record)).not.toContain(SECRET.slice(4, 16));
  });

  for (const p of PROVIDERS) {
    it(`${p}: with the real stages the check passes; the record's withheld marks and redactions are the check's`, async () => {
      await open(p, undefined, 'redact');
      const raw = JSON.parse(wireBody(p, { turns: 3, resultChars: 1200 }).toString()) as unknown;
      const body = Buffer.from(JSON.stringify(changeStrings(raw, resultMarker(2), (s) => `${s}\nGITHUB_TOKEN=${SECRET}\n`)));
      const evicted = toolOf(p, body, 0);
      const summarized = toolOf(p, body, 1);
      direct(evicted.id);
      direct(summarized.id, 'summarize', 'The second file lists the owners.');
      const res = await send(p, body);
      expect(res.status, res.text).toBe(200);
      await session!.settled();
      const received = provider!.requests.filter((r) => r.method === 'POST');
      expect(received).toHaveLength(1);
      expect(received[0]!.bodyText).not.toContain(resultMarker(0));
      expect(received[0]!.bodyText).not.toContain(resultMarker(1));
      expect(received[0]!.bodyText).toContain('The second file lists the owners.');
      expect(received[0]!.bodyText).not.toContain(SECRET.slice(4, 16));
      const [record] = wireRequests(runtime!.deps.db, session!.id);
      expect(record!.enforcement!.check).toEqual({
        ok: true,
        withheld: expect.arrayContaining([
          { id: evicted.id, as: 'evicted' },
          { id: summarized.id, as: 'summarized' },
        ]),
        secretsAbsent: true,
        failures: [],
      });
      // The ids are the CLI's (as sent, before the redaction): the ones X-Ray shows and directs.
      const sentIds = parseRequest(p, 'POST', ENDPOINTS[p], body)!.segments.map((s) => s.id);
      expect(record!.segments.map((s) => s.id)).toEqual(sentIds);
      expect(record!.segments.find((s) => s.id === evicted.id)!.withheld).toBe('evicted');
      expect(record!.segments.find((s) => s.id === summarized.id)!.withheld).toBe('summarized');
    });
  }
});
