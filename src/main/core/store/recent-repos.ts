import type { RecentRepo } from '../../../shared/contract/repo';
import type { Db } from './store';
import { writeTransaction } from './write';

const KEEP = 20;

/** Most recently opened repositories first. */
export function listRecent(db: Db): RecentRepo[] {
  return db
    .prepare<[number], { path: string; name: string; opened_at: string }>('SELECT path, name, opened_at FROM recent_repos ORDER BY opened_at DESC, path LIMIT ?')
    .all(KEEP)
    .map((r) => ({ path: r.path, name: r.name, openedAt: r.opened_at }));
}

/** Records an opened repository and keeps only the newest KEEP entries. */
export function touchRecent(db: Db, path: string, name: string, now: Date): void {
  writeTransaction(db, () => {
    db.prepare(
      `INSERT INTO recent_repos (path, name, opened_at) VALUES (?, ?, ?)
       ON CONFLICT(path) DO UPDATE SET name = excluded.name, opened_at = excluded.opened_at`,
    ).run(path, name, now.toISOString());
    db.prepare(
      `DELETE FROM recent_repos WHERE path NOT IN
         (SELECT path FROM recent_repos ORDER BY opened_at DESC, path LIMIT ?)`,
    ).run(KEEP);
  });
}

export function forgetRecent(db: Db, path: string): void {
  db.prepare('DELETE FROM recent_repos WHERE path = ?').run(path);
}
