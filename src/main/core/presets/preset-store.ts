// Presets in SQLite: named, with immutable numbered revisions (003-presets.sql).
import type { PresetDetail, PresetRevision, PresetSummary, RevisionOrigin } from '../../../shared/contract/presets';
import { runSettingsSchema, withoutEmptyBudgets, type RunSettings } from '../../../shared/contract/runs';
import { LoupeError } from '../../../shared/errors';
import { canonicalJson } from '../../../shared/presets/diff';
import { pickRevision } from '../../../shared/presets/revisions';
import { fromJson, toJson, type Json } from '../store/rows';
import type { Db } from '../store/store';

interface RevisionRow {
  preset: string;
  revision: number;
  created_at: string;
  author: string | null;
  /** Settings as validated when stored; read through runSettingsSchema, which applies today's defaults. */
  settings_json: string;
  origin_json: Json<RevisionOrigin>;
}

interface PresetRow {
  name: string;
  created_at: string;
  archived_at: string | null;
}

function toRevision(r: RevisionRow): PresetRevision {
  // Stored settings were validated on the way in; parsing again applies today's defaults.
  const settings = runSettingsSchema().parse(withoutEmptyBudgets(JSON.parse(r.settings_json)));
  return { revision: r.revision, createdAt: r.created_at, author: r.author, origin: fromJson(r.origin_json), settings };
}

function summarize(p: PresetRow, latest: PresetRevision, count: number): PresetSummary {
  return {
    name: p.name,
    latest: latest.revision,
    revisionCount: count,
    updatedAt: latest.createdAt,
    author: latest.author,
    agent: latest.settings.agent,
    model: latest.settings.model ?? null,
    budget: latest.settings.loop.contextBudget ?? null,
    archived: p.archived_at !== null,
  };
}

/** Every preset (archived ones only when asked), by name. */
export function listPresets(db: Db, includeArchived: boolean): PresetSummary[] {
  const rows = db
    .prepare<[], PresetRow & RevisionRow & { r_created: string; count: number }>(
      `SELECT p.name, p.created_at, p.archived_at, r.preset, r.revision, r.created_at AS r_created, r.author, r.settings_json, r.origin_json,
              (SELECT COUNT(*) FROM preset_revisions c WHERE c.preset = p.name) AS count
         FROM presets p JOIN preset_revisions r ON r.preset = p.name
        WHERE r.revision = (SELECT MAX(revision) FROM preset_revisions m WHERE m.preset = p.name)
          ${includeArchived ? '' : 'AND p.archived_at IS NULL'}
        ORDER BY p.name`,
    )
    .all();
  return rows.map((r) => summarize(r, toRevision({ ...r, created_at: r.r_created }), r.count));
}

/** Every revision of a preset, oldest first; [] when there is no such preset. */
export function revisionsOf(db: Db, name: string): PresetRevision[] {
  const rows = db.prepare<[string], RevisionRow>('SELECT * FROM preset_revisions WHERE preset = ? ORDER BY revision').all(name);
  return rows.map(toRevision);
}

/** A preset with all its revisions; LoupeError `not-found` when there is none. */
export function getPreset(db: Db, name: string): PresetDetail {
  const row = db.prepare<[string], PresetRow>('SELECT * FROM presets WHERE name = ?').get(name);
  const revisions = row ? revisionsOf(db, name) : [];
  if (!row || revisions.length === 0) throw new LoupeError('not-found', `There is no preset called "${name}".`, { name });
  return { ...summarize(row, revisions.at(-1)!, revisions.length), revisions };
}

/** A preset's summary (its latest revision in brief); `not-found` when there is none. */
export function getSummary(db: Db, name: string): PresetSummary {
  const { revisions: _all, ...summary } = getPreset(db, name);
  return summary;
}

/** One revision (default: the latest); `not-found` names what exists. */
export function getRevision(db: Db, name: string, revision?: number): PresetRevision {
  return pickRevision(getPreset(db, name), revision);
}

export interface NewRevision {
  revision: number;
  createdAt: string;
  author: string | null;
  settings: RunSettings;
  origin: RevisionOrigin;
}

/** Stores a revision, creating the preset when it is new. Callers run this inside a transaction. */
export function insertRevision(db: Db, name: string, rev: NewRevision, now: Date): void {
  db.prepare('INSERT INTO presets (name, created_at, archived_at) VALUES (?, ?, NULL) ON CONFLICT(name) DO NOTHING').run(name, now.toISOString());
  db.prepare(
    'INSERT INTO preset_revisions (preset, revision, created_at, author, settings_json, origin_json) VALUES (?, ?, ?, ?, ?, ?)',
  ).run(name, rev.revision, rev.createdAt, rev.author, canonicalJson(rev.settings), toJson(rev.origin));
}

/** The highest revision number of a preset, 0 when it has none. */
export function latestRevision(db: Db, name: string): number {
  return db.prepare<[string], { latest: number | null }>('SELECT MAX(revision) AS latest FROM preset_revisions WHERE preset = ?').get(name)?.latest ?? 0;
}

/** Archives or restores a preset (its revisions are untouched). */
export function setArchived(db: Db, name: string, archived: boolean, now: Date): void {
  const result = db.prepare('UPDATE presets SET archived_at = ? WHERE name = ?').run(archived ? now.toISOString() : null, name);
  if (result.changes === 0) throw new LoupeError('not-found', `There is no preset called "${name}".`, { name });
}
