import { z } from 'zod';
import { STREAM_LIMITS } from '../streams/events';
import { isStreamId, parseStreamKey } from '../streams/keys';
import { lazy, method } from './define';

/** A call id as a client may choose it (the `task:<callId>` stream carries its progress). */
const callId = lazy(() => z.string().refine(isStreamId, 'must be 1-64 letters, digits, _ or -'));

const streamKeyString = lazy(() => z.string().refine((k) => parseStreamKey(k) !== null, 'is not a stream key such as run:<id> or task:<id>'));

/** Where to start on each key: after this sequence number (0: from the first event kept). */
const subscription = lazy(() =>
  z
    .object({
      key: streamKeyString(),
      after: z.number().int().nonnegative().max(Number.MAX_SAFE_INTEGER).default(0),
    })
    .strict(),
);

/** Cancelling calls and following event streams; the same over IPC and HTTP. */
export const callMethods = {
  /** Aborts a call in flight by its id; answers whether that call is cancelled (now, or lately: its caller hung up first). Cancelled calls end with `cancelled`. */
  'call.cancel': method<{ cancelled: boolean }>()(() => z.object({ callId: callId() }).strict()),
  /**
   * Follows stream keys on this connection (IPC; the browser host uses SSE at
   * /api/events with `keys` and `Last-Event-ID`). Every event after `after` is
   * delivered once, in order; an `expired` notice says the state must be reloaded.
   */
  'events.subscribe': method<{ subscribed: string[] }>()(() =>
    z.object({ streams: z.array(subscription()).min(1).max(STREAM_LIMITS.maxKeysPerSubscription) }).strict(),
  ),
  'events.unsubscribe': method<{ unsubscribed: string[] }>()(() =>
    z.object({ keys: z.array(streamKeyString()).min(1).max(STREAM_LIMITS.maxKeysPerSubscription) }).strict(),
  ),
};
