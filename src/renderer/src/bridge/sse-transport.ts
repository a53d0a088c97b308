import type { StreamMessage } from '../../../shared/streams';
import type { StreamFollower, StreamTransport } from './follower';

/**
 * The browser host's streams: one EventSource per tab for every followed key
 * (authenticated by the page's cookie). When the key set changes it reopens
 * from the follower's positions; after a drop (`lagged`, a network blip) the
 * browser reconnects with Last-Event-ID, which names every key's position.
 */
export function sseTransport(follower: StreamFollower): StreamTransport {
  let source: EventSource | null = null;
  let openKeys = '';
  const handle = (e: MessageEvent<string>) => {
    try {
      follower.receive(JSON.parse(e.data) as StreamMessage);
    } catch {
      // A malformed frame is dropped; positions keep the stream consistent.
    }
  };
  return {
    update(positions) {
      const keys = Object.keys(positions).sort();
      const joined = keys.join(',');
      if (joined === openKeys && source && source.readyState !== EventSource.CLOSED) return;
      source?.close();
      source = null;
      openKeys = joined;
      if (keys.length === 0) return;
      const query = new URLSearchParams({
        keys: joined,
        positions: keys.map((k) => `${k}=${positions[k]}`).join(';'),
      });
      source = new EventSource(`/api/events?${query}`);
      source.addEventListener('stream', handle as EventListener);
      source.addEventListener('expired', handle as EventListener);
      source.addEventListener('lagged', () => {
        // The host dropped us: reopen from what we have actually seen.
        openKeys = '';
        this.update(follower.snapshot());
      });
    },
  };
}
