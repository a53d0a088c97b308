// The wire's batched record writer on a real database file: records ready in the same turn of
// the event loop are one transaction (one commit, their calibration points in it); a record that
// cannot be written fails alone, with its error, and its batch mates are kept.
import { afterAll, describe, expect, it } from 'vitest';
import type { WireRequestRecord } from '../../../shared/contract/wire';
import { makeRuntime, removeTempDirs } from '../testing/fixtures';
import { calibrationRows } from '../tokens/calibration-store';
import { recordWriter } from './record-writer';
import { insertWireSession, wireRequests } from './store';

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
});
