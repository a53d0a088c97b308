/**
 * Following one run's stream (`run:<id>`) for the run view: events are folded
 * into an EventLog and handed to the store in batches (one update per
 * FLUSH_MS, however fast the agent prints), so a long output never re-renders
 * the view per event. When the host no longer has the events asked for
 * (restart, or too old), the run is reloaded with runs.get and following
 * carries on; events that arrive meanwhile are held, then applied in order.
 */
import type { RunDetail, RunEventRecord } from '../../../../shared/contract/runs';
import { bridge } from '../../bridge';
import { EventLog } from './event-log';

const FLUSH_MS = 50;

export interface FollowCallbacks {
  /** The log changed (items, steps, status or end). */
  changed(log: EventLog): void;
  /** The host lost the events after the page's position: reload the detail, then hand it to `reset`. */
  reload(): Promise<RunDetail | null>;
  /** Some output was neither kept by the host nor recorded (the view says so). */
  lost(): void;
}

/** The one run being followed (the selected one); starting another stops it. */
export class RunFollower {
  log = new EventLog();
  private unfollow: (() => void) | null = null;
  private pending: RunEventRecord[] = [];
  private timer: ReturnType<typeof setTimeout> | null = null;
  private holding = false;

  constructor(private readonly callbacks: FollowCallbacks) {}

  /** Starts over from a detail (runs.get, runs.start, runs.retry): its recorded events, then its status and steps. */
  reset(detail: RunDetail): EventLog {
    this.log = new EventLog();
    this.log.apply(detail.events);
    // The database is ahead of the recorded stream for status and steps.
    this.log.status = detail.run.status;
    this.log.steps = detail.steps;
    return this.log;
  }

  /**
   * Follows the run after its last recorded event: the host replays what it
   * still has beyond that (agent output is recorded in batches, so the
   * recorded stream can be a little behind `lastSeq`), and dedups by number.
   */
  follow(detail: RunDetail): void {
    this.stop();
    const after = detail.events.at(-1)?.seq ?? 0;
    this.unfollow = bridge.follow(
      `run:${detail.run.id}`,
      {
        onEvent: (e) => {
          if (e.kind !== 'run') return;
          this.pending.push({ seq: e.seq, event: e.payload });
          this.timer ??= setTimeout(() => this.flush(), FLUSH_MS);
        },
        onExpired: (resumeFrom) => void this.recover(resumeFrom),
      },
      after,
    );
  }

  stop(): void {
    this.unfollow?.();
    this.unfollow = null;
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    this.pending = [];
    this.holding = false;
  }

  get following(): boolean {
    return this.unfollow !== null;
  }

  private flush(): void {
    this.timer = null;
    if (this.holding) return;
    const batch = this.pending;
    this.pending = [];
    if (this.log.apply(batch)) this.callbacks.changed(this.log);
  }

  private async recover(resumeFrom: number): Promise<void> {
    this.holding = true;
    try {
      const detail = await this.callbacks.reload();
      if (!detail) return;
      this.reset(detail);
      if ((detail.events.at(-1)?.seq ?? 0) < resumeFrom) this.callbacks.lost();
      this.callbacks.changed(this.log);
    } finally {
      this.holding = false;
      this.flush();
    }
  }
}
