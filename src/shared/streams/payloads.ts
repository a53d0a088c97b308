/**
 * The payload of each stream kind. A kind's payload is a tagged union so a
 * consumer switches on `type`; new event types are added here, once.
 */

/** Progress of a long call (an inspection), on `task:<callId>`. */
export type TaskEvent =
  | { type: 'progress'; done: number; total: number | null; label?: string }
  | { type: 'end'; outcome: 'ok' | 'error' | 'cancelled' };

import type { RunStreamEvent } from '../contract/runs';
import type { ThreadStreamEvent } from '../contract/xray';

export interface StreamPayloads {
  task: TaskEvent;
  /** A run's live events: status, steps (evidence), the agent's parsed events, the end. */
  run: RunStreamEvent;
  /** A thread changed: a turn ended or a directive was set; carries the new manifest (X-Ray). */
  thread: ThreadStreamEvent;
}
