import type { AgentEvent } from '../../../shared/contract/agent-events';
import type { TranscriptItem } from '../../../shared/contract/transcript';

/** Longest tool output kept in the transcript (the CLI's own transcript keeps the rest). */
export const TRANSCRIPT_OUTPUT_MAX = 1024 * 1024;

/**
 * Builds transcript items from a step's agent events, in order: assistant
 * text (consecutive pieces joined), thinking, and each tool call together with
 * its result (paired by call id, whatever order they arrive in).
 */
export class TranscriptCollector {
  readonly items: TranscriptItem[] = [];
  private readonly tools = new Map<string, Extract<TranscriptItem, { kind: 'tool' }>>();
  /** The message the last assistant item holds, and its text before that message began. */
  private message: { id: string; item: Extract<TranscriptItem, { kind: 'assistant' }>; before: string } | null = null;

  add(event: AgentEvent): void {
    // A subagent's work is not the main conversation: its result reaches it through the tool call.
    if ('parentCallId' in event && event.parentCallId) return;
    switch (event.type) {
      case 'text': {
        if (!event.text) return;
        const last = this.items.at(-1);
        // A later event of the same message replaces the earlier text of that message (streamed chunks).
        if (event.messageId && this.message?.id === event.messageId && last === this.message.item) {
          last.text = this.message.before ? `${this.message.before}\n${event.text}` : event.text;
          return;
        }
        if (last?.kind === 'assistant') {
          const before = last.text;
          last.text = `${last.text}\n${event.text}`;
          this.message = event.messageId ? { id: event.messageId, item: last, before } : null;
        } else {
          const item: Extract<TranscriptItem, { kind: 'assistant' }> = { kind: 'assistant', text: event.text };
          this.items.push(item);
          this.message = event.messageId ? { id: event.messageId, item, before: '' } : null;
        }
        return;
      }
      case 'thinking':
        if (event.text) this.items.push({ kind: 'thinking', text: event.text });
        return;
      case 'tool-call': {
        const item: Extract<TranscriptItem, { kind: 'tool' }> = {
          kind: 'tool',
          callId: event.callId,
          name: event.name,
          input: event.input,
          output: null,
          isError: false,
        };
        this.tools.set(event.callId, item);
        this.items.push(item);
        return;
      }
      case 'tool-result': {
        const item = this.tools.get(event.callId);
        const output = event.output.length > TRANSCRIPT_OUTPUT_MAX ? `${event.output.slice(0, TRANSCRIPT_OUTPUT_MAX)}\n… (cut)` : event.output;
        if (item) {
          item.output = output;
          item.isError = event.isError;
        } else {
          this.items.push({ kind: 'tool', callId: event.callId, name: 'unknown', input: null, output, isError: event.isError });
        }
        return;
      }
      case 'file-read': {
        const last = [...this.tools.values()].at(-1);
        if (last && last.filePath === undefined) last.filePath = event.path;
        return;
      }
      default:
        return;
    }
  }
}
