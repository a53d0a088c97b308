import { STREAM_LIMITS, type StreamEvent } from '../../../shared/streams/events';
import { parseStreamKey, type StreamKey, type StreamKind } from '../../../shared/streams/keys';
import type { StreamPayloads } from '../../../shared/streams/payloads';
import type { EventSink, StreamMessage } from '../../../shared/streams/sink';

interface Stored {
  event: StreamEvent;
  json: string;
}

/** One key's recent events (a ring) and who follows it. */
interface Stream {
  lastSeq: number;
  ring: Stored[];
  ringBytes: number;
  followers: Set<Subscriber>;
}

/** Dropped keys whose last number is remembered (numbers only: about 100 bytes each). */
const RETIRED_MAX = 50_000;

export interface HubLimits {
  ringEvents: number;
  ringBytes: number;
  maxKeys: number;
}

/** A connection's subscription: the keys it follows and where it stands on each. */
export interface Subscriber {
  /** Follows keys, replaying kept events after each `after` (an `expired` notice when too old). */
  follow(streams: readonly { key: StreamKey; after: number }[]): void;
  unfollow(keys: readonly string[]): void;
  /** Last sequence number delivered per followed key. */
  positions(): Record<string, number>;
  /** Stops following everything; the sink is closed. */
  detach(): void;
  readonly detached: boolean;
}

/**
 * Streams of events keyed by `<kind>:<id>`, each numbered from 1, with a
 * bounded ring of recent events per key for resumption. Memory is bounded
 * whatever subscribers do: rings by count and bytes, keys by count (least
 * recently written dropped first), and a sink that can take no more is
 * dropped with `lagged` (the sink bounds its own queue).
 */
export class StreamHub {
  private readonly streams = new Map<string, Stream>();
  /** Last numbers of keys dropped past the cap, so a key that comes back numbers on. */
  private readonly retired = new Map<string, number>();
  private readonly limits: HubLimits;

  constructor(limits: Partial<HubLimits> = {}) {
    this.limits = {
      ringEvents: limits.ringEvents ?? STREAM_LIMITS.ringEvents,
      ringBytes: limits.ringBytes ?? STREAM_LIMITS.ringBytes,
      maxKeys: limits.maxKeys ?? STREAM_LIMITS.maxKeys,
    };
  }

  /** Publishes one event on `<kind>:<id>`; returns it with its sequence number. */
  publish<K extends StreamKind>(kind: K, id: string, payload: StreamPayloads[K]): StreamEvent<K> {
    const key = `${kind}:${id}` as StreamKey;
    const stream = this.touch(key);
    const event = { key, kind, seq: ++stream.lastSeq, payload } as StreamEvent<K>;
    // StreamEvent<K> is one member of the StreamEvent union; TS can't see that for a generic K.
    const message = { type: 'event', event } as StreamMessage;
    const json = JSON.stringify(message);
    stream.ring.push({ event: event as StreamEvent, json });
    stream.ringBytes += json.length;
    while (stream.ring.length > this.limits.ringEvents || (stream.ringBytes > this.limits.ringBytes && stream.ring.length > 1)) {
      stream.ringBytes -= stream.ring.shift()!.json.length;
    }
    for (const sub of stream.followers) (sub as HubSubscriber).deliver(key, event.seq, message, json);
    return event;
  }

  /**
   * Continues a key's numbering after `seq` (a run recorded by an earlier
   * process goes on from its recorded events, so numbers never repeat).
   */
  continueAfter(key: StreamKey, seq: number): void {
    const stream = this.touch(key);
    if (stream.lastSeq < seq) stream.lastSeq = seq;
  }

  /** The last sequence number published on a key (0 when none is kept). */
  lastSeq(key: string): number {
    return this.streams.get(key)?.lastSeq ?? 0;
  }

  /** Whether anyone follows a key now (work done only to tell followers can be skipped when nobody does). */
  followed(key: string): boolean {
    return (this.streams.get(key)?.followers.size ?? 0) > 0;
  }

  /** Attaches a connection; nothing is delivered until it follows keys. */
  attach(sink: EventSink): Subscriber {
    return new HubSubscriber(this, sink);
  }

  /** Counts for tests and diagnostics. */
  stats(): { keys: number; keptEvents: number; keptBytes: number; followers: number } {
    let keptEvents = 0;
    let keptBytes = 0;
    let followers = 0;
    for (const s of this.streams.values()) {
      keptEvents += s.ring.length;
      keptBytes += s.ringBytes;
      followers += s.followers.size;
    }
    return { keys: this.streams.size, keptEvents, keptBytes, followers };
  }

  /** @internal */
  streamFor(key: string, create: boolean): Stream | undefined {
    return create ? this.touch(key) : this.streams.get(key);
  }

  /** The stream for a key, moved to the most recent end; the oldest unfollowed keys go past the cap. */
  private touch(key: string): Stream {
    let stream = this.streams.get(key);
    if (stream) {
      this.streams.delete(key);
    } else {
      // A key dropped past the cap numbers on from where it was: a quiet run's next event is not seq 1 again.
      const lastSeq = this.retired.get(key) ?? 0;
      this.retired.delete(key);
      stream = { lastSeq, ring: [], ringBytes: 0, followers: new Set() };
    }
    this.streams.set(key, stream);
    if (this.streams.size > this.limits.maxKeys) {
      for (const [k, s] of this.streams) {
        if (this.streams.size <= this.limits.maxKeys) break;
        if (s.followers.size === 0 && k !== key) this.retire(k, s.lastSeq);
      }
    }
    return stream;
  }

  /** Drops a key's events but remembers its last number (a bounded map of numbers only). */
  private retire(key: string, lastSeq: number): void {
    this.streams.delete(key);
    this.retired.set(key, lastSeq);
    if (this.retired.size > RETIRED_MAX) this.retired.delete(this.retired.keys().next().value!);
  }
}

class HubSubscriber implements Subscriber {
  private readonly seen = new Map<string, number>();
  detached = false;

  constructor(
    private readonly hub: StreamHub,
    private readonly sink: EventSink,
  ) {}

  follow(streams: readonly { key: StreamKey; after: number }[]): void {
    for (const { key, after } of streams) {
      if (this.detached) return;
      if (!parseStreamKey(key)) continue;
      const stream = this.hub.streamFor(key, true)!;
      stream.followers.add(this);
      const oldest = stream.ring[0]?.event.seq ?? stream.lastSeq + 1;
      // Older than the ring keeps, or a number this server never issued (it restarted): reload.
      if (after < oldest - 1 || after > stream.lastSeq) {
        this.seen.set(key, stream.lastSeq);
        this.send({ type: 'expired', key, resumeFrom: stream.lastSeq });
        continue;
      }
      this.seen.set(key, after);
      for (const stored of stream.ring) {
        if (stored.event.seq > after) this.deliver(key, stored.event.seq, { type: 'event', event: stored.event }, stored.json);
      }
    }
  }

  unfollow(keys: readonly string[]): void {
    for (const key of keys) {
      this.hub.streamFor(key, false)?.followers.delete(this);
      this.seen.delete(key);
    }
  }

  positions(): Record<string, number> {
    return Object.fromEntries(this.seen);
  }

  detach(last?: { message: StreamMessage; json: string }): void {
    if (this.detached) return;
    this.detached = true;
    for (const key of this.seen.keys()) this.hub.streamFor(key, false)?.followers.delete(this);
    this.sink.close?.(last);
  }

  /** Delivers in order, once: anything at or below the position already sent is skipped. */
  deliver(key: string, seq: number, message: StreamMessage, json: string): void {
    if (this.detached) return;
    const at = this.seen.get(key);
    if (at === undefined || seq <= at) return;
    if (!this.sink.deliver(message, json)) {
      this.lagged();
      return;
    }
    this.seen.set(key, seq);
  }

  private send(message: StreamMessage): void {
    if (!this.sink.deliver(message, JSON.stringify(message))) this.lagged();
  }

  /** The sink is full: tell it where to resume, then drop it. */
  private lagged(): void {
    if (this.detached) return;
    const message: StreamMessage = { type: 'lagged', positions: this.positions() };
    this.detach({ message, json: JSON.stringify(message) });
  }
}
