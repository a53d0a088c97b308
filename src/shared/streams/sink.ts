import type { StreamEvent, StreamNotice } from './events';

/** A message on a subscriber's connection: an event, or a notice about the subscription. */
export type StreamMessage = { type: 'event'; event: StreamEvent } | StreamNotice;

/**
 * Where a transport delivers a subscriber's messages (an IPC window, an SSE
 * response). `json` is the message already serialized, shared by every
 * subscriber. A sink that can take no more returns false; the hub then drops
 * the subscriber with a `lagged` notice.
 */
export interface EventSink {
  deliver(message: StreamMessage, json: string): boolean;
  /**
   * Called once when delivery stops: on detach, or when the hub dropped the
   * subscriber, with `last` (a `lagged` notice) as the final message to write.
   */
  close?(last?: { message: StreamMessage; json: string }): void;
}
