import type { Db } from '../store/store';

/** Loupe's grant for a repository: the fingerprint of the configuration the user trusted. */
export interface TrustGrant {
  fingerprint: string;
  grantedAt: string;
}

export function readGrant(db: Db, repo: string): TrustGrant | null {
  const row = db.prepare<[string], { fingerprint: string; granted_at: string }>('SELECT fingerprint, granted_at FROM repo_trust WHERE repo = ?').get(repo);
  return row ? { fingerprint: row.fingerprint, grantedAt: row.granted_at } : null;
}

/** Trusts `repo`'s configuration with this fingerprint (a later grant replaces the earlier one). */
export function writeGrant(db: Db, repo: string, fingerprint: string, now: Date): void {
  db.prepare(
    `INSERT INTO repo_trust (repo, fingerprint, granted_at) VALUES (?, ?, ?)
     ON CONFLICT(repo) DO UPDATE SET fingerprint = excluded.fingerprint, granted_at = excluded.granted_at`,
  ).run(repo, fingerprint, now.toISOString());
}

export function deleteGrant(db: Db, repo: string): void {
  db.prepare('DELETE FROM repo_trust WHERE repo = ?').run(repo);
}
