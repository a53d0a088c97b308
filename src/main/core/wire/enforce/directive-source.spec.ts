// The eviction stage reads the requests before the one it enforces on (their segment ids, the
// latest carrying a segment). A request forwarded with nothing in force may have only its
// provisional record yet (written at its answer's end, analysed after: record-provisional.spec):
// the source waits for the analysed record rather than read past it to an older one.
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import type { WireRequestRecord } from '../../../../shared/contract/wire';
import { makeRuntime, removeTempDirs } from '../../testing/fixtures';
import type { Runtime } from '../../runtime';
import { insertWireRequest, insertWireSession, recordedBefore, replaceWireRequest } from '../store';
import { wireDirectives } from './directive-source';

let runtime: Runtime | null = null;
afterEach(async () => {
  await runtime?.close();
  runtime = null;
});
afterAll(() => removeTempDirs());

const SESSION = 'wire-session-1';

function record(seq: number, segmentIds: string[], provisional = false): WireRequestRecord {
  return {
    sessionId: SESSION,
    seq,
    runId: null,
    stepId: null,
    at: new Date(Date.UTC(2026, 11, 5, 12, 0, seq)).toISOString(),
    provider: 'anthropic',
    method: 'POST',
    endpoint: '/v1/messages',
    api: 'anthropic-messages',
    model: 'claude-sonnet-4-5',
    stream: true,
    status: 200,
    answeredBy: 'upstream',
    reason: null,
    durationMs: 5,
    requestBytes: 1000,
    responseBytes: 100,
    split: null,
    count: null,
    countBasis: null,
    usage: { input: 900, cacheRead: 0, cacheWrite: 0, output: 3 },
    system: [],
    tools: provisional ? [] : [{ name: 'Read', origin: 'built-in', bytes: 100, sha256: 'a'.repeat(64), tokens: { tokens: 25, kind: 'estimate' } }],
    segments: provisional ? [] : segmentIds.map((id) => ({ id, kind: 'tool', bytes: 100, tokens: { tokens: 25, kind: 'estimate' }, preview: 'x' })),
    images: 0,
    diff: null,
    ...(provisional ? { incomplete: true as const } : {}),
  };
}

describe('the directive source of a wire session', () => {
  it('waits for a provisional record to be analysed before it says what the previous request carried', async () => {
    runtime = makeRuntime();
    const db = runtime.deps.db;
    insertWireSession(db, { id: SESSION, kind: 'wrap', agent: 'claude', repo: null, runId: null, createdAt: new Date().toISOString() });
    insertWireRequest(db, record(1, ['seg-a', 'seg-b']), null);
    // Request 2's record is provisional: recorded, not analysed.
    insertWireRequest(db, record(2, [], true), null);
    expect(recordedBefore(db, SESSION, 3)).toBe(2);
    expect(recordedBefore(db, SESSION, 3, true)).toBe(1);

    const source = wireDirectives(() => db, SESSION);
    let ids: ReadonlySet<string> | null = null;
    let latest: WireRequestRecord | null = null;
    const reading = Promise.all([Promise.resolve(source.previousMainIds!(3)).then((x) => (ids = x)), source.latestMain!(3, ['seg-c']).then((x) => (latest = x))]);
    await new Promise((r) => setTimeout(r, 150));
    // Still waiting: request 1 is not what request 3 follows.
    expect(ids).toBeNull();
    expect(latest).toBeNull();
    replaceWireRequest(db, record(2, ['seg-a', 'seg-b', 'seg-c']), null);
    await reading;
    expect([...ids!]).toEqual(['seg-a', 'seg-b', 'seg-c']);
    expect(latest!.seq).toBe(2);
  });
});
