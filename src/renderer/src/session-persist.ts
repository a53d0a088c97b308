/**
 * Keeps a store's UI state for the life of the browser tab: a reload (or the
 * Electron window's View → Reload) comes back to the same repository, base,
 * selection and view. sessionStorage, not localStorage: state belongs to one
 * session of one tab and is gone when the tab closes. Only small, plain
 * values are kept (never file previews or results).
 */
import { createJSONStorage, type PersistOptions } from 'zustand/middleware';

/** Bump when a persisted shape changes: older stored state is then dropped, not misread. */
const STATE_VERSION = 1;

/** sessionStorage where the page may use it; undefined (nothing persisted) where it throws. */
function sessionStore(): Storage {
  try {
    const s = window.sessionStorage;
    s.getItem('loupe.probe');
    return s;
  } catch {
    // Storage disabled: a memory-only stand-in, so the stores still work.
    const memory = new Map<string, string>();
    return {
      get length() {
        return memory.size;
      },
      clear: () => memory.clear(),
      getItem: (k) => memory.get(k) ?? null,
      key: (i) => [...memory.keys()][i] ?? null,
      removeItem: (k) => void memory.delete(k),
      setItem: (k, v) => void memory.set(k, v),
    };
  }
}

/** Persist options for a store: `name` is its sessionStorage key, `pick` chooses what is kept. */
export function sessionPersist<S, P>(name: string, pick: (state: S) => P): PersistOptions<S, P> {
  return {
    name: `loupe.state.${name}`,
    version: STATE_VERSION,
    storage: createJSONStorage<P>(sessionStore),
    partialize: pick,
    // A stored shape from another version is dropped: the store starts fresh.
    migrate: () => ({}) as P,
  };
}
