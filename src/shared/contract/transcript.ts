/**
 * A thread's canonical transcript: what was said and done, kept from the
 * agents' parsed events. It feeds fresh-session history and X-Ray; evidence is
 * kept apart and never holds these bodies. Zod-free (the renderer imports it).
 */
export type TranscriptItem =
  | { kind: 'user'; text: string }
  | { kind: 'assistant'; text: string }
  | { kind: 'thinking'; text: string }
  /** A tool call together with its result (null when the run ended first). */
  | { kind: 'tool'; callId: string; name: string; input: unknown; output: string | null; isError: boolean; filePath?: string }
  /** A summary that stands in for earlier content (written by the user in X-Ray, or by a CLI's compaction). */
  | { kind: 'summary'; text: string };

export type TranscriptKind = TranscriptItem['kind'];

export interface TranscriptEntry {
  seq: number;
  runId: string;
  /** Content-derived: the same content keeps its id across turns and restarts. */
  segmentId: string;
  item: TranscriptItem;
}
