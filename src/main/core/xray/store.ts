import type { TranscriptEntry, TranscriptItem } from '../../../shared/contract/transcript';
import type { Directive, DirectiveKind, ExternalReport, Manifest } from '../../../shared/contract/xray';
import type { Db } from '../store/store';

interface DirectiveRow {
  segment_id: string;
  kind: DirectiveKind;
  summary: string | null;
  author: 'user' | 'agent';
  created_at: string;
}

const toDirective = (r: DirectiveRow): Directive => ({
  segmentId: r.segment_id,
  kind: r.kind,
  ...(r.summary !== null ? { summary: r.summary } : {}),
  author: r.author,
  createdAt: r.created_at,
});

/** A thread's directives, oldest first. */
export function listDirectives(db: Db, threadId: string): Directive[] {
  return (
    db.prepare('SELECT segment_id, kind, summary, author, created_at FROM xray_directives WHERE thread_id = ? ORDER BY created_at, rowid').all(threadId) as DirectiveRow[]
  ).map(toDirective);
}

/** Sets a segment's directive, replacing the one it had (a segment is pinned, evicted or summarized, never two at once). */
export function putDirective(db: Db, threadId: string, d: Directive): void {
  db.prepare(
    `INSERT INTO xray_directives (thread_id, segment_id, kind, summary, author, created_at) VALUES (?, ?, ?, ?, ?, ?)
     ON CONFLICT (thread_id, segment_id) DO UPDATE SET kind = excluded.kind, summary = excluded.summary, author = excluded.author, created_at = excluded.created_at`,
  ).run(threadId, d.segmentId, d.kind, d.summary ?? null, d.author, d.createdAt);
}

/** Removes a segment's directive; true when it had one. */
export function deleteDirective(db: Db, threadId: string, segmentId: string): boolean {
  return db.prepare('DELETE FROM xray_directives WHERE thread_id = ? AND segment_id = ?').run(threadId, segmentId).changes > 0;
}

/** Keeps a thread's latest manifest (the one before it is replaced: no history). */
export function saveManifest(db: Db, threadId: string, manifest: Manifest): void {
  db.prepare(
    `INSERT INTO xray_manifests (thread_id, built_at, manifest) VALUES (?, ?, ?)
     ON CONFLICT (thread_id) DO UPDATE SET built_at = excluded.built_at, manifest = excluded.manifest`,
  ).run(threadId, manifest.builtAt, JSON.stringify(manifest));
}

export function readManifest(db: Db, threadId: string): Manifest | null {
  const row = db.prepare('SELECT manifest FROM xray_manifests WHERE thread_id = ?').get(threadId) as { manifest: string } | undefined;
  return row ? (JSON.parse(row.manifest) as Manifest) : null;
}

/** Stores an external host's inventory summary (the latest per host). */
export function saveReport(db: Db, threadId: string, report: ExternalReport): void {
  db.prepare(
    `INSERT INTO xray_reports (thread_id, host, reported_at, report) VALUES (?, ?, ?, ?)
     ON CONFLICT (thread_id, host) DO UPDATE SET reported_at = excluded.reported_at, report = excluded.report`,
  ).run(threadId, report.host, report.reportedAt, JSON.stringify(report));
}

export function listReports(db: Db, threadId: string): ExternalReport[] {
  return (db.prepare('SELECT report FROM xray_reports WHERE thread_id = ? ORDER BY reported_at DESC').all(threadId) as { report: string }[]).map(
    (r) => JSON.parse(r.report) as ExternalReport,
  );
}

/** One segment's transcript entry (its first occurrence), without reading the rest of the transcript. */
export function findSegment(db: Db, threadId: string, segmentId: string): TranscriptEntry | null {
  const row = db
    .prepare('SELECT seq, run_id, segment_id, body FROM transcript WHERE thread_id = ? AND segment_id = ? ORDER BY seq LIMIT 1')
    .get(threadId, segmentId) as { seq: number; run_id: string; segment_id: string; body: string } | undefined;
  return row ? { seq: row.seq, runId: row.run_id, segmentId: row.segment_id, item: JSON.parse(row.body) as TranscriptItem } : null;
}

/** Per database (tests open several), the transcripts of the threads read last. */
const kept = new WeakMap<Db, Map<string, TranscriptEntry[]>>();
const TRANSCRIPTS_KEPT = 8;

/**
 * A thread's transcript, kept between calls: the transcript is append-only,
 * so only entries after the last one read are read and parsed again (a
 * 5,000-entry thread is not re-parsed on every directive). Returns a copy of
 * the list; the entries themselves are shared and must not be changed.
 */
export function transcriptOf(db: Db, threadId: string): TranscriptEntry[] {
  let transcripts = kept.get(db);
  if (!transcripts) kept.set(db, (transcripts = new Map()));
  const known = transcripts.get(threadId) ?? [];
  const after = known.at(-1)?.seq ?? 0;
  const rows = db
    .prepare('SELECT seq, run_id, segment_id, body FROM transcript WHERE thread_id = ? AND seq > ? ORDER BY seq')
    .all(threadId, after) as { seq: number; run_id: string; segment_id: string; body: string }[];
  const next = rows.length ? [...known, ...rows.map((r) => ({ seq: r.seq, runId: r.run_id, segmentId: r.segment_id, item: JSON.parse(r.body) as TranscriptItem }))] : known;
  transcripts.delete(threadId);
  transcripts.set(threadId, next);
  if (transcripts.size > TRANSCRIPTS_KEPT) transcripts.delete(transcripts.keys().next().value!);
  return [...next];
}
