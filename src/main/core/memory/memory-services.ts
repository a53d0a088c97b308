import { randomUUID } from 'node:crypto';
import type { Services } from '../../../shared/api';
import { MEMORY_LIMITS, type MemoryItem } from '../../../shared/contract/memory';
import { RUN_LIMITS } from '../../../shared/contract/run-limits';
import { LoupeError } from '../../../shared/errors';
import type { CoreDeps } from '../deps';
import { writeTransaction } from '../store/write';
import { deleteMemory, getMemory, insertMemory, listMemory, memoryCount, updateMemory } from './memory-store';

type MemoryServices = Pick<Services, 'memory.list' | 'memory.add' | 'memory.update' | 'memory.remove'>;

const tooManySelected = () =>
  new LoupeError('invalid-input', `A run takes at most ${RUN_LIMITS.maxMemoryItems} memory items; unselect one first.`, { field: 'selected' });

/** Memory items: kept in the database, changed one at a time, never more selected than a run takes. */
export function memoryServices(deps: CoreDeps): MemoryServices {
  const get = (id: string): MemoryItem => {
    const item = getMemory(deps.db, id);
    if (!item) throw new LoupeError('not-found', `There is no memory item ${id}.`);
    return item;
  };
  return {
    'memory.list': async () => listMemory(deps.db),
    'memory.add': async ({ text, selected = true }) => {
      const db = deps.db;
      const now = deps.now().toISOString();
      const id = `m${randomUUID().replaceAll('-', '')}`;
      writeTransaction(db, () => {
        if (memoryCount(db, false) >= MEMORY_LIMITS.maxItems) throw new LoupeError('invalid-input', `Loupe keeps at most ${MEMORY_LIMITS.maxItems} memory items; remove one first.`);
        if (selected && memoryCount(db, true) >= RUN_LIMITS.maxMemoryItems) throw tooManySelected();
        insertMemory(db, { id, text, selected, createdAt: now, updatedAt: now });
      });
      return get(id);
    },
    'memory.update': async ({ id, text, selected }) => {
      const db = deps.db;
      writeTransaction(db, () => {
        const item = get(id);
        if (selected === true && !item.selected && memoryCount(db, true) >= RUN_LIMITS.maxMemoryItems) throw tooManySelected();
        updateMemory(db, { id, text: text ?? item.text, selected: selected ?? item.selected, updatedAt: deps.now().toISOString() });
      });
      return get(id);
    },
    'memory.remove': async ({ id }) => ({ removed: deleteMemory(deps.db, id) }),
  };
}
