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

/** Raw output lines of one stream gathered into one event (a command printing 40,000 lines sends far fewer events). */
interface RawBatch {
  stepId: string;
  stream: 'stdout' | 'stderr';
  lines: string[];
  chars: number;
}

/** Raw lines are sent together once this many have gathered, or this many characters. */
const RAW_BATCH = { lines: 500, chars: 32 * 1024 } as const;
/** The first agent events of a run are always kept; past the bound, the oldest after them make room. */
const KEEP_HEAD = 500;

/**
 * Publishes a run's events on `run:<id>` and records them (batched) so the run
 * view can show them after a reload or restart. Raw output lines that arrive
 * together become one event. Past the per-run bound, the oldest agent output
 * after the first 500 events gives way to the newest, so a long run shows its
 * beginning and its end; status, steps and the end are always kept.
 */
export class RunRecorder {
  private pending: RunEventRecord[] = [];
  private dropped: number[] = [];
  private readonly kept: { seq: number; size: number }[] = [];
  private keptEvents = 0;
  private keptBytes = 0;
  private headKept = 0;
  private timer: NodeJS.Timeout | null = null;
  private raw: RawBatch | null = null;
  private rawTimer: NodeJS.Immediate | null = null;
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
    if (event.type === 'agent' && event.event.type === 'raw') {
      const { stepId } = event;
      const { stream, text } = event.event;
      if (this.raw && (this.raw.stepId !== stepId || this.raw.stream !== stream)) this.flushRaw();
      this.raw ??= { stepId, stream, lines: [], chars: 0 };
      this.raw.lines.push(text);
      this.raw.chars += text.length + 1;
      if (this.raw.lines.length >= RAW_BATCH.lines || this.raw.chars >= RAW_BATCH.chars) this.flushRaw();
      else this.rawTimer ??= setImmediate(() => this.flushRaw());
      return;
    }
    this.flushRaw();
    this.send(event);
  }

  /** Sends the gathered raw lines as one event. */
  private flushRaw(): void {
    if (this.rawTimer) clearImmediate(this.rawTimer);
    this.rawTimer = null;
    const batch = this.raw;
    this.raw = null;
    if (batch) this.send({ type: 'agent', stepId: batch.stepId, event: { type: 'raw', stream: batch.stream, text: batch.lines.join('\n') } });
  }

  private send(event: RunStreamEvent): void {
    const e = bounded(event);
    const { seq } = this.hub.publish('run', this.runId, e);
    this.lastSeq = seq;
    const size = JSON.stringify(e).length;
    const essential = e.type !== 'agent';
    this.pending.push({ seq, event: e });
    if (!essential) {
      if (this.headKept < KEEP_HEAD) this.headKept++;
      else this.kept.push({ seq, size });
      this.keptEvents++;
      this.keptBytes += size;
      while ((this.keptEvents > RUN_EVENTS_KEPT.events || this.keptBytes > RUN_EVENTS_KEPT.bytes) && this.kept.length > 1) {
        const old = this.kept.shift()!;
        this.dropped.push(old.seq);
        this.keptEvents--;
        this.keptBytes -= old.size;
      }
    }
    if (essential) this.flush();
    else this.timer ??= setTimeout(() => this.flush(), 200);
  }

  /** Writes what is pending (called at step ends, before the run's end, and before a detail is read). */
  flush(): void {
    this.flushRaw();
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    const batch = this.pending;
    const dropped = new Set(this.dropped);
    this.pending = [];
    this.dropped = [];
    const write = batch.filter((r) => !dropped.has(r.seq));
    appendRunEvents(this.db(), this.runId, write, [...dropped].filter((seq) => !batch.some((r) => r.seq === seq)));
  }
}
