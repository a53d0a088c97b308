import { z } from 'zod';
import { emptyRequest } from './common';
import { lazy, method } from './define';
import { formatInt } from '../format';
import { RUN_LIMITS } from './run-limits';

/** How many memory items Loupe keeps (a run takes at most RUN_LIMITS.maxMemoryItems of them). */
export const MEMORY_LIMITS = { maxItems: 200 } as const;

/**
 * A note kept across runs ("we use pnpm", "never touch generated/"). The selected
 * ones go with every run from the app as the prompt's Memory section.
 */
export interface MemoryItem {
  id: string;
  text: string;
  selected: boolean;
  createdAt: string;
  updatedAt: string;
}

/** The texts a run takes: the selected items, in order. */
export function selectedMemoryTexts(items: readonly MemoryItem[] | null): string[] {
  return (items ?? []).filter((m) => m.selected).map((m) => m.text);
}

const memoryText = lazy(() =>
  z
    .string({ error: 'must be a string' })
    .trim()
    .min(1, 'must not be empty')
    .max(RUN_LIMITS.maxMemoryChars, `must be at most ${formatInt(RUN_LIMITS.maxMemoryChars)} characters`),
);
const memoryId = lazy(() =>
  z.string({ error: 'must be a string' }).regex(/^m[0-9a-f]{32}$/, 'must be a memory id (m followed by 32 hex digits)'),
);

export const memoryMethods = {
  /** Every memory item, oldest first. */
  'memory.list': method<MemoryItem[]>()(emptyRequest),
  /** Keeps a new item (selected unless said otherwise). */
  'memory.add': method<MemoryItem>()(() => z.object({ text: memoryText(), selected: z.boolean().optional() }).strict()),
  /** Changes an item's text or whether runs take it. */
  'memory.update': method<MemoryItem>()(() => z.object({ id: memoryId(), text: memoryText().optional(), selected: z.boolean().optional() }).strict()),
  'memory.remove': method<{ removed: boolean }>()(() => z.object({ id: memoryId() }).strict()),
};
