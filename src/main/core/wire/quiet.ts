/**
 * When a relay is quiet: no request body being read, and none arrived for a
 * while. A record's analysis runs then (session.ts), so it never stands
 * between a CLI's next request and the provider; a relay that is never quiet
 * still gets its records analysed after `maxWaitMs`.
 */
import { performance } from 'node:perf_hooks';

export interface QuietClock {
  /** A request's head arrived; `read` once its body is in (or it went away). */
  arrived(): { read(): void };
  /** Resolves once no body is being read and none arrived for `quietMs`, or after `maxWaitMs`, or once `stop()` says so, or at close. */
  whenQuiet(quietMs: number, maxWaitMs: number, stop?: () => boolean): Promise<void>;
  close(): void;
}

export function quietClock(): QuietClock {
  let reading = 0;
  let last = -Infinity;
  let closed = false;
  return {
    arrived() {
      reading++;
      last = performance.now();
      let done = false;
      return {
        read() {
          if (done) return;
          done = true;
          reading--;
          last = performance.now();
        },
      };
    },
    async whenQuiet(quietMs, maxWaitMs, stop) {
      const deadline = performance.now() + maxWaitMs;
      for (;;) {
        const now = performance.now();
        const since = now - last;
        if (closed || now >= deadline || (reading === 0 && since >= quietMs) || stop?.()) return;
        const wait = reading > 0 ? quietMs : quietMs - since;
        await new Promise((resolve) => setTimeout(resolve, Math.max(1, Math.min(wait, deadline - now))));
      }
    },
    close() {
      closed = true;
    },
  };
}
