import { create } from 'zustand';
import { DEFAULT_WINDOW_TOKENS } from '../../../../shared/fold/budget';
import type { ModelInfo, ModelSettings, RefreshStatus } from '../../../../shared/contract/models';
import { matchesWords, queryWords } from '../../../../shared/model-search';
import { bridge } from '../../bridge';
import { toUiError, type UiError } from '../../ui/ui-error';

interface ModelsState {
  /** Every model in the catalog (the page filters locally: no round trip per keystroke). */
  models: ModelInfo[];
  total: number;
  defaultWindow: number;
  snapshot: string;
  settings: ModelSettings | null;
  refresh: RefreshStatus | null;
  loaded: boolean;
  refreshing: boolean;
  saving: boolean;
  /** A failure of loading or saving (refresh failures live in `refresh`, per source). */
  error: UiError | null;
  query: string;
  load(): Promise<void>;
  setQuery(query: string): void;
  /** Saves a settings change; resolves false (with `error` set) when the service refuses it. */
  save(patch: Partial<ModelSettings>): Promise<boolean>;
  /** Asks the sources again now (refresh must be on), then reloads the catalog. */
  refreshNow(): Promise<void>;
  clearError(): void;
}

async function fetchList() {
  return bridge.call('models.list', { limit: 5000 });
}

export const useModels = create<ModelsState>()((set, get) => ({
  models: [],
  total: 0,
  defaultWindow: DEFAULT_WINDOW_TOKENS,
  snapshot: '',
  settings: null,
  refresh: null,
  loaded: false,
  refreshing: false,
  saving: false,
  error: null,
  query: '',
  async load() {
    try {
      const [settings, list] = await Promise.all([bridge.call('models.getSettings', {}), fetchList()]);
      set({ settings, models: list.models, total: list.total, defaultWindow: list.defaultWindow, snapshot: list.snapshot, refresh: list.refresh, loaded: true });
      // With refresh on, bring the catalog up to date (the service reuses results within its TTL).
      if (settings.refreshEnabled) {
        set({ refreshing: true });
        await bridge.call('models.refresh', {});
        const fresh = await fetchList();
        set({ models: fresh.models, total: fresh.total, refresh: fresh.refresh, refreshing: false });
      }
    } catch (err) {
      set({ error: toUiError(err), loaded: true, refreshing: false });
    }
  },
  setQuery: (query) => set({ query }),
  async save(patch) {
    const before = get().settings;
    // The switch moves at once; a refusal puts it back.
    set({ saving: true, error: null, settings: before ? { ...before, ...patch } : before });
    try {
      const settings = await bridge.call('models.setSettings', patch);
      set({ settings, saving: false });
      // Turning refresh on brings the catalog up to date straight away (within the TTL, cached results answer).
      if (patch.refreshEnabled === true) {
        set({ refreshing: true });
        await bridge.call('models.refresh', {});
      }
      const list = await fetchList();
      set({ models: list.models, total: list.total, refresh: list.refresh, refreshing: false });
      return true;
    } catch (err) {
      set({ error: toUiError(err), saving: false, refreshing: false, settings: before });
      return false;
    }
  },
  async refreshNow() {
    if (!get().settings?.refreshEnabled || get().refreshing) return;
    set({ refreshing: true, error: null });
    try {
      await bridge.call('models.refresh', { force: true });
      const list = await fetchList();
      set({ models: list.models, total: list.total, refresh: list.refresh, refreshing: false });
    } catch (err) {
      set({ error: toUiError(err), refreshing: false });
    }
  },
  clearError: () => set({ error: null }),
}));

/** Models whose id, name or provider contain every word of `query` (case-insensitive), as the service searches. */
export function filterModels(models: ModelInfo[], query: string): ModelInfo[] {
  const words = queryWords(query);
  return words.length === 0 ? models : models.filter((m) => matchesWords([m.id, m.name, m.provider], words));
}
