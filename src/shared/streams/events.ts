import type { StreamKey, StreamKind } from './keys';
import type { StreamPayloads } from './payloads';

/** One event on a stream: its key, its number on that key (1, 2, 3, …) and its payload. */
export type StreamEvent<K extends StreamKind = StreamKind> = {
  [P in K]: { key: StreamKey; kind: P; seq: number; payload: StreamPayloads[P] };
}[K];

/**
 * What a subscriber receives besides events: `expired` when it asked to resume
 * from a number older than the server keeps (reload the state with a normal
 * call, then follow from `resumeFrom`), and `lagged` when it fell too far behind
 * and was dropped (reconnect and resume from the positions given).
 */
export type StreamNotice =
  | { type: 'expired'; key: StreamKey; resumeFrom: number }
  | { type: 'lagged'; positions: Record<string, number> };

/** How much a server keeps and queues, per key and per subscriber. */
export const STREAM_LIMITS = {
  /** Recent events kept per key for resumption. */
  ringEvents: 2_000,
  /** And at most this many bytes of them (serialized) per key. */
  ringBytes: 4 * 1024 * 1024,
  /** Keys kept at once; the least recently written go first. */
  maxKeys: 512,
  /** Keys one subscription may name. */
  maxKeysPerSubscription: 64,
  /** Bytes queued for one subscriber before it is dropped with `lagged`. */
  subscriberQueueBytes: 8 * 1024 * 1024,
} as const;
