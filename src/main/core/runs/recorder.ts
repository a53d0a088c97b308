import type { RunEventRecord, RunStreamEvent } from '../../../shared/contract/runs';
import type { Db } from '../store/store';
import type { StreamHub } from '../streams/hub';
import { appendRunEvents, RUN_EVENTS_KEPT } from './store/runs';

/** Text longer than this in one agent event is cut for the stream and the record (the transcript keeps it whole). */
export const EVENT_TEXT_MAX = 64 * 1024;

function clip(text: string): string {
  return text.length > EVENT_TEXT_MAX ? `${text.slice(0, EVENT_TEXT_MAX)}\n… (${(text.length - EVENT_TEXT_MAX).toLocaleString('en-US')} more characters)` : text;
}

/** The event as streamed and recorded: long texts cut so one event never floods a subscriber. */
function bounded(event: RunStreamEvent): RunStreamEvent {
  if (event.type !== 'agent') return event;
  const e = event.event;
  if (e.type === 'text' || e.type === 'thinking' || e.type === 'raw') return { ...event, event: { ...e, text: clip(e.text) } };
  if (e.type === 'tool-result') return { ...event, event: { ...e, output: clip(e.output) } };
  return event;
}

/**
 * Publishes a run's events on `run:<id>` and records them (batched) so the run
 * view can show them after a reload or restart. Recording stops past the
 * per-run bound for agent output; status, steps and the end are always kept.
 */
export class RunRecorder {
  private pending: RunEventRecord[] = [];
  private keptEvents = 0;
  private keptBytes = 0;
  private timer: NodeJS.Timeout | null = null;
  lastSeq = 0;

  constructor(
    private readonly db: () => Db,
    private readonly hub: StreamHub,
    readonly runId: string,
    recordedUpTo = 0,
  ) {
    hub.continueAfter(`run:${runId}`, recordedUpTo);
    this.lastSeq = hub.lastSeq(`run:${runId}`);
  }

  publish(event: RunStreamEvent): void {
    const e = bounded(event);
    const { seq } = this.hub.publish('run', this.runId, e);
    this.lastSeq = seq;
    const size = JSON.stringify(e).length;
    const essential = e.type !== 'agent';
    if (!essential && (this.keptEvents >= RUN_EVENTS_KEPT.events || this.keptBytes + size > RUN_EVENTS_KEPT.bytes)) return;
    this.keptEvents++;
    this.keptBytes += size;
    this.pending.push({ seq, event: e });
    if (essential) this.flush();
    else this.timer ??= setTimeout(() => this.flush(), 200);
  }

  /** Writes what is pending (called at step ends and before the run's end). */
  flush(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    const batch = this.pending;
    this.pending = [];
    if (batch.length) appendRunEvents(this.db(), this.runId, batch);
  }
}
