/**
 * Wire records in SQLite: sessions, notes and requests, appended and never
 * changed. A request row keeps its parts as JSON of hashes, counts and
 * redacted previews; no body, header or credential is ever written here.
 */
import type { WireEnforcement, WireRequestRecord, WireRunSummary, WireSessionKind, WireSessionSummary, WireWarning } from '../../../shared/contract/wire';
import { warningsOf } from '../../../shared/wire/enforcement-text';
import { fromJson, fromJsonOrNull, toJson, toJsonOrNull, type Json } from '../store/rows';
import { getRun, listRuns } from '../runs/store/runs';
import type { Db } from '../store/store';
import { recordCalibrationPoint } from '../tokens/calibration-store';

/** What a wire session is opened with: its summary's identity, before any request. */
export type WireSessionStart = Pick<WireSessionSummary, 'id' | 'kind' | 'agent' | 'repo' | 'runId' | 'createdAt'>;

export function insertWireSession(db: Db, s: WireSessionStart): void {
  db.prepare('INSERT INTO wire_sessions (id, kind, agent, repo, run_id, created_at) VALUES (?, ?, ?, ?, ?, ?)').run(s.id, s.kind, s.agent, s.repo, s.runId, s.createdAt);
}

/** Appends a plain note on what the wire could not record. */
export function addWireNote(db: Db, sessionId: string, at: string, note: string): void {
  db.prepare('INSERT INTO wire_notes (session_id, at, note) VALUES (?, ?, ?)').run(sessionId, at, note);
}

/** Parts of a record kept as JSON (everything but the columns). */
type RecordJson = Pick<WireRequestRecord, 'split' | 'count' | 'countBasis' | 'system' | 'tools' | 'segments' | 'images' | 'diff'>;

export function insertWireRequest(db: Db, r: WireRequestRecord, estimateTokens: number | null): void {
  const json: RecordJson = { split: r.split, count: r.count, countBasis: r.countBasis, system: r.system, tools: r.tools, segments: r.segments, images: r.images, diff: r.diff };
  db.prepare(
    `INSERT INTO wire_requests (session_id, seq, run_id, step_id, at, provider, method, endpoint, api, model, stream, status, answered_by, reason,
       duration_ms, request_bytes, response_bytes, loupe_tokens, estimate_tokens, input_tokens, cache_read, cache_write, output_tokens, record_json, enforcement_json)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
  ).run(
    r.sessionId,
    r.seq,
    r.runId,
    r.stepId,
    r.at,
    r.provider,
    r.method,
    r.endpoint,
    r.api,
    r.model,
    r.stream ? 1 : 0,
    r.status,
    r.answeredBy,
    r.reason,
    Math.round(r.durationMs),
    r.requestBytes,
    r.responseBytes,
    r.count?.tokens ?? null,
    estimateTokens,
    r.usage?.input ?? null,
    r.usage?.cacheRead ?? null,
    r.usage?.cacheWrite ?? null,
    r.usage?.output ?? null,
    toJson(json),
    toJsonOrNull(r.enforcement),
  );
  // A model request answered upstream with the provider's report is a calibration point:
  // Loupe's estimate of the whole request beside the reported input (cache included).
  if (r.api !== null && r.answeredBy === 'upstream' && r.model && estimateTokens !== null && r.usage?.input) {
    recordCalibrationPoint(db, { source: `wire:${r.sessionId}:${r.seq}`, model: r.model, estimateTokens, reportedTokens: r.usage.input, at: r.at });
  }
}

interface RequestRow {
  session_id: string;
  seq: number;
  run_id: string | null;
  step_id: string | null;
  at: string;
  provider: WireRequestRecord['provider'];
  method: string;
  endpoint: string;
  api: WireRequestRecord['api'];
  model: string | null;
  stream: number;
  status: number | null;
  answered_by: WireRequestRecord['answeredBy'];
  reason: string | null;
  duration_ms: number;
  request_bytes: number;
  response_bytes: number;
  input_tokens: number | null;
  cache_read: number | null;
  cache_write: number | null;
  output_tokens: number | null;
  record_json: Json<RecordJson>;
  enforcement_json: Json<WireEnforcement> | null;
}

function toRecord(row: RequestRow): WireRequestRecord {
  const json = fromJson(row.record_json);
  const reported = row.input_tokens !== null || row.cache_read !== null || row.output_tokens !== null;
  return {
    sessionId: row.session_id,
    seq: row.seq,
    runId: row.run_id,
    stepId: row.step_id,
    at: row.at,
    provider: row.provider,
    method: row.method,
    endpoint: row.endpoint,
    api: row.api,
    model: row.model,
    stream: row.stream === 1,
    status: row.status,
    answeredBy: row.answered_by,
    reason: row.reason,
    durationMs: row.duration_ms,
    requestBytes: row.request_bytes,
    responseBytes: row.response_bytes,
    usage: reported ? { input: row.input_tokens, cacheRead: row.cache_read, cacheWrite: row.cache_write, output: row.output_tokens } : null,
    ...json,
    enforcement: fromJsonOrNull(row.enforcement_json),
  };
}

/** A session's requests in order (model requests only when `modelOnly`). */
export function wireRequests(db: Db, sessionId: string, modelOnly = false): WireRequestRecord[] {
  const rows = db.prepare<[string], RequestRow>(`SELECT * FROM wire_requests WHERE session_id = ? ${modelOnly ? 'AND api IS NOT NULL' : ''} ORDER BY seq`).all(sessionId);
  return rows.map(toRecord);
}

/** One request of a session by its number, or the latest model request (seq null). */
export function wireRequest(db: Db, sessionId: string, seq: number | null): WireRequestRecord | null {
  const row =
    seq === null
      ? db.prepare<[string], RequestRow>('SELECT * FROM wire_requests WHERE session_id = ? AND api IS NOT NULL ORDER BY seq DESC LIMIT 1').get(sessionId)
      : db.prepare<[string, number], RequestRow>('SELECT * FROM wire_requests WHERE session_id = ? AND seq = ?').get(sessionId, seq);
  return row ? toRecord(row) : null;
}

/** The segment ids and bytes of a session's latest model request before `seq`, for the diff. */
export function previousSegments(db: Db, sessionId: string, beforeSeq: number): { seq: number; segments: { id: string; bytes: number }[] } | null {
  const row = db
    .prepare<[string, number], Pick<RequestRow, 'seq' | 'record_json'>>('SELECT seq, record_json FROM wire_requests WHERE session_id = ? AND api IS NOT NULL AND seq < ? ORDER BY seq DESC LIMIT 1')
    .get(sessionId, beforeSeq);
  if (!row) return null;
  return { seq: row.seq, segments: fromJson(row.record_json).segments.map((s) => ({ id: s.id, bytes: s.bytes })) };
}

const SUMMARY_SELECT = `
  SELECT s.id, s.kind, s.agent, s.repo, s.run_id, s.created_at,
         COUNT(r.seq) AS requests, COUNT(r.api) AS model_requests,
         COALESCE(MAX(CASE WHEN r.api IS NOT NULL THEN r.request_bytes END), 0) AS largest,
         COALESCE(SUM(r.input_tokens), 0) AS input, COALESCE(SUM(r.cache_read), 0) AS cache_read, MAX(r.at) AS last_at
    FROM wire_sessions s LEFT JOIN wire_requests r ON r.session_id = s.id`;

interface SummaryRow {
  id: string;
  kind: WireSessionKind;
  agent: string;
  repo: string | null;
  run_id: string | null;
  created_at: string;
  requests: number;
  model_requests: number;
  largest: number;
  input: number;
  cache_read: number;
  last_at: string | null;
}

function notesOf(db: Db, sessionId: string): string[] {
  return db.prepare<[string], { note: string }>('SELECT note FROM wire_notes WHERE session_id = ? ORDER BY rowid').all(sessionId).map((n) => n.note);
}

function toSummary(db: Db, r: SummaryRow): WireSessionSummary {
  return {
    id: r.id,
    kind: r.kind,
    agent: r.agent,
    repo: r.repo,
    runId: r.run_id,
    createdAt: r.created_at,
    notes: notesOf(db, r.id),
    requests: r.requests,
    modelRequests: r.model_requests,
    largestBytes: r.largest,
    reportedInput: r.input,
    cacheRead: r.cache_read,
    lastAt: r.last_at,
  };
}

/** Sessions, newest first, of one repository when given. */
export function listWireSessions(db: Db, repo?: string, limit = 200): WireSessionSummary[] {
  const rows = db
    .prepare<unknown[], SummaryRow>(`${SUMMARY_SELECT} ${repo ? 'WHERE s.repo = ?' : ''} GROUP BY s.id ORDER BY s.created_at DESC, s.rowid DESC LIMIT ?`)
    .all(...(repo ? [repo, limit] : [limit]));
  return rows.map((r) => toSummary(db, r));
}

export function wireSession(db: Db, id: string): WireSessionSummary | null {
  const row = db.prepare<[string], SummaryRow>(`${SUMMARY_SELECT} WHERE s.id = ? GROUP BY s.id`).get(id);
  return row ? toSummary(db, row) : null;
}

/** A run's wire per step: model requests, the largest, reported input and cache reads; and its notes. */
export function wireRunSummary(db: Db, runId: string): WireRunSummary {
  const sessions = db.prepare<[string], { id: string }>('SELECT id FROM wire_sessions WHERE run_id = ? ORDER BY created_at').all(runId).map((s) => s.id);
  const steps = db
    .prepare<[string], { step_id: string | null; requests: number; largest: number; input: number; cache_read: number }>(
      `SELECT step_id, COUNT(*) AS requests, MAX(request_bytes) AS largest, COALESCE(SUM(input_tokens), 0) AS input, COALESCE(SUM(cache_read), 0) AS cache_read
         FROM wire_requests WHERE run_id = ? AND api IS NOT NULL GROUP BY step_id ORDER BY MIN(at)`,
    )
    .all(runId);
  const warnings = runWarnings(db, runId);
  // A step whose every request was blocked has no model request answered, but has its warnings.
  const rows = steps.map((s) => ({ stepId: s.step_id, requests: s.requests, largestBytes: s.largest, reportedInput: s.input, cacheRead: s.cache_read, warnings: warnings.get(s.step_id) ?? [] }));
  return { sessions, steps: rows, notes: sessions.flatMap((id) => notesOf(db, id)) };
}

/** A run's wire warnings (requests over the request budget, secrets), per step, in order. */
function runWarnings(db: Db, runId: string): Map<string | null, WireWarning[]> {
  const rows = db
    .prepare<[string], { session_id: string; seq: number; step_id: string | null; enforcement_json: Json<WireEnforcement> }>(
      'SELECT session_id, seq, step_id, enforcement_json FROM wire_requests WHERE run_id = ? AND enforcement_json IS NOT NULL ORDER BY at, seq',
    )
    .all(runId);
  const out = new Map<string | null, WireWarning[]>();
  for (const r of rows) {
    const w = warningsOf(r.session_id, r.seq, fromJson(r.enforcement_json));
    if (w.length) out.set(r.step_id, [...(out.get(r.step_id) ?? []), ...w]);
  }
  return out;
}

/** The wire sessions of a thread's runs (across its resumed CLI sessions), newest first. */
export function threadWireSessions(db: Db, threadId: string, limit = 50): string[] {
  const runs = threadRunIds(db, threadId);
  if (!runs.length) return [];
  const rows = db
    .prepare(`SELECT id FROM wire_sessions WHERE run_id IN (${runs.map(() => '?').join(', ')}) ORDER BY created_at DESC, rowid DESC LIMIT ?`)
    .all(...runs, limit) as { id: string }[];
  return rows.map((r) => r.id);
}

/** The ids of a thread's runs (the runs store owns that table). */
const threadRunIds = (db: Db, threadId: string) => listRuns(db, { threadId, limit: 500 }).map((r) => r.id);

/** The thread a run belongs to, or null (no such run). */
export function runThread(db: Db, runId: string): string | null {
  return getRun(db, runId)?.threadId ?? null;
}

/**
 * The segment ids of a session's latest main request (a model request that
 * offered tools: the CLI's whole conversation, not a side call), or null when
 * it recorded none.
 */
export function latestMainSegmentIds(db: Db, sessionId: string): Set<string> | null {
  const row = db
    .prepare<[string], { seq: number }>(
      `SELECT seq FROM wire_requests WHERE session_id = ? AND api IS NOT NULL AND json_array_length(record_json, '$.tools') > 0 ORDER BY seq DESC LIMIT 1`,
    )
    .get(sessionId);
  if (!row) return null;
  const ids = db
    .prepare<[string, number], { id: string }>(`SELECT json_extract(s.value, '$.id') AS id FROM wire_requests r, json_each(r.record_json, '$.segments') s WHERE r.session_id = ? AND r.seq = ?`)
    .all(sessionId, row.seq);
  return new Set(ids.map((r) => r.id));
}

/** What changes when a thread's runs record on the wire (for a kept manifest's stamp): request count and the newest. */
export function threadWireStamp(db: Db, threadId: string): string {
  const runs = threadRunIds(db, threadId);
  if (!runs.length) return '0:0';
  const row = db.prepare(`SELECT COUNT(*) AS n, MAX(rowid) AS last FROM wire_requests WHERE run_id IN (${runs.map(() => '?').join(', ')})`).get(...runs) as {
    n: number;
    last: number | null;
  };
  return `${row.n}:${row.last ?? 0}`;
}
