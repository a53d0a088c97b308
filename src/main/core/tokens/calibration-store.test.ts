// Calibration's own points: recorded by the evidence and wire stores as steps end and requests are
// answered, carried over from the evidence and wire tables of a database made before them.
import Database from 'better-sqlite3';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { WireRequestRecord } from '../../../shared/contract/wire';
import { recordStep } from '../testing/evidence-rows';
import { removeTempDirs, tempDir } from '../testing/fixtures';
import { bundledMigrations, migrate, openStore } from '../store/store';
import { insertWireRequest, insertWireSession } from '../wire/store';
import { calibrationRows } from './calibration-store';

afterAll(removeTempDirs);

const stepSql = (id: string, model: string | null, approx: number, resumed: number, adapter: string, at: string) =>
  `INSERT INTO evidence_steps (id, run_id, thread_id, repo, ordinal, kind, resumed, adapter, model, prompt_bytes, schema_bytes, total_bytes,
     approx_tokens, sha256, sections_json, exclusions_json, exceeded_json, outcome, started_at)
   VALUES ('${id}', 'r${id}', 't${id}', '/repo', 1, 'fresh', ${resumed}, '${adapter}', ${model === null ? 'NULL' : `'${model}'`}, 0, 0, 0, ${approx}, '', '[]', '[]', '[]', 'launched', '${at}')`;
const endSql = (id: string, reported: string | null) =>
  `INSERT INTO evidence_step_ends (step_id, outcome, ended_at, reported_json) VALUES ('${id}', 'launched', '2026-01-01', ${reported === null ? 'NULL' : `'${reported}'`})`;
const requestSql = (seq: number, answeredBy: string, input: number | null, estimate: number | null, at: string) =>
  `INSERT INTO wire_requests (session_id, seq, at, provider, method, endpoint, api, model, answered_by, duration_ms, request_bytes, response_bytes,
     estimate_tokens, input_tokens, record_json)
   VALUES ('w1', ${seq}, '${at}', 'anthropic', 'POST', '/v1/messages', 'anthropic-messages', 'claude-sonnet-4-5', '${answeredBy}', 1, 1, 1,
     ${estimate ?? 'NULL'}, ${input ?? 'NULL'}, '{}')`;

describe('calibration points', () => {
  it('are carried over from the steps and wire requests of a database made before them, with the same choice of points', () => {
    const db = new Database(join(tempDir(), 'old.db'));
    migrate(db, bundledMigrations().filter((m) => m.version < 10));
    const sql = [
      stepSql('a', 'claude-sonnet-4-5', 1000, 0, 'claude', '2026-01-01T00:01:00Z'),
      endSql('a', '{"promptTokens":1200}'),
      stepSql('b', 'claude-sonnet-4-5', 1000, 1, 'claude', '2026-01-01T00:02:00Z'), // resumed: not a point
      endSql('b', '{"promptTokens":5000}'),
      stepSql('c', 'claude-sonnet-4-5', 1000, 0, 'demo', '2026-01-01T00:03:00Z'), // the demo agent: not a point
      endSql('c', '{"promptTokens":1000}'),
      stepSql('d', 'claude-sonnet-4-5', 1000, 0, 'claude', '2026-01-01T00:04:00Z'), // no count reported
      endSql('d', '{"outputTokens":3}'),
      stepSql('e', null, 1000, 0, 'claude', '2026-01-01T00:05:00Z'), // no model
      endSql('e', '{"promptTokens":1100}'),
      "INSERT INTO wire_sessions (id, kind, agent, created_at) VALUES ('w1', 'wrap', 'claude', '2026-01-01')",
      requestSql(1, 'upstream', 2300, 2000, '2026-01-01T00:06:00Z'),
      requestSql(2, 'relay', 2300, 2000, '2026-01-01T00:07:00Z'), // answered by Loupe's relay: not a point
      requestSql(3, 'upstream', null, 2000, '2026-01-01T00:08:00Z'), // no report
    ];
    for (const s of sql) db.exec(s);
    migrate(db);
    expect(calibrationRows(db)).toEqual([
      { model: 'claude-sonnet-4-5', loupeEstimateTokens: 1000, providerReportedInputTokens: 1200, startedAt: '2026-01-01T00:01:00Z' },
      { model: 'claude-sonnet-4-5', loupeEstimateTokens: 2000, providerReportedInputTokens: 2300, startedAt: '2026-01-01T00:06:00Z' },
    ]);
    db.close();
  });

  it('are recorded as a step ends and as the wire records a request, each once, the most recent per model', () => {
    const db = openStore(join(tempDir(), 'new.db'));
    recordStep(db, { model: 'gpt-4.1', approxTokens: 100, reported: { promptTokens: 130 }, minute: 1 });
    recordStep(db, { model: 'gpt-4.1', approxTokens: 100, reported: { promptTokens: 999 }, resumed: true, minute: 2 });
    recordStep(db, { model: 'gpt-4.1', approxTokens: 100, reported: null, minute: 3 });
    insertWireSession(db, { id: 'w1', kind: 'wrap', agent: 'codex', repo: null, runId: null, createdAt: '2026-01-01T00:00:00Z' });
    const request: WireRequestRecord = {
      sessionId: 'w1',
      seq: 1,
      runId: null,
      stepId: null,
      at: '2026-01-01T00:04:00.000Z',
      provider: 'openai',
      method: 'POST',
      endpoint: '/v1/responses',
      api: 'openai-responses',
      model: 'gpt-4.1',
      stream: true,
      status: 200,
      answeredBy: 'upstream',
      reason: null,
      durationMs: 5,
      requestBytes: 800,
      responseBytes: 100,
      usage: { input: 260, cacheRead: null, cacheWrite: null, output: 10 },
      split: null,
      count: null,
      countBasis: null,
      system: [],
      tools: [],
      segments: [],
      images: 0,
      diff: null,
      enforcement: null,
    };
    insertWireRequest(db, request, 200);
    insertWireRequest(db, { ...request, seq: 2, answeredBy: 'relay' }, 200);
    expect(calibrationRows(db, 'gpt-4.1').map((r) => [r.loupeEstimateTokens, r.providerReportedInputTokens])).toEqual([
      [100, 130],
      [200, 260],
    ]);
    expect(calibrationRows(db, 'gpt-4.1', 1).map((r) => r.providerReportedInputTokens)).toEqual([260]);
    db.close();
  });
});
