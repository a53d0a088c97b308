/**
 * LOUPE_COUNT_GATE=FILE holds each exact count's answer (context.countTokens)
 * until FILE reads "open": the count itself runs in the workers as always; only
 * its answer waits. Tests use it to act while a count is in flight on any
 * machine (a fast one finishes a count of several MiB before twelve clicks).
 * Unset, it costs nothing. Cancelling the call ends the wait.
 */
import { readFile } from 'node:fs/promises';

const POLL_MS = 50;

export async function countGate(path: string | undefined, signal: AbortSignal): Promise<void> {
  if (!path) return;
  while (!signal.aborted) {
    const text = await readFile(path, 'utf8').catch(() => '');
    if (text.trim() === 'open') return;
    await new Promise<void>((resolve) => {
      const timer = setTimeout(done, POLL_MS);
      signal.addEventListener('abort', done, { once: true });
      function done() {
        clearTimeout(timer);
        signal.removeEventListener('abort', done);
        resolve();
      }
    });
  }
}
