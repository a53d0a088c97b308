import type { MemoryItem } from '../../../shared/contract/memory';
import type { CountRow } from '../store/rows';
import type { Db } from '../store/store';

interface MemoryRow {
  id: string;
  text: string;
  selected: number;
  created_at: string;
  updated_at: string;
}

const toItem = (r: MemoryRow): MemoryItem => ({ id: r.id, text: r.text, selected: r.selected === 1, createdAt: r.created_at, updatedAt: r.updated_at });

/** Every memory item, oldest first. */
export function listMemory(db: Db): MemoryItem[] {
  return db.prepare<[], MemoryRow>('SELECT * FROM memory_items ORDER BY created_at, rowid').all().map(toItem);
}

/** One memory item, or null. */
export function getMemory(db: Db, id: string): MemoryItem | null {
  const row = db.prepare<[string], MemoryRow>('SELECT * FROM memory_items WHERE id = ?').get(id);
  return row ? toItem(row) : null;
}

/** How many items there are (only the selected ones when asked). */
export function memoryCount(db: Db, selectedOnly: boolean): number {
  return db.prepare<[], CountRow>(`SELECT count(*) AS n FROM memory_items ${selectedOnly ? 'WHERE selected = 1' : ''}`).get()?.n ?? 0;
}

export function insertMemory(db: Db, item: MemoryItem): void {
  db.prepare<[string, string, number, string, string]>('INSERT INTO memory_items (id, text, selected, created_at, updated_at) VALUES (?, ?, ?, ?, ?)').run(
    item.id,
    item.text,
    item.selected ? 1 : 0,
    item.createdAt,
    item.updatedAt,
  );
}

export function updateMemory(db: Db, item: Pick<MemoryItem, 'id' | 'text' | 'selected' | 'updatedAt'>): void {
  db.prepare<[string, number, string, string]>('UPDATE memory_items SET text = ?, selected = ?, updated_at = ? WHERE id = ?').run(
    item.text,
    item.selected ? 1 : 0,
    item.updatedAt,
    item.id,
  );
}

/** Removes an item; true when there was one. */
export function deleteMemory(db: Db, id: string): boolean {
  return db.prepare<[string]>('DELETE FROM memory_items WHERE id = ?').run(id).changes > 0;
}
