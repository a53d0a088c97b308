/**
 * A run's stream folded into what the run view draws: assistant text (a later
 * event of the same message replaces the earlier one), tool calls with their
 * results attached, errors, raw output (consecutive lines of one stream merged
 * into one block), step markers, and the run's status and steps. Bounded: the
 * oldest items go first past MAX_ITEMS, so a run that prints for hours keeps
 * memory flat. Items are immutable; an update replaces one item, so rows that
 * did not change keep their identity (and React skips them).
 */
import type { AgentEvent } from '../../../../shared/contract/agent-events';
import type { RunEventRecord, RunStatus, RunSummary, StepEvidence } from '../../../../shared/contract/runs';
import type { WireWarning } from '../../../../shared/contract/wire';

export type EventItem =
  | { kind: 'step'; key: string; step: StepEvidence }
  | { kind: 'session'; key: string; sessionId: string; model?: string; cliVersion?: string }
  | { kind: 'text'; key: string; text: string; sub: boolean }
  | { kind: 'thinking'; key: string; text: string }
  | { kind: 'tool'; key: string; name: string; input: unknown; result: { output: string; isError: boolean } | null; sub: boolean }
  | { kind: 'error'; key: string; message: string }
  | { kind: 'raw'; key: string; stream: 'stdout' | 'stderr'; text: string }
  | { kind: 'result'; key: string; ok: boolean; message?: string }
  | { kind: 'wire'; key: string; warning: WireWarning };

/** Items kept per run view (older ones are dropped, and the view says how many). */
export const MAX_ITEMS = 2_000;
/** A raw-output block stops growing here; the next line starts a new block. */
const RAW_BLOCK_CHARS = 16 * 1024;

export class EventLog {
  items: EventItem[] = [];
  /** Items dropped from the front to stay within MAX_ITEMS. */
  dropped = 0;
  lastSeq = 0;
  /** Sequence numbers skipped between applied records: events the record did not keep. */
  skipped = 0;
  status: RunStatus | null = null;
  steps: StepEvidence[] = [];
  /** Wire warnings seen (requests over the request budget, secrets): the evidence reloads when this grows. */
  wireWarnings = 0;
  /** The run as its last `end` event described it. */
  ended: RunSummary | null = null;
  private readonly keyIndex = new Map<string, number>();
  private next = 0;

  /** Folds records in order; records at or below lastSeq (already seen) are skipped. Returns whether anything changed. */
  apply(records: readonly RunEventRecord[]): boolean {
    let changed = false;
    for (const { seq, event } of records) {
      if (seq <= this.lastSeq) continue;
      if (this.lastSeq > 0 && seq > this.lastSeq + 1) this.skipped += seq - this.lastSeq - 1;
      this.lastSeq = seq;
      changed = true;
      if (event.type === 'status') this.status = event.status;
      else if (event.type === 'end') this.ended = event.run;
      else if (event.type === 'step') {
        const at = this.steps.findIndex((s) => s.id === event.step.id);
        this.steps = at < 0 ? [...this.steps, event.step] : this.steps.map((s, i) => (i === at ? event.step : s));
        this.upsert({ kind: 'step', key: `step:${event.step.id}`, step: event.step });
      } else if (event.type === 'wire') {
        this.wireWarnings++;
        this.push({ kind: 'wire', key: `wire:${event.warning.sessionId}:${event.warning.seq}:${event.warning.kind}`, warning: event.warning });
      } else this.agent(event.event);
    }
    if (changed) this.trim();
    return changed;
  }

  private agent(e: AgentEvent): void {
    switch (e.type) {
      case 'session':
        this.push({ kind: 'session', key: this.key('session'), sessionId: e.sessionId, model: e.model, cliVersion: e.cliVersion });
        return;
      case 'text':
        if (e.messageId) this.upsert({ kind: 'text', key: `msg:${e.messageId}`, text: e.text, sub: !!e.parentCallId });
        else this.push({ kind: 'text', key: this.key('text'), text: e.text, sub: !!e.parentCallId });
        return;
      case 'thinking':
        this.push({ kind: 'thinking', key: this.key('thinking'), text: e.text });
        return;
      case 'tool-call':
        this.upsert({ kind: 'tool', key: `call:${e.callId}`, name: e.name, input: e.input, result: null, sub: !!e.parentCallId });
        return;
      case 'tool-result': {
        const key = `call:${e.callId}`;
        const at = this.at(key);
        const result = { output: e.output, isError: e.isError };
        if (at && at.kind === 'tool') this.upsert({ ...at, result });
        // The call itself scrolled away (or was never seen): the result stands alone.
        else this.upsert({ kind: 'tool', key, name: 'tool', input: undefined, result, sub: !!e.parentCallId });
        return;
      }
      case 'error':
        this.push({ kind: 'error', key: this.key('error'), message: e.message });
        return;
      case 'result':
        this.push({ kind: 'result', key: this.key('result'), ok: e.ok, message: e.ok ? undefined : e.message });
        return;
      case 'raw': {
        const last = this.items.at(-1);
        if (last?.kind === 'raw' && last.stream === e.stream && last.text.length < RAW_BLOCK_CHARS) {
          this.items[this.items.length - 1] = { ...last, text: `${last.text}\n${e.text}` };
        } else this.push({ kind: 'raw', key: this.key('raw'), stream: e.stream, text: e.text });
        return;
      }
      case 'file-read':
      case 'usage':
        // Shown with the step's evidence (files read, reported usage), not as lines of output.
        return;
    }
  }

  private key(prefix: string): string {
    return `${prefix}:${++this.next}`;
  }

  private at(key: string): EventItem | undefined {
    const abs = this.keyIndex.get(key);
    return abs === undefined ? undefined : this.items[abs - this.dropped];
  }

  private push(item: EventItem): void {
    this.keyIndex.set(item.key, this.dropped + this.items.length);
    this.items.push(item);
  }

  /** Replaces the item with the same key in place, or appends it. */
  private upsert(item: EventItem): void {
    const abs = this.keyIndex.get(item.key);
    if (abs !== undefined && abs >= this.dropped) this.items[abs - this.dropped] = item;
    else this.push(item);
  }

  private trim(): void {
    const over = this.items.length - MAX_ITEMS;
    if (over <= 0) return;
    for (const item of this.items.slice(0, over)) this.keyIndex.delete(item.key);
    this.items = this.items.slice(over);
    this.dropped += over;
  }
}
