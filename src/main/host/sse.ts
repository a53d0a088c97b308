import type { ServerResponse } from 'node:http';
import { STREAM_LIMITS } from '../../shared/streams/events';
import { formatPositions, type StreamPositions } from '../../shared/streams/keys';
import type { EventSink, StreamMessage } from '../../shared/streams/sink';

/** What an SSE connection reports for tests and diagnostics. */
export interface SseStats {
  queuedBytes: number;
  maxQueuedBytes: number;
}

/**
 * Writes a subscriber's messages as Server-Sent Events with backpressure:
 * frames wait in a queue while the socket needs `drain`; when queued bytes
 * (ours plus the socket's) would pass `maxBytes`, delivery is refused and the
 * hub drops the subscriber with a final `lagged` event. Each event's `id:` is
 * the subscriber's position on every key it follows (`k=n;k=n`), so the
 * browser's Last-Event-ID resumes all of them at once.
 */
export class SseSink implements EventSink {
  private readonly queue: string[] = [];
  private queuedBytes = 0;
  private waiting = false;
  private ended = false;
  readonly stats: SseStats = { queuedBytes: 0, maxQueuedBytes: 0 };

  constructor(
    private readonly res: ServerResponse,
    private readonly positions: StreamPositions,
    private readonly maxBytes = STREAM_LIMITS.subscriberQueueBytes,
  ) {
    res.on('drain', () => this.flush());
  }

  deliver(message: StreamMessage, json: string): boolean {
    if (this.ended) return false;
    let frame: string;
    if (message.type === 'event') {
      this.positions[message.event.key] = message.event.seq;
      frame = `id: ${formatPositions(this.positions)}\nevent: stream\ndata: ${json}\n\n`;
    } else {
      if (message.type === 'expired') this.positions[message.key] = message.resumeFrom;
      frame = `event: ${message.type}\ndata: ${json}\n\n`;
    }
    if (this.queuedBytes + this.res.writableLength + frame.length > this.maxBytes) return false;
    this.write(frame);
    return true;
  }

  /** A comment line: keeps idle proxies and browsers from dropping the stream. */
  heartbeat(): void {
    if (!this.ended && !this.waiting) this.res.write(': keep-alive\n\n');
  }

  close(last?: { message: StreamMessage; json: string }): void {
    if (this.ended) return;
    this.ended = true;
    if (last) this.res.write(`event: ${last.message.type}\ndata: ${last.json}\n\n`);
    this.res.end();
    // A client that stopped reading never drains: don't let its socket hold memory.
    const timer = setTimeout(() => this.res.destroy(), 5000);
    timer.unref();
    this.res.once('close', () => clearTimeout(timer));
  }

  private write(frame: string): void {
    if (this.waiting) {
      this.queue.push(frame);
      this.queuedBytes += frame.length;
    } else if (!this.res.write(frame)) {
      this.waiting = true;
    }
    this.stats.queuedBytes = this.queuedBytes + this.res.writableLength;
    this.stats.maxQueuedBytes = Math.max(this.stats.maxQueuedBytes, this.stats.queuedBytes);
  }

  private flush(): void {
    this.waiting = false;
    while (this.queue.length > 0 && !this.waiting) {
      const frame = this.queue.shift()!;
      this.queuedBytes -= frame.length;
      if (!this.res.write(frame)) this.waiting = true;
    }
    this.stats.queuedBytes = this.queuedBytes + this.res.writableLength;
  }
}
