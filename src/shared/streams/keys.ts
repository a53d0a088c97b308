/**
 * Event streams: long work (an inspection, a run, a thread's X-Ray) publishes
 * events on a stream named by a key `<kind>:<id>`. Every event carries its key
 * and a sequence number that grows by one per key, so a subscriber can resume
 * after the last number it saw and get every later event exactly once.
 */

/** The kinds of stream the contract knows. Payload types live in ./payloads. */
export const STREAM_KINDS = ['task', 'run', 'thread'] as const;
export type StreamKind = (typeof STREAM_KINDS)[number];

/** A stream key: `task:<callId>`, `run:<runId>`, `thread:<threadId>`. */
export type StreamKey = `${StreamKind}:${string}`;

/** Ids inside keys (call ids, run ids): short, URL- and header-safe. */
const ID_PATTERN = /^[A-Za-z0-9_-]{1,64}$/;

export function isStreamId(id: string): boolean {
  return ID_PATTERN.test(id);
}

/** Parses `<kind>:<id>`; null for anything else. */
export function parseStreamKey(key: string): { kind: StreamKind; id: string } | null {
  const colon = key.indexOf(':');
  if (colon <= 0) return null;
  const kind = key.slice(0, colon);
  const id = key.slice(colon + 1);
  if (!(STREAM_KINDS as readonly string[]).includes(kind) || !isStreamId(id)) return null;
  return { kind: kind as StreamKind, id };
}

/**
 * Where a subscriber stands: key → last sequence number seen (0 = nothing yet).
 * Written as `k=n;k=n` for SSE's single Last-Event-ID header.
 */
export type StreamPositions = Record<string, number>;

export function formatPositions(positions: StreamPositions): string {
  return Object.entries(positions)
    .map(([k, n]) => `${k}=${n}`)
    .join(';');
}

/** Parses `k=n;k=n`, skipping malformed parts (a bad header never fails a connection). */
export function parsePositions(text: string | null | undefined): StreamPositions {
  const out: StreamPositions = {};
  if (!text) return out;
  for (const part of text.split(';')) {
    const eq = part.lastIndexOf('=');
    if (eq <= 0) continue;
    const key = part.slice(0, eq);
    const n = Number(part.slice(eq + 1));
    if (parseStreamKey(key) && Number.isSafeInteger(n) && n >= 0) out[key] = n;
  }
  return out;
}
