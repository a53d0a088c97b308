// Test helper: evidence rows as the runner appends them (a step's start and its end),
// written straight into a real store, for calibration and fold tests.
import type { AgentId, ReportedUsage } from '../../../shared/contract/runs';
import { insertStepEnd, insertStepStart } from '../runs/store/evidence';
import type { Db } from '../store/store';

export interface RecordedStep {
  model: string | null;
  /** Loupe's estimate of the prompt it sent (approx_tokens). */
  approxTokens: number;
  /** What the provider reported after the step (null: nothing). */
  reported: ReportedUsage | null;
  resumed?: boolean;
  adapter?: AgentId;
  /** Minutes after 2026-01-01T00:00Z the step started (orders the rows). */
  minute?: number;
}

let seq = 0;

/** Appends one launched step and its end, as the run manager would. */
export function recordStep(db: Db, step: RecordedStep): string {
  const id = `s${String(++seq).padStart(8, '0')}`;
  const at = new Date(Date.UTC(2026, 0, 1, 0, step.minute ?? seq)).toISOString();
  insertStepStart(db, {
    id,
    runId: `r${id}`,
    threadId: `t${id}`,
    repo: '/repo',
    ordinal: 1,
    kind: step.resumed ? 'resume' : 'fresh',
    resumed: step.resumed ?? false,
    adapter: step.adapter ?? 'claude',
    agentVersion: null,
    model: step.model,
    promptBytes: step.approxTokens * 4,
    schemaBytes: 0,
    totalBytes: step.approxTokens * 4,
    approxTokens: step.approxTokens,
    sha256: '0'.repeat(64),
    sections: [],
    exclusions: [],
    budget: null,
    exceeded: [],
    outcome: 'launched',
    presetRef: null,
    sources: null,
    history: null,
    message: null,
    startedAt: at,
  });
  insertStepEnd(db, { stepId: id, outcome: 'launched', exitCode: 0, signal: null, endedAt: at, reported: step.reported, exactTokens: null, message: null });
  return id;
}
