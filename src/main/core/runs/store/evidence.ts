import type { AgentId, ReportedUsage, RequestBudget, StepEvidence, StepKind, StepOutcome, StepWireBlock } from '../../../../shared/contract/runs';
import type { ExactCount } from '../../../../shared/tokens/encodings';
import { fromJson, fromJsonOrNull, toJson, toJsonOrNull, type CountRow, type Json } from '../../store/rows';
import type { Db } from '../../store/store';
import { recordCalibrationPoint } from '../../tokens/calibration-store';
import { writeTransaction } from '../../store/write';

/** What is known when a step's launch is decided (launched or blocked). */
export type StepStart = Omit<StepEvidence, 'exitCode' | 'signal' | 'endedAt' | 'reported' | 'exactTokens' | 'wireBlock'> & { repo: string };

/** What is known when a step ends. */
export interface StepEnd {
  stepId: string;
  outcome: StepOutcome;
  exitCode: number | null;
  signal: string | null;
  endedAt: string;
  reported: ReportedUsage | null;
  /** The exact count of the prompt sent, where the model's tokenizer is public. */
  exactTokens: ExactCount | null;
  message: string | null;
  /** The request the relay blocked (request budget), when the step ended on one. */
  wireBlock?: StepWireBlock | null;
}

/** Appends a step's evidence at its launch decision (before the CLI starts, or instead of it). */
export function insertStepStart(db: Db, s: StepStart): void {
  db.prepare(
    `INSERT INTO evidence_steps (id, run_id, thread_id, repo, ordinal, kind, resumed, adapter, agent_version, model,
       prompt_bytes, schema_bytes, total_bytes, approx_tokens, sha256, sections_json, exclusions_json, budget_json,
       exceeded_json, outcome, preset_json, sources_json, history_json, message, started_at, request_budget_json)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
  ).run(
    s.id,
    s.runId,
    s.threadId,
    s.repo,
    s.ordinal,
    s.kind,
    s.resumed ? 1 : 0,
    s.adapter,
    s.agentVersion,
    s.model,
    s.promptBytes,
    s.schemaBytes,
    s.totalBytes,
    s.approxTokens,
    s.sha256,
    toJson(s.sections),
    toJson(s.exclusions),
    toJsonOrNull(s.budget),
    toJson(s.exceeded),
    s.outcome,
    toJsonOrNull(s.presetRef),
    toJsonOrNull(s.sources),
    toJsonOrNull(s.history),
    s.message,
    s.startedAt,
    toJsonOrNull(s.requestBudget ?? null),
  );
}

/**
 * Appends how a launched step ended. A fresh step of a real agent whose
 * provider reported the prompt's size is a calibration point too: Loupe's
 * estimate beside that count (resumed steps carry context Loupe did not send,
 * and the demo agent counts bytes / 4 itself: neither says anything about a
 * model's tokenizer).
 */
export function insertStepEnd(db: Db, e: StepEnd): void {
  writeTransaction(db, () => {
    db.prepare<[string, string, number | null, string | null, string, Json<ReportedUsage> | null, Json<ExactCount> | null, string | null, Json<StepWireBlock> | null]>(
      'INSERT INTO evidence_step_ends (step_id, outcome, exit_code, signal, ended_at, reported_json, exact_json, message, wire_block_json) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)',
    ).run(e.stepId, e.outcome, e.exitCode, e.signal, e.endedAt, toJsonOrNull(e.reported), toJsonOrNull(e.exactTokens), e.message, toJsonOrNull(e.wireBlock ?? null));
    const prompt = e.reported?.promptTokens;
    if (typeof prompt !== 'number') return;
    const start = db
      .prepare<[string], Pick<StepRow, 'model' | 'approx_tokens' | 'resumed' | 'adapter' | 'started_at'>>(
        'SELECT model, approx_tokens, resumed, adapter, started_at FROM evidence_steps WHERE id = ?',
      )
      .get(e.stepId);
    if (!start || start.resumed !== 0 || start.adapter === 'demo' || !start.model) return;
    recordCalibrationPoint(db, { source: `step:${e.stepId}`, model: start.model, estimateTokens: start.approx_tokens, reportedTokens: prompt, at: start.started_at });
  });
}

interface StepRow {
  id: string;
  run_id: string;
  thread_id: string;
  repo: string;
  ordinal: number;
  kind: StepKind;
  resumed: number;
  adapter: AgentId;
  agent_version: string | null;
  model: string | null;
  prompt_bytes: number;
  schema_bytes: number;
  total_bytes: number;
  approx_tokens: number;
  sha256: string;
  sections_json: Json<StepEvidence['sections']>;
  exclusions_json: Json<StepEvidence['exclusions']>;
  budget_json: Json<NonNullable<StepEvidence['budget']>> | null;
  exceeded_json: Json<StepEvidence['exceeded']>;
  outcome: StepOutcome;
  preset_json: Json<NonNullable<StepEvidence['presetRef']>> | null;
  sources_json: Json<NonNullable<StepEvidence['sources']>> | null;
  history_json: Json<NonNullable<StepEvidence['history']>> | null;
  message: string | null;
  started_at: string;
  request_budget_json: Json<RequestBudget> | null;
  end_outcome: StepOutcome | null;
  exit_code: number | null;
  signal: string | null;
  ended_at: string | null;
  reported_json: Json<ReportedUsage> | null;
  exact_json: Json<ExactCount> | null;
  end_message: string | null;
  wire_block_json: Json<StepWireBlock> | null;
}

function toEvidence(r: StepRow): StepEvidence & { repo: string } {
  return {
    id: r.id,
    runId: r.run_id,
    threadId: r.thread_id,
    repo: r.repo,
    ordinal: r.ordinal,
    kind: r.kind,
    resumed: r.resumed === 1,
    adapter: r.adapter,
    agentVersion: r.agent_version,
    model: r.model,
    promptBytes: r.prompt_bytes,
    schemaBytes: r.schema_bytes,
    totalBytes: r.total_bytes,
    approxTokens: r.approx_tokens,
    sha256: r.sha256,
    sections: fromJson(r.sections_json),
    exclusions: fromJson(r.exclusions_json),
    budget: fromJsonOrNull(r.budget_json),
    exceeded: fromJson(r.exceeded_json),
    outcome: r.end_outcome ?? r.outcome,
    exitCode: r.exit_code,
    signal: r.signal,
    startedAt: r.started_at,
    endedAt: r.ended_at,
    reported: fromJsonOrNull(r.reported_json),
    exactTokens: fromJsonOrNull(r.exact_json),
    presetRef: fromJsonOrNull(r.preset_json),
    sources: fromJsonOrNull(r.sources_json),
    history: fromJsonOrNull(r.history_json),
    message: r.end_message ?? r.message,
    requestBudget: fromJsonOrNull(r.request_budget_json),
    wireBlock: fromJsonOrNull(r.wire_block_json),
  };
}

const SELECT = `SELECT s.*, e.outcome AS end_outcome, e.exit_code, e.signal, e.ended_at, e.reported_json, e.exact_json, e.message AS end_message, e.wire_block_json
  FROM evidence_steps s LEFT JOIN evidence_step_ends e ON e.step_id = s.id`;

/** Evidence of one run, a thread or a repository, oldest first. */
export function listEvidence(db: Db, scope: { runId: string } | { threadId: string } | { repo: string }): (StepEvidence & { repo: string })[] {
  const [column, value] =
    'runId' in scope ? ['s.run_id', scope.runId] : 'threadId' in scope ? ['s.thread_id', scope.threadId] : ['s.repo', scope.repo];
  return db.prepare<[string], StepRow>(`${SELECT} WHERE ${column} = ? ORDER BY s.started_at, s.ordinal`).all(value).map(toEvidence);
}

/** How far a thread's evidence has come: its steps and their ends, counted (evidence is append-only). */
export function threadEvidenceStamp(db: Db, threadId: string): string {
  const row = db
    .prepare<[string], { steps: number; ends: number }>(
      'SELECT COUNT(*) AS steps, COUNT(e.step_id) AS ends FROM evidence_steps s LEFT JOIN evidence_step_ends e ON e.step_id = s.id WHERE s.thread_id = ?',
    )
    .get(threadId);
  return `${row?.steps ?? 0}/${row?.ends ?? 0}`;
}

/** How many steps a run has recorded. */
export function stepCount(db: Db, runId: string): number {
  return db.prepare<[string], CountRow>('SELECT COUNT(*) AS n FROM evidence_steps WHERE run_id = ?').get(runId)?.n ?? 0;
}

/** How many steps each of these runs has recorded (a run with none is absent). */
export function stepCounts(db: Db, runIds: readonly string[]): Map<string, number> {
  const rows = db
    .prepare<[Json<readonly string[]>], CountRow & { run_id: string }>(
      'SELECT run_id, COUNT(*) AS n FROM evidence_steps WHERE run_id IN (SELECT value FROM json_each(?)) GROUP BY run_id',
    )
    .all(toJson(runIds));
  return new Map(rows.map((r) => [r.run_id, r.n]));
}
