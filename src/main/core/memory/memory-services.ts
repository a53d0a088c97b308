import { randomUUID } from 'node:crypto';
import type { Services } from '../../../shared/api';
import { MEMORY_LIMITS, type MemoryItem } from '../../../shared/contract/memory';
import { RUN_LIMITS } from '../../../shared/contract/run-limits';
import { LoupeError } from '../../../shared/errors';
import type { CoreDeps } from '../deps';
import type { Db } from '../store/store';
import { writeTransaction } from '../store/write';

type MemoryServices = Pick<Services, 'memory.list' | 'memory.add' | 'memory.update' | 'memory.remove'>;

interface Row {
  id: string;
  text: string;
  selected: number;
  created_at: string;
  updated_at: string;
}

const toItem = (r: Row): MemoryItem => ({ id: r.id, text: r.text, selected: r.selected === 1, createdAt: r.created_at, updatedAt: r.updated_at });

/** Every memory item, oldest first. */
export function listMemory(db: Db): MemoryItem[] {
  return (db.prepare('SELECT * FROM memory_items ORDER BY created_at, rowid').all() as Row[]).map(toItem);
}

function selectedCount(db: Db): number {
  return (db.prepare('SELECT count(*) AS n FROM memory_items WHERE selected = 1').get() as { n: number }).n;
}

const tooManySelected = () =>
  new LoupeError('invalid-input', `A run takes at most ${RUN_LIMITS.maxMemoryItems} memory items; unselect one first.`, { field: 'selected' });

/** Memory items: kept in the database, changed one at a time, never more selected than a run takes. */
export function memoryServices(deps: CoreDeps): MemoryServices {
  const get = (id: string): Row => {
    const row = deps.db.prepare('SELECT * FROM memory_items WHERE id = ?').get(id) as Row | undefined;
    if (!row) throw new LoupeError('not-found', `There is no memory item ${id}.`);
    return row;
  };
  return {
    'memory.list': async () => listMemory(deps.db),
    'memory.add': async ({ text, selected = true }) => {
      const db = deps.db;
      const now = deps.now().toISOString();
      const id = `m${randomUUID().replaceAll('-', '')}`;
      writeTransaction(db, () => {
        const count = (db.prepare('SELECT count(*) AS n FROM memory_items').get() as { n: number }).n;
        if (count >= MEMORY_LIMITS.maxItems) throw new LoupeError('invalid-input', `Loupe keeps at most ${MEMORY_LIMITS.maxItems} memory items; remove one first.`);
        if (selected && selectedCount(db) >= RUN_LIMITS.maxMemoryItems) throw tooManySelected();
        db.prepare('INSERT INTO memory_items (id, text, selected, created_at, updated_at) VALUES (?, ?, ?, ?, ?)').run(id, text, selected ? 1 : 0, now, now);
      });
      return toItem(get(id));
    },
    'memory.update': async ({ id, text, selected }) => {
      const db = deps.db;
      writeTransaction(db, () => {
        const row = get(id);
        if (selected === true && row.selected === 0 && selectedCount(db) >= RUN_LIMITS.maxMemoryItems) throw tooManySelected();
        db.prepare('UPDATE memory_items SET text = ?, selected = ?, updated_at = ? WHERE id = ?').run(
          text ?? row.text,
          selected === undefined ? row.selected : selected ? 1 : 0,
          deps.now().toISOString(),
          id,
        );
      });
      return toItem(get(id));
    },
    'memory.remove': async ({ id }) => ({ removed: deps.db.prepare('DELETE FROM memory_items WHERE id = ?').run(id).changes > 0 }),
  };
}
