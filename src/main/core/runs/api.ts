import type { ParsedRequestOf } from '../../../shared/api';
import type { RunDetail, RunPreview } from '../../../shared/contract/runs';

/** A run as runs.start and runs.preview take it. */
export type RunRequest = ParsedRequestOf<'runs.start'>;

/** What the runner offers the services composed after it (X-Ray, sessions): plain functions, and the turn event. */
export interface RunsApi {
  /**
   * runs.preview: a would-be run measured as the runner measures it right
   * before launch; `sectionPreviews` adds each system section's redacted
   * preview, as a launched step records them (X-Ray shows them).
   */
  preview(request: RunRequest, signal: AbortSignal, options?: { sectionPreviews?: boolean }): Promise<RunPreview>;
  /** runs.start: starts a run; resolves once its first step is launched, blocked or failed. */
  start(request: RunRequest, signal: AbortSignal): Promise<RunDetail>;
  /** Calls `listener` whenever a turn of a thread begins or ends; returns how to stop. */
  onTurn(listener: (threadId: string) => void): () => void;
}

