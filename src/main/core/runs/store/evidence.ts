import type { ReportedUsage, StepEvidence, StepOutcome } from '../../../../shared/contract/runs';
import type { ExactCount } from '../../../../shared/tokens/encodings';
import type { Db } from '../../store/store';

/** What is known when a step's launch is decided (launched or blocked). */
export type StepStart = Omit<StepEvidence, 'exitCode' | 'signal' | 'endedAt' | 'reported' | 'exactTokens'> & { repo: string };

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
}

/** Appends a step's evidence at its launch decision (before the CLI starts, or instead of it). */
export function insertStepStart(db: Db, s: StepStart): void {
  db.prepare(
    `INSERT INTO evidence_steps (id, run_id, thread_id, repo, ordinal, kind, resumed, adapter, agent_version, model,
       prompt_bytes, schema_bytes, total_bytes, approx_tokens, sha256, sections_json, exclusions_json, budget_json,
       exceeded_json, outcome, preset_json, sources_json, history_json, message, started_at)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
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
    JSON.stringify(s.sections),
    JSON.stringify(s.exclusions),
    s.budget ? JSON.stringify(s.budget) : null,
    JSON.stringify(s.exceeded),
    s.outcome,
    s.presetRef ? JSON.stringify(s.presetRef) : null,
    s.sources ? JSON.stringify(s.sources) : null,
    s.history ? JSON.stringify(s.history) : null,
    s.message,
    s.startedAt,
  );
}

/** Appends how a launched step ended. */
export function insertStepEnd(db: Db, e: StepEnd): void {
  db.prepare(
    'INSERT INTO evidence_step_ends (step_id, outcome, exit_code, signal, ended_at, reported_json, exact_json, message) VALUES (?, ?, ?, ?, ?, ?, ?, ?)',
  ).run(e.stepId, e.outcome, e.exitCode, e.signal, e.endedAt, e.reported ? JSON.stringify(e.reported) : null, e.exactTokens ? JSON.stringify(e.exactTokens) : null, e.message);
}

interface StepRow {
  id: string;
  run_id: string;
  thread_id: string;
  repo: string;
  ordinal: number;
  kind: string;
  resumed: number;
  adapter: string;
  agent_version: string | null;
  model: string | null;
  prompt_bytes: number;
  schema_bytes: number;
  total_bytes: number;
  approx_tokens: number;
  sha256: string;
  sections_json: string;
  exclusions_json: string;
  budget_json: string | null;
  exceeded_json: string;
  outcome: string;
  preset_json: string | null;
  sources_json: string | null;
  history_json: string | null;
  message: string | null;
  started_at: string;
  end_outcome: string | null;
  exit_code: number | null;
  signal: string | null;
  ended_at: string | null;
  reported_json: string | null;
  exact_json: string | null;
  end_message: string | null;
}

const parse = <T>(json: string | null): T | null => (json === null ? null : (JSON.parse(json) as T));

function toEvidence(r: StepRow): StepEvidence & { repo: string } {
  return {
    id: r.id,
    runId: r.run_id,
    threadId: r.thread_id,
    repo: r.repo,
    ordinal: r.ordinal,
    kind: r.kind as StepEvidence['kind'],
    resumed: r.resumed === 1,
    adapter: r.adapter as StepEvidence['adapter'],
    agentVersion: r.agent_version,
    model: r.model,
    promptBytes: r.prompt_bytes,
    schemaBytes: r.schema_bytes,
    totalBytes: r.total_bytes,
    approxTokens: r.approx_tokens,
    sha256: r.sha256,
    sections: parse(r.sections_json) ?? [],
    exclusions: parse(r.exclusions_json) ?? [],
    budget: parse(r.budget_json),
    exceeded: parse(r.exceeded_json) ?? [],
    outcome: (r.end_outcome ?? r.outcome) as StepOutcome,
    exitCode: r.exit_code,
    signal: r.signal,
    startedAt: r.started_at,
    endedAt: r.ended_at,
    reported: parse(r.reported_json),
    exactTokens: parse(r.exact_json),
    presetRef: parse(r.preset_json),
    sources: parse(r.sources_json),
    history: parse(r.history_json),
    message: r.end_message ?? r.message,
  };
}

const SELECT = `SELECT s.*, e.outcome AS end_outcome, e.exit_code, e.signal, e.ended_at, e.reported_json, e.exact_json, e.message AS end_message
  FROM evidence_steps s LEFT JOIN evidence_step_ends e ON e.step_id = s.id`;

/** Evidence of one run, a thread or a repository, oldest first. */
export function listEvidence(db: Db, scope: { runId: string } | { threadId: string } | { repo: string }): (StepEvidence & { repo: string })[] {
  const [column, value] =
    'runId' in scope ? ['s.run_id', scope.runId] : 'threadId' in scope ? ['s.thread_id', scope.threadId] : ['s.repo', scope.repo];
  return (db.prepare(`${SELECT} WHERE ${column} = ? ORDER BY s.started_at, s.ordinal`).all(value) as StepRow[]).map(toEvidence);
}

/** How many steps a run has recorded. */
export function stepCount(db: Db, runId: string): number {
  return (db.prepare('SELECT COUNT(*) AS n FROM evidence_steps WHERE run_id = ?').get(runId) as { n: number }).n;
}
