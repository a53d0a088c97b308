import type { ExternalReport, ThreadManifest } from '../../../shared/contract/xray';
import { fromJson, toJson, type Json } from '../store/rows';
import type { Db } from '../store/store';

/** A kept manifest: one kept before manifests named their source has none. */
type StoredManifest = Omit<ThreadManifest, 'source'> & { source?: 'thread' };

/** Keeps a thread's latest manifest (the one before it is replaced: no history). */
export function saveManifest(db: Db, threadId: string, manifest: ThreadManifest): void {
  db.prepare<[string, string, Json<StoredManifest>]>(
    `INSERT INTO xray_manifests (thread_id, built_at, manifest) VALUES (?, ?, ?)
     ON CONFLICT (thread_id) DO UPDATE SET built_at = excluded.built_at, manifest = excluded.manifest`,
  ).run(threadId, manifest.builtAt, toJson(manifest));
}

/** A thread's last kept manifest, or null (one kept before manifests named their source is a thread's all the same). */
export function readManifest(db: Db, threadId: string): ThreadManifest | null {
  const row = db.prepare<[string], { manifest: Json<StoredManifest> }>('SELECT manifest FROM xray_manifests WHERE thread_id = ?').get(threadId);
  return row ? { ...fromJson(row.manifest), source: 'thread' } : null;
}

/** Stores an external host's inventory summary (the latest per host). */
export function saveReport(db: Db, threadId: string, report: ExternalReport): void {
  db.prepare<[string, string, string, Json<ExternalReport>]>(
    `INSERT INTO xray_reports (thread_id, host, reported_at, report) VALUES (?, ?, ?, ?)
     ON CONFLICT (thread_id, host) DO UPDATE SET reported_at = excluded.reported_at, report = excluded.report`,
  ).run(threadId, report.host, report.reportedAt, toJson(report));
}

/** A thread's reports, newest first. */
export function listReports(db: Db, threadId: string): ExternalReport[] {
  const rows = db.prepare<[string], { report: Json<ExternalReport> }>('SELECT report FROM xray_reports WHERE thread_id = ? ORDER BY reported_at DESC').all(threadId);
  return rows.map((r) => fromJson(r.report));
}
