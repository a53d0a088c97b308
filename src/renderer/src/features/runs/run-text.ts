/** Words for runs, steps and ceilings, one place for the whole Runs view. */
import type { AgentId, AgentInfo, ExceededCeiling, RunStatus, RunSummary, StepEvidence } from '../../../../shared/contract/runs';
import type { RequestExceeded } from '../../../../shared/contract/wire';
import { formatDuration, formatInt } from '../../../../shared/format';
import { formatWhen } from '../../ui/when';

export const STATUS_LABEL: Record<RunStatus, string> = {
  running: 'running',
  blocked: 'blocked',
  succeeded: 'succeeded',
  failed: 'failed',
  cancelled: 'cancelled',
  interrupted: 'interrupted',
};

/** The agent's name as its adapter gives it (the demo agent says it has no model); the id until agents are known. */
export function agentLabel(id: AgentId, agents: readonly AgentInfo[]): string {
  return agents.find((a) => a.id === id)?.label ?? id;
}

/** What kind of attempt a step was, in words. */
export function stepKindText(step: Pick<StepEvidence, 'kind' | 'resumed'>): string {
  switch (step.kind) {
    case 'resume':
      return step.resumed ? 'resumed the CLI session' : 'resume';
    case 'fallback':
      return 'fallback: a fresh session carrying Loupe’s history (the resume failed)';
    case 'retry':
      return step.resumed ? 'retry, resumed the CLI session' : 'retry, fresh session';
    case 'fresh':
      return 'fresh session';
  }
}

export const CEILING_NAME: Record<ExceededCeiling['ceiling'], string> = {
  maxPromptBytes: 'Max prompt bytes',
  maxApproximateTokens: 'Max approx. tokens',
};

/** "1,234 B, 1,134 over the 100 B ceiling" / "≈ 310 tokens, 210 over the 100-token ceiling". */
export function exceededText(e: ExceededCeiling): string {
  return e.ceiling === 'maxPromptBytes'
    ? `prompt ${formatInt(e.actual)} B, ${formatInt(e.over)} B over the ${formatInt(e.limit)} B ceiling`
    : `≈ ${formatInt(e.actual)} tokens (approx.), ${formatInt(e.over)} over the ${formatInt(e.limit)}-token ceiling`;
}

/**
 * What blocked a step: the context budget before launch (the agent never
 * started) or the request budget on the wire (the agent ran; the relay answered
 * one request itself). A wire block has ended (evidence from before Loupe kept
 * `wireBlock` still has its end); a launch block never does.
 */
export function blockedBy(step: Pick<StepEvidence, 'outcome' | 'endedAt' | 'wireBlock'> | null | undefined): 'launch' | 'wire' | null {
  if (step?.outcome !== 'blocked') return null;
  return step.wireBlock || step.endedAt ? 'wire' : 'launch';
}

export const REQUEST_CEILING_NAME: Record<RequestExceeded['ceiling'], string> = {
  maxRequestTokens: 'Max request tokens',
  maxRequestBytes: 'Max request bytes',
};

/**
 * How long the run's latest attempt took (while running: so far); a blocked
 * step never ran. Without steps, the run from its creation.
 */
export function runDuration(run: Pick<RunSummary, 'createdAt' | 'endedAt'>, now: number, last?: StepEvidence | null): string {
  if (blockedBy(last) === 'launch') return 'not launched';
  const start = Date.parse(last?.startedAt ?? run.createdAt);
  const end = last ? (last.endedAt ? Date.parse(last.endedAt) : now) : run.endedAt ? Date.parse(run.endedAt) : now;
  return formatDuration(end - start);
}

/** A step's exit in words: "exit 0", "signal SIGTERM", or nothing (not ended, or never launched). */
export function exitText(step: Pick<StepEvidence, 'exitCode' | 'signal' | 'endedAt' | 'outcome' | 'wireBlock'>): string | null {
  if (blockedBy(step) === 'launch') return 'not launched';
  if (step.exitCode !== null) return `exit ${step.exitCode}`;
  if (step.signal) return `signal ${step.signal}`;
  return step.endedAt ? 'no exit status' : null;
}

/** A local date and time to the second, for evidence. */
export function timeText(iso: string | null): string {
  return formatWhen(iso, 'seconds');
}
