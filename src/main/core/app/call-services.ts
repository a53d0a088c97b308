import type { Services } from '../../../shared/api';
import { LoupeError } from '../../../shared/errors';
import type { StreamKey } from '../../../shared/streams/keys';
import type { CoreDeps } from '../deps';
import type { Subscriber } from '../streams/hub';

type CallServices = Pick<Services, 'call.cancel' | 'events.subscribe' | 'events.unsubscribe'>;

/** What the runtime lends the call services. */
export interface CallControl {
  cancel(callId: string): boolean;
}

/**
 * Cancelling calls, and following streams over a connection that can carry
 * pushed events (IPC). One hub subscriber per sink, detached when the sink closes.
 */
export function callServices(deps: CoreDeps, control: CallControl): CallServices {
  const subscribers = new WeakMap<object, Subscriber>();
  return {
    'call.cancel': async ({ callId }) => ({ cancelled: control.cancel(callId) }),
    'events.subscribe': async ({ streams }, ctx) => {
      if (!ctx.sink) {
        throw new LoupeError('unsupported', 'This connection cannot receive events; the browser host streams them at /api/events.');
      }
      let sub = subscribers.get(ctx.sink);
      if (!sub || sub.detached) {
        sub = deps.streams.attach(ctx.sink);
        subscribers.set(ctx.sink, sub);
      }
      sub.follow(streams.map((s) => ({ key: s.key as StreamKey, after: s.after })));
      return { subscribed: streams.map((s) => s.key) };
    },
    'events.unsubscribe': async ({ keys }, ctx) => {
      const sub = ctx.sink ? subscribers.get(ctx.sink) : undefined;
      sub?.unfollow(keys);
      return { unsubscribed: sub ? keys : [] };
    },
  };
}
