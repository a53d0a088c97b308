/**
 * What the runs of a thread recorded, read-only: the one module of runs/ that
 * X-Ray and sessions read (never the executor's internals). Steps and their
 * evidence, the run in progress, what the latest run was started with, the
 * tools a CLI announced, and whether an agent resumes its own session.
 */
import type { AgentEvent } from '../../../shared/contract/agent-events';
import type { AgentId, RunInput, StepEvidence } from '../../../shared/contract/runs';
import type { Db } from '../store/store';
import { agentAdapters } from './agents/registry';
import { listEvidence, threadEvidenceStamp } from './store/evidence';
import { activeRunOf, firstSessionEvent, latestRunInput, recentRunIds } from './store/runs';

/** A thread's steps, oldest first, with their evidence. */
export function threadSteps(db: Db, threadId: string): StepEvidence[] {
  return listEvidence(db, { threadId });
}

/** How far the thread's steps have come (steps recorded, steps ended): equal stamps, equal threadSteps. */
export function stepsStamp(db: Db, threadId: string): string {
  return threadEvidenceStamp(db, threadId);
}

/** The thread's run in progress (marked running by a live process), or null. */
export function activeRun(db: Db, threadId: string): string | null {
  return activeRunOf(db, threadId);
}

/** What the thread's latest run was started with (context, settings, ask): what a continuation repeats. */
export function latestInput(db: Db, threadId: string): RunInput | null {
  return latestRunInput(db, threadId);
}

/** The tools a run's CLI announced in its session event (kept in the run's recorded events), or null. */
export function announcedTools(db: Db, runId: string): string[] | null {
  const event = firstSessionEvent(db, runId);
  const agent: AgentEvent | null = event?.type === 'agent' ? event.event : null;
  return agent?.type === 'session' ? (agent.tools ?? null) : null;
}

/** The tools the latest run of `agent` (in `repo` when given) announced, looking back over its last 20 runs. */
export function lastAnnouncedTools(db: Db, agent: string, repo: string | undefined): string[] | null {
  for (const id of recentRunIds(db, agent, repo, 20)) {
    const tools = announcedTools(db, id);
    if (tools?.length) return tools;
  }
  return null;
}

/** Whether the agent's CLI resumes its own session on a follow-up turn (then Loupe's directives are advisory). */
export function resumes(agent: AgentId): boolean {
  return agentAdapters[agent].resumable;
}
