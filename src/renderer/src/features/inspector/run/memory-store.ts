/**
 * Memory items (notes kept across runs) for the run form: the selected ones go
 * with every run from the app, and with its preview, as the Memory section.
 */
import { create } from 'zustand';
import type { MemoryItem } from '../../../../../shared/contract/memory';
export { selectedMemoryTexts } from '../../../../../shared/contract/memory';
import { bridge } from '../../../bridge';
import { toUiError, type UiError } from '../../../ui/ui-error';

interface MemoryState {
  items: MemoryItem[] | null;
  error: UiError | null;
  /** The id being changed (its controls wait). */
  busy: string | null;
  load(): Promise<void>;
  /** True when kept; the field keeps the text otherwise, with the error. */
  add(text: string): Promise<boolean>;
  setSelected(id: string, selected: boolean): Promise<void>;
  remove(id: string): Promise<void>;
  dismissError(): void;
}

export const useMemory = create<MemoryState>()((set, get) => {
  async function change(id: string, fn: () => Promise<unknown>): Promise<boolean> {
    set({ busy: id });
    try {
      await fn();
      set({ busy: null, error: null, items: await bridge.call('memory.list', {}) });
      return true;
    } catch (err) {
      set({ busy: null, error: toUiError(err) });
      return false;
    }
  }
  return {
    items: null,
    error: null,
    busy: null,
    async load() {
      try {
        set({ items: await bridge.call('memory.list', {}), error: null });
      } catch (err) {
        set({ error: toUiError(err) });
      }
    },
    add: (text) => change('new', () => bridge.call('memory.add', { text })),
    async setSelected(id, selected) {
      // The box follows the click at once; a refusal (too many selected) puts it back with the reason.
      const items = get().items;
      set({ items: items?.map((m) => (m.id === id ? { ...m, selected } : m)) ?? null });
      if (!(await change(id, () => bridge.call('memory.update', { id, selected })))) set({ items });
    },
    remove: async (id) => void (await change(id, () => bridge.call('memory.remove', { id }))),
    dismissError: () => set({ error: null }),
  };
});
