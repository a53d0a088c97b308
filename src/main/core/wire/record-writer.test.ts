// The wire's batched record writer on a real database file: records ready in the same turn of
// the event loop are one transaction (one commit, their calibration points in it); a record that
// cannot be written fails alone, with its error, and its batch mates are kept.
import { afterAll, describe, expect, it } from 'vitest';
import { WIRE_ANSWER_PENDING_REASON, type WireRequestRecord } from '../../../shared/contract/wire';
import { makeRuntime, removeTempDirs } from '../testing/fixtures';
import { calibrationRows } from '../tokens/calibration-store';
import { recordWriter } from './record-writer';
import { insertWireSession, listWireSessions, scopeUsage, wireRequest, wireRequests, wireRunSummary, wireUsageRows } from './store';

afterAll(() => removeTempDirs());

function record(sessionId: string, seq: number): WireRequestRecord {
  return {
    sessionId, seq, runId: null, stepId: null, at: `2026-12-05T08:00:0${seq}.000Z`, provider: 'anthropic', method: 'POST', endpoint: '/v1/messages',
    api: 'anthropic-messages', model: 'claude-sonnet-4-5', stream: true, status: 200, answeredBy: 'upstream', reason: null, durationMs: 12,
    requestBytes: 4000, responseBytes: 300, split: null, count: null, countBasis: null, usage: { input: 1100, cacheRead: 0, cacheWrite: 0, output: 5 },
    system: [], tools: [], segments: [{ id: `seg-${seq}`, kind: 'user', bytes: 4000, tokens: { tokens: 1000, kind: 'estimate' }, preview: `turn ${seq}` }],
    images: 0, diff: null, enforcement: null,
  };
}

describe('the wire record writer', () => {
  it('commits the records ready together in one transaction, with their calibration points', async () => {
    const runtime = makeRuntime();
    const db = runtime.deps.db;
    insertWireSession(db, { id: 's1', kind: 'wrap', agent: 'claude', repo: null, runId: null, createdAt: '2026-12-05T08:00:00.000Z' });
    // Counting what the writer asks of the real database.
    const transaction = db.transaction.bind(db);
    let transactions = 0;
    db.transaction = ((fn: Parameters<typeof transaction>[0]) => (transactions++, transaction(fn))) as typeof db.transaction;
    const writer = recordWriter(() => db);
    await Promise.all([1, 2, 3].map((seq) => writer.write(record('s1', seq), 1000)));
    expect(transactions).toBe(1);
    await writer.write(record('s1', 4), 1000);
    expect(transactions).toBe(2);
    expect(wireRequests(db, 's1').map((r) => [r.seq, r.segments[0]!.preview, r.usage?.input])).toEqual([
      [1, 'turn 1', 1100],
      [2, 'turn 2', 1100],
      [3, 'turn 3', 1100],
      [4, 'turn 4', 1100],
    ]);
    expect(calibrationRows(db, 'claude-sonnet-4-5').map((r) => r.providerReportedInputTokens)).toEqual([1100, 1100, 1100, 1100]);
    await runtime.close();
  });

  it('a record that cannot be written rejects with its error; the others of its batch are written', async () => {
    const runtime = makeRuntime();
    const db = runtime.deps.db;
    insertWireSession(db, { id: 's2', kind: 'wrap', agent: 'claude', repo: null, runId: null, createdAt: '2026-12-05T08:00:00.000Z' });
    const writer = recordWriter(() => db);
    await writer.write(record('s2', 1), 1000);
    // seq 1 again (the table's key) beside a good seq 2, in one batch.
    const [again, good] = await Promise.allSettled([writer.write(record('s2', 1), 1000), writer.write(record('s2', 2), 1000)]);
    expect(again.status).toBe('rejected');
    expect(String((again as PromiseRejectedResult).reason)).toMatch(/UNIQUE constraint failed: wire_requests/);
    expect(good.status).toBe('fulfilled');
    expect(wireRequests(db, 's2').map((r) => r.seq)).toEqual([1, 2]);
    await runtime.close();
  });

  it("a record written before its answer: the answer's facts, kept in a row of their own, are what every read of it says; a replace drops them", async () => {
    const runtime = makeRuntime();
    const db = runtime.deps.db;
    insertWireSession(db, { id: 's3', kind: 'run', agent: 'claude', repo: '/r', runId: 'run-3', createdAt: '2026-12-05T08:00:00.000Z' });
    const writer = recordWriter(() => db);
    const full = { ...record('s3', 1), runId: 'run-3', stepId: 'step-1', cacheTtl: '1h' as const };
    // As request-record.ts writes it while the model thinks: the parts, no answer yet.
    await writer.write({ ...full, status: null, answeredBy: 'aborted', reason: WIRE_ANSWER_PENDING_REASON, durationMs: 0, responseBytes: 0, usage: null }, null);
    expect(wireRequest(db, 's3', 1)).toMatchObject({ status: null, answeredBy: 'aborted', reason: WIRE_ANSWER_PENDING_REASON, usage: null });
    expect(scopeUsage(db, { sessionId: 's3' })).toEqual([]);
    await writer.write({ ...full, model: 'claude-opus-4-1', usage: { input: 2200, cacheRead: 7, cacheWrite: 3, output: 9 } }, 1000, 'complete');
    const answered = { model: 'claude-opus-4-1', status: 200, answeredBy: 'upstream', reason: null, durationMs: 12, responseBytes: 300, usage: { input: 2200, cacheRead: 7, cacheWrite: 3, output: 9 } };
    expect(wireRequest(db, 's3', 1)).toMatchObject({ ...answered, segments: [{ preview: 'turn 1' }] });
    expect(wireRequest(db, 's3', null)).toMatchObject(answered);
    expect(wireRequests(db, 's3')).toMatchObject([answered]);
    expect(scopeUsage(db, { runId: 'run-3' })).toEqual([{ sessionId: 's3', seq: 1, stepId: 'step-1', model: 'claude-opus-4-1', usage: answered.usage, cacheTtl: '1h' }]);
    expect(wireUsageRows(db, null).filter((r) => r.sessionId === 's3').map((r) => [r.model, r.usage.input, r.cacheTtl])).toEqual([['claude-opus-4-1', 2200, '1h']]);
    expect(listWireSessions(db, '/r')).toMatchObject([{ id: 's3', requests: 1, modelRequests: 1 }]);
    expect(wireRunSummary(db, 'run-3').steps).toMatchObject([{ stepId: 'step-1', requests: 1, reportedInput: 2200, cacheRead: 7 }]);
    expect(calibrationRows(db, 'claude-opus-4-1').map((r) => r.providerReportedInputTokens)).toEqual([2200]);
    // A full record written in place of the row takes the row's answer facts with it.
    await writer.write({ ...full, usage: { input: 50, cacheRead: 0, cacheWrite: 0, output: 1 } }, null, 'replace');
    expect(wireRequest(db, 's3', 1)).toMatchObject({ model: 'claude-sonnet-4-5', usage: { input: 50 } });
    await runtime.close();
  });
});
