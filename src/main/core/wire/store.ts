/**
 * Wire records in SQLite: sessions, notes and requests, appended and never
 * changed (but for a provisional request record, replaced once by its full one:
 * record-writer.ts). A request row keeps its parts as JSON of hashes, counts and
 * redacted previews; no body, header or credential is ever written here.
 */
import { WIRE_LOGIN_NOTE, WIRE_LOGIN_SEEN_NOTE, type WireEnforcement, type WireRequestRecord, type WireRunSummary, type WireSessionKind, type WireSessionSummary, type WireWarning } from '../../../shared/contract/wire';
import { warningsOf } from '../../../shared/wire/enforcement-text';
import { fromJson, fromJsonOrNull, toJson, toJsonOrNull, type Json } from '../store/rows';
import type { Db } from '../store/store';
import { recordCalibrationPoint } from '../tokens/calibration-store';

/** What a wire session is opened with: its summary's identity, before any request. */
export type WireSessionStart = Pick<WireSessionSummary, 'id' | 'kind' | 'agent' | 'repo' | 'runId' | 'createdAt'> & {
  /** The thread of the session's run (its directives are the thread's); null for a wrapped CLI. */
  threadId?: string | null;
};

export function insertWireSession(db: Db, s: WireSessionStart): void {
  db.prepare('INSERT INTO wire_sessions (id, kind, agent, repo, run_id, thread_id, created_at) VALUES (?, ?, ?, ?, ?, ?, ?)').run(
    s.id,
    s.kind,
    s.agent,
    s.repo,
    s.runId,
    s.threadId ?? null,
    s.createdAt,
  );
}

/** Appends a plain note on what the wire could not record. */
export function addWireNote(db: Db, sessionId: string, at: string, note: string): void {
  db.prepare('INSERT INTO wire_notes (session_id, at, note) VALUES (?, ?, ?)').run(sessionId, at, note);
}

/** Parts of a record kept as JSON (everything but the columns). */
type RecordJson = Pick<WireRequestRecord, 'split' | 'count' | 'countBasis' | 'system' | 'tools' | 'deferredTools' | 'cacheTtl' | 'segments' | 'images' | 'imageTokens' | 'wireBytes' | 'diff' | 'incomplete'>;

export function insertWireRequest(db: Db, r: WireRequestRecord, estimateTokens: number | null): void {
  const json: RecordJson = { split: r.split, count: r.count, countBasis: r.countBasis, system: r.system, tools: r.tools, ...(r.deferredTools?.length ? { deferredTools: r.deferredTools } : {}), ...(r.cacheTtl ? { cacheTtl: r.cacheTtl } : {}), segments: r.segments, images: r.images, ...(r.imageTokens ? { imageTokens: r.imageTokens } : {}), ...(r.wireBytes !== undefined ? { wireBytes: r.wireBytes } : {}), diff: r.diff, ...(r.incomplete ? { incomplete: true as const } : {}) };
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
  calibrationPoint(db, r, estimateTokens);
}

/** Writes a request's full record in place of its provisional one (record-writer.ts; the caller's transaction). */
export function replaceWireRequest(db: Db, r: WireRequestRecord, estimateTokens: number | null): void {
  // (Any answer's facts written apart go with the row: ON DELETE CASCADE.)
  db.prepare('DELETE FROM wire_requests WHERE session_id = ? AND seq = ?').run(r.sessionId, r.seq);
  insertWireRequest(db, r, estimateTokens);
}

/**
 * Completes a record written before its answer ended (request-record.ts) with the answer's
 * facts: the columns the answer decides, and its calibration point. The parts are already there.
 * The facts go into a small row of their own (wire_answers, read through wire_request_rows):
 * updating the request's row would rewrite its record_json too, on the answer's way to the CLI.
 */
export function completeWireRequest(db: Db, r: WireRequestRecord, estimateTokens: number | null): void {
  db.prepare(
    `INSERT OR REPLACE INTO wire_answers (model, status, answered_by, reason, duration_ms, response_bytes, input_tokens, cache_read, cache_write, output_tokens, session_id, seq)
      VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
  ).run(r.model, r.status, r.answeredBy, r.reason, Math.round(r.durationMs), r.responseBytes, r.usage?.input ?? null, r.usage?.cacheRead ?? null, r.usage?.cacheWrite ?? null, r.usage?.output ?? null, r.sessionId, r.seq);
  calibrationPoint(db, r, estimateTokens);
}

function calibrationPoint(db: Db, r: WireRequestRecord, estimateTokens: number | null): void {
  // A model request answered upstream with the provider's report is a calibration point:
  // Loupe's estimate of the whole request beside the reported input (cache included).
  // Images are billed by a formula, not by text: the point is the text's (the reported input less the images' tokens),
  // and a request with an image Loupe could not measure is no point at all.
  const images = r.imageTokens;
  if (r.api !== null && r.answeredBy === 'upstream' && r.model && estimateTokens !== null && r.usage?.input && !images?.unknown) {
    recordCalibrationPoint(db, { source: `wire:${r.sessionId}:${r.seq}`, model: r.model, estimateTokens, reportedTokens: r.usage.input - (images?.tokens ?? 0), at: r.at });
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
  const rows = db.prepare<[string], RequestRow>(`SELECT * FROM wire_request_rows WHERE session_id = ? ${modelOnly ? 'AND api IS NOT NULL' : ''} ORDER BY seq`).all(sessionId);
  return rows.map(toRecord);
}

/** One request of a session by its number, or the latest model request (seq null; an analysed one before any provisional). */
export function wireRequest(db: Db, sessionId: string, seq: number | null): WireRequestRecord | null {
  const row =
    seq === null
      ? // The latest analysed one: a provisional record (not analysed yet, or left so by a relay that stopped) has no parts to show.
        db
          .prepare<[string], RequestRow>("SELECT * FROM wire_request_rows WHERE session_id = ? AND api IS NOT NULL ORDER BY json_extract(record_json, '$.incomplete') IS NOT NULL, seq DESC LIMIT 1")
          .get(sessionId)
      : db.prepare<[string, number], RequestRow>('SELECT * FROM wire_request_rows WHERE session_id = ? AND seq = ?').get(sessionId, seq);
  return row ? toRecord(row) : null;
}

const SUMMARY_SELECT = `
  SELECT s.id, s.kind, s.agent, s.repo, s.run_id, s.created_at,
         COUNT(r.seq) AS requests, COUNT(r.api) AS model_requests,
         COALESCE(MAX(CASE WHEN r.api IS NOT NULL THEN r.request_bytes END), 0) AS largest,
         COALESCE(SUM(r.input_tokens), 0) AS input, COALESCE(SUM(r.cache_read), 0) AS cache_read, MAX(r.at) AS last_at
    FROM wire_sessions s LEFT JOIN wire_request_rows r ON r.session_id = s.id`;

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

function allNotesOf(db: Db, sessionId: string): string[] {
  return db.prepare<[string], { note: string }>('SELECT note FROM wire_notes WHERE session_id = ? ORDER BY rowid').all(sessionId).map((n) => n.note);
}

/** A session's notes on what could not be recorded (its login lines are apart: loginOf). */
function notesOf(db: Db, sessionId: string): string[] {
  return allNotesOf(db, sessionId).filter((n) => !n.startsWith(WIRE_LOGIN_NOTE) && !n.startsWith(WIRE_LOGIN_SEEN_NOTE));
}

/**
 * The login mode a session's CLI used: what its configuration says, and the kinds of
 * credential the wire saw on its requests ("Claude subscription (…); the wire saw a Claude
 * subscription's OAuth bearer").
 */
function loginOf(db: Db, sessionId: string): string | null {
  const notes = allNotesOf(db, sessionId);
  const said = notes.find((n) => n.startsWith(WIRE_LOGIN_NOTE))?.slice(WIRE_LOGIN_NOTE.length);
  const seen = notes.filter((n) => n.startsWith(WIRE_LOGIN_SEEN_NOTE)).map((n) => n.slice(WIRE_LOGIN_SEEN_NOTE.length));
  const wire = seen.length ? `the wire saw ${seen.join(' and ')}` : '';
  if (said && wire) return `${said}; ${wire}`;
  return said ?? (wire ? wire.charAt(0).toUpperCase() + wire.slice(1) : null);
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
    login: loginOf(db, r.id),
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
         FROM wire_request_rows WHERE run_id = ? AND api IS NOT NULL GROUP BY step_id ORDER BY MIN(at)`,
    )
    .all(runId);
  const warnings = runWarnings(db, runId);
  // A step whose every request was blocked has no model request answered, but has its warnings.
  const rows = steps.map((s) => ({ stepId: s.step_id, requests: s.requests, largestBytes: s.largest, reportedInput: s.input, cacheRead: s.cache_read, warnings: warnings.get(s.step_id) ?? [] }));
  const logins = [...new Set(sessions.map((id) => loginOf(db, id)).filter((l): l is string => l !== null))];
  return { sessions, steps: rows, notes: sessions.flatMap((id) => notesOf(db, id)), logins };
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
  const rows = db.prepare<[string, number], { id: string }>('SELECT id FROM wire_sessions WHERE thread_id = ? ORDER BY created_at DESC, rowid DESC LIMIT ?').all(threadId, limit);
  return rows.map((r) => r.id);
}

/** The thread a wire session belongs to (its run's), or null (a wrapped CLI's, or no such session). */
export function sessionThread(db: Db, sessionId: string): string | null {
  return db.prepare<[string], { thread_id: string | null }>('SELECT thread_id FROM wire_sessions WHERE id = ?').get(sessionId)?.thread_id ?? null;
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
  // Pinned segments Loupe put back into it after the CLI's compaction were in it too (the record lists the CLI's own):
  // so the next request, or the first after a restart, still notices they are missing.
  const restored = db
    .prepare<[string, number], { id: string }>(
      `SELECT json_extract(p.value, '$.id') AS id FROM wire_requests r, json_each(r.enforcement_json, '$.pins.reinserted') p WHERE r.session_id = ? AND r.seq = ? AND r.enforcement_json IS NOT NULL`,
    )
    .all(sessionId, row.seq);
  return new Set([...ids, ...restored].map((r) => r.id));
}

/**
 * A session's latest main model request (one that offers tools: the CLI's conversation, whose cache an
 * eviction breaks) that carried one of `segmentIds` (a subagent's requests between carry none), or null.
 */
export function latestMainRequestWith(db: Db, sessionId: string, segmentIds: readonly string[]): WireRequestRecord | null {
  if (!segmentIds.length) return null;
  const row = db
    .prepare<unknown[], RequestRow>(
      `SELECT * FROM wire_request_rows r WHERE session_id = ? AND api IS NOT NULL AND json_array_length(record_json, '$.tools') > 0
         AND EXISTS (SELECT 1 FROM json_each(r.record_json, '$.segments') s WHERE json_extract(s.value, '$.id') IN (${segmentIds.map(() => '?').join(', ')}))
       ORDER BY seq DESC LIMIT 1`,
    )
    .get(sessionId, ...segmentIds);
  return row ? toRecord(row) : null;
}

/** What changes when a thread's runs record on the wire (for a kept manifest's stamp): request count and the newest. */
export function threadWireStamp(db: Db, threadId: string): string {
  const row = db
    .prepare<[string], { n: number; last: number | null }>(
      'SELECT COUNT(*) AS n, MAX(r.rowid) AS last FROM wire_requests r JOIN wire_sessions s ON s.id = r.session_id WHERE s.thread_id = ?',
    )
    .get(threadId)!;
  return `${row.n}:${row.last ?? 0}`;
}

/** One request with its reported usage, for pricing (issue 36): no parts, the session's identity beside it. */
export interface WireUsageRow {
  sessionId: string;
  seq: number;
  kind: WireSessionKind;
  agent: string;
  repo: string | null;
  runId: string | null;
  stepId: string | null;
  at: string;
  provider: WireRequestRecord['provider'];
  model: string | null;
  usage: NonNullable<WireRequestRecord['usage']>;
  /** The request asked for a 1-hour cache (its writes are 1-hour writes). */
  cacheTtl: '1h' | null;
}

/** Every model request the provider reported usage for, since `since` (ISO, inclusive), oldest first. */
export function wireUsageRows(db: Db, since: string | null): WireUsageRow[] {
  const rows = db
    .prepare<[string], { session_id: string; seq: number; kind: WireSessionKind; agent: string; repo: string | null; run_id: string | null; step_id: string | null; at: string; provider: WireRequestRecord['provider']; model: string | null; input_tokens: number | null; cache_read: number | null; cache_write: number | null; output_tokens: number | null; cache_ttl: '1h' | null }>(
      `SELECT r.session_id, r.seq, s.kind, s.agent, s.repo, s.run_id, r.step_id, r.at, r.provider, r.model, r.input_tokens, r.cache_read, r.cache_write, r.output_tokens,
              json_extract(r.record_json, '$.cacheTtl') AS cache_ttl
         FROM wire_request_rows r JOIN wire_sessions s ON s.id = r.session_id
        WHERE r.api IS NOT NULL AND r.at >= ? AND (r.input_tokens IS NOT NULL OR r.output_tokens IS NOT NULL OR r.cache_read IS NOT NULL)
        ORDER BY r.at, r.session_id, r.seq`,
    )
    .all(since ?? '');
  return rows.map((r) => ({
    sessionId: r.session_id,
    seq: r.seq,
    kind: r.kind,
    agent: r.agent,
    repo: r.repo,
    runId: r.run_id,
    stepId: r.step_id,
    at: r.at,
    provider: r.provider,
    model: r.model,
    usage: { input: r.input_tokens, cacheRead: r.cache_read, cacheWrite: r.cache_write, output: r.output_tokens },
    cacheTtl: r.cache_ttl,
  }));
}

/**
 * How many requests of a session before `beforeSeq` are recorded (a record is written once its
 * response has ended); `analysed`: only those with their parts (not a provisional record).
 */
export function recordedBefore(db: Db, sessionId: string, beforeSeq: number, analysed = false): number {
  const row = db
    .prepare<[string, number], { n: number }>(`SELECT COUNT(*) AS n FROM wire_requests WHERE session_id = ? AND seq < ?${analysed ? " AND json_extract(record_json, '$.incomplete') IS NULL" : ''}`)
    .get(sessionId, beforeSeq);
  return row?.n ?? 0;
}

/** The reported usage of every model request of a session or a run, in order (the spend budget's running total). */
export function scopeUsage(
  db: Db,
  scope: { sessionId: string } | { runId: string },
): { sessionId: string; seq: number; stepId: string | null; model: string | null; usage: NonNullable<WireRequestRecord['usage']>; cacheTtl: '1h' | null }[] {
  const [column, value] = 'runId' in scope ? ['run_id', scope.runId] : ['session_id', scope.sessionId];
  return db
    .prepare<[string], { session_id: string; seq: number; step_id: string | null; model: string | null; input_tokens: number | null; cache_read: number | null; cache_write: number | null; output_tokens: number | null; cache_ttl: '1h' | null }>(
      `SELECT session_id, seq, step_id, model, input_tokens, cache_read, cache_write, output_tokens, json_extract(record_json, '$.cacheTtl') AS cache_ttl FROM wire_request_rows
        WHERE ${column} = ? AND api IS NOT NULL AND (input_tokens IS NOT NULL OR output_tokens IS NOT NULL) ORDER BY at, seq`,
    )
    .all(value)
    .map((r) => ({ sessionId: r.session_id, seq: r.seq, stepId: r.step_id, model: r.model, usage: { input: r.input_tokens, cacheRead: r.cache_read, cacheWrite: r.cache_write, output: r.output_tokens }, cacheTtl: r.cache_ttl }));
}
