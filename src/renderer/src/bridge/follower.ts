import type { StreamEvent, StreamMessage } from '../../../shared/streams';

/** What a follower of one key hears. */
export interface FollowHandlers {
  onEvent(event: StreamEvent): void;
  /**
   * The host no longer has the events after the number asked for (it restarted,
   * or they were too old): reload the state with a normal call. Events after
   * `resumeFrom` still follow.
   */
  onExpired?(resumeFrom: number): void;
}

/** How a transport opens and closes subscriptions; the follower does the bookkeeping. */
export interface StreamTransport {
  /** The set of followed keys changed (positions say where to resume each). */
  update(positions: Record<string, number>): void;
}

/**
 * Renderer-side bookkeeping for streams: who follows which key, and the last
 * sequence number seen per key, so every event reaches its listeners once and
 * in order whatever the transport re-sends after a reconnect.
 */
export class StreamFollower {
  private readonly listeners = new Map<string, Set<FollowHandlers>>();
  private readonly positions = new Map<string, number>();
  private transport: StreamTransport | null = null;
  private pending = false;

  attach(transport: StreamTransport): void {
    this.transport = transport;
  }

  follow(key: string, handlers: FollowHandlers, after = 0): () => void {
    let set = this.listeners.get(key);
    if (!set) {
      set = new Set();
      this.listeners.set(key, set);
      this.positions.set(key, after);
    }
    set.add(handlers);
    this.schedule();
    return () => {
      set!.delete(handlers);
      if (set!.size === 0 && this.listeners.get(key) === set) {
        this.listeners.delete(key);
        this.positions.delete(key);
        this.schedule();
      }
    };
  }

  /** Where the follower stands on every key it follows. */
  snapshot(): Record<string, number> {
    return Object.fromEntries(this.positions);
  }

  /** Routes one message from the transport. */
  receive(message: StreamMessage): void {
    if (message.type === 'event') {
      const { key, seq } = message.event;
      const at = this.positions.get(key);
      if (at === undefined || seq <= at) return;
      this.positions.set(key, seq);
      for (const l of [...(this.listeners.get(key) ?? [])]) l.onEvent(message.event);
    } else if (message.type === 'expired') {
      if (!this.positions.has(message.key)) return;
      this.positions.set(message.key, message.resumeFrom);
      for (const l of [...(this.listeners.get(message.key) ?? [])]) l.onExpired?.(message.resumeFrom);
    }
    // `lagged`: the transport reconnects from our own positions; nothing is lost.
  }

  /** Batches follow/unfollow in the same tick into one transport update. */
  private schedule(): void {
    if (this.pending) return;
    this.pending = true;
    queueMicrotask(() => {
      this.pending = false;
      this.transport?.update(this.snapshot());
    });
  }
}
