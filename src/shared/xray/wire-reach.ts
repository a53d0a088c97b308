/**
 * Whether Loupe's relay withholds a segment of a manifest from the CLI's next
 * request (a directive on it is enforced on the wire), said from what the
 * wire recorded. Pure: X-Ray's hint and `loupe xray`'s note share it.
 * - a wire session's segment, or one the CLI sent in its latest request: yes;
 * - a thread whose next turn resumes its CLI session on the wire: its last
 *   replies (in no request yet), and what is newer than everything the latest
 *   request carried, are in the next request: yes; an older one the wire
 *   never carried is Loupe's transcript's own copy (codex's tool calls: the
 *   CLI sends them in another form): no, only a fresh session's history drops it.
 */
import type { Manifest } from '../contract/xray';

/** A segment appended from the wire (not in the thread's transcript). */
export const fromWire = (s: { source: string }) => s.source.startsWith('wire request');

export function relayWithholds(m: Pick<Manifest, 'source' | 'enforceable' | 'segments'> & { wire?: unknown }, segmentId: string): boolean {
  const i = m.segments.findIndex((s) => s.id === segmentId);
  if (i < 0) return false;
  const seg = m.segments[i]!;
  if (m.source === 'wire' || seg.wire !== undefined) return true;
  if (m.wire == null || m.enforceable) return false;
  // The transcript's segments (the wire's appended ones aside), and the last the latest request carried.
  const transcript = m.segments.map((s, k) => ({ s, k })).filter(({ s }) => !fromWire(s));
  let lastOnWire = -1;
  for (const { s, k } of transcript) if (s.wire !== undefined) lastOnWire = k;
  // The thread's last replies (after its last ask or tool call): what the CLI's next request adds first.
  let trailing = transcript.length;
  while (trailing > 0 && transcript[trailing - 1]!.s.kind === 'assistant') trailing--;
  const lastReplies = new Set(transcript.slice(trailing).map(({ k }) => k));
  return lastReplies.has(i) || (lastOnWire >= 0 && i > lastOnWire);
}
