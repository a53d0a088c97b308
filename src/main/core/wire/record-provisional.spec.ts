// Issue 38: with nothing in force, a request's answer reaches the CLI without waiting for the
// record's analysis. The answer's end waits only for a provisional record (size, status, usage,
// timing), which the full record replaces once analysed; with something in force, the answer's
// end still waits for the full record. The analysis is held here by a token counter that does not
// answer until the test lets it (gpt-5-codex is counted exactly, so its record needs the counter).
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { WIRE_ANSWER_PENDING_REASON, WIRE_PROVISIONAL_REASON, type WireRequestRecord } from '../../../shared/contract/wire';
import { calibrationRows } from '../tokens/calibration-store';
import { makeRuntime, removeTempDirs } from '../testing/fixtures';
import { startProvider, type ScriptedProvider } from '../testing/providers';
import { ENDPOINTS, wireBody } from '../testing/wire-requests';
import type { CoreDeps } from '../deps';
import type { Runtime } from '../runtime';
import type { EnforceSettings } from './enforce/stages';
import { openWireSession, type WireSession } from './session';
import { wireRequests } from './store';

let runtime: Runtime | null = null;
let provider: ScriptedProvider | null = null;
let session: WireSession | null = null;
let release: () => void = () => undefined;
afterEach(async () => {
  release();
  await session?.close();
  await provider?.close();
  await runtime?.close();
  session = provider = runtime = null;
});
afterAll(() => removeTempDirs());

const REPLY = { text: 'Scripted answer.', usage: { input: 4321, output: 7 } };

/** A session whose records' exact counts wait for `release()`; `hold` holds the provider's answer. */
async function open(enforce?: EnforceSettings, hold?: () => Promise<void>): Promise<void> {
  runtime = makeRuntime();
  provider = await startProvider('openai-responses', { script: { turns: hold ? [{ reply: REPLY, hold }] : [], otherwise: REPLY } });
  const gate = new Promise<void>((resolve) => (release = resolve));
  const real = runtime.deps.tokens;
  const deps: CoreDeps = {
    ...runtime.deps,
    tokens: { ...real, count: async (items) => (await gate, items.map(() => 11)) },
  };
  session = await openWireSession(deps, { kind: 'wrap', agent: 'codex', repo: null, runId: null, upstreams: { openai: provider.url }, ...(enforce ? { enforce } : {}) });
}

const send = async () => {
  const res = await fetch(`${session!.relay.baseUrl('openai')}${ENDPOINTS.openai}`, { method: 'POST', headers: { 'content-type': 'application/json', authorization: 'Bearer sk-fabricated' }, body: wireBody('openai', { turns: 4, resultChars: 2000 }) });
  return { status: res.status, text: await res.text() };
};

describe('a record written after the answer (nothing in force)', () => {
  it('answers before the analysis, records a provisional record at once, then replaces it with the full one', async () => {
    await open();
    const answered = await send();
    expect(answered.status).toBe(200);
    // The analysis is still held: what is recorded is the provisional record, with what the relay measured.
    const early = wireRequests(runtime!.deps.db, session!.id);
    expect(early).toHaveLength(1);
    expect(early[0]).toMatchObject({ seq: 1, api: 'openai-responses', status: 200, answeredBy: 'upstream', incomplete: true, reason: WIRE_PROVISIONAL_REASON, segments: [], usage: { input: 4321, output: 7 } });
    expect(early[0]!.requestBytes).toBe(provider!.requests[0]!.bodyBytes);

    release();
    await session!.settled();
    const late = wireRequests(runtime!.deps.db, session!.id);
    // One row for the request, now the full record: its parts counted, no longer provisional.
    expect(late).toHaveLength(1);
    expect(late[0]!.incomplete).toBeUndefined();
    expect(late[0]!.reason).toBeNull();
    expect(late[0]!.segments.length).toBeGreaterThan(4);
    expect(late[0]!.count).toMatchObject({ kind: 'exact' });
    expect(late[0]).toMatchObject({ status: 200, usage: { input: 4321, output: 7 }, requestBytes: early[0]!.requestBytes });
  });

  it('analysed before its answer ended (a model still thinking): written then, completed with the answer at its end', async () => {
    let before: WireRequestRecord[] = [];
    // The provider answers only once the analysed record is in the database (or after 10 s).
    await open(undefined, async () => {
      for (let i = 0; i < 400 && !before[0]?.segments.length; i++) {
        await new Promise((r) => setTimeout(r, 25));
        before = wireRequests(runtime!.deps.db, session!.id);
      }
    });
    release();
    const answered = await send();
    expect(answered.status).toBe(200);
    // Before the answer: every part, and no answer yet (a relay that stopped then would leave it saying so).
    expect(before).toHaveLength(1);
    expect(before[0]).toMatchObject({ status: null, answeredBy: 'aborted', reason: WIRE_ANSWER_PENDING_REASON, usage: null });
    expect(before[0]!.incomplete).toBeUndefined();
    expect(before[0]!.segments.length).toBeGreaterThan(4);
    // At the answer's end (the CLI has it only once this is committed): the answer's facts, the same parts.
    const after = wireRequests(runtime!.deps.db, session!.id);
    expect(after).toHaveLength(1);
    expect(after[0]).toMatchObject({ status: 200, answeredBy: 'upstream', reason: null, usage: { input: 4321, output: 7 }, segments: before[0]!.segments, count: before[0]!.count });
    expect(calibrationRows(runtime!.deps.db, 'gpt-5-codex').length).toBe(1);
  });

  it('with a redaction in force, the answer waits for the full record', async () => {
    await open({ wireSecrets: 'redact' });
    let done = false;
    const answered = send().then((r) => ((done = true), r));
    await new Promise((r) => setTimeout(r, 400));
    // Held: the answer's end waits for the record, whose count waits for the gate.
    expect(done).toBe(false);
    release();
    expect((await answered).status).toBe(200);
    const records = wireRequests(runtime!.deps.db, session!.id);
    expect(records).toHaveLength(1);
    expect(records[0]!.incomplete).toBeUndefined();
    expect(records[0]!.segments.length).toBeGreaterThan(4);
  });
});
