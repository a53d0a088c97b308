import type { ModelSettings } from '../../../shared/contract/models';
import { getSetting, setSetting } from '../store/settings';
import type { Db } from '../store/store';

const KEY = 'models.refresh';

/** Refresh is off by default; the models.dev URL is pre-filled, the list URL is the user's to give. */
export const DEFAULT_MODEL_SETTINGS: ModelSettings = {
  refreshEnabled: false,
  modelsDevUrl: 'https://models.dev/api.json',
  listUrl: '',
};

/** The stored model settings, defaults filled in for anything unset or unreadable. */
export function readModelSettings(db: Db): ModelSettings {
  const stored = getSetting<Partial<ModelSettings> | null>(db, KEY, null) ?? {};
  return {
    refreshEnabled: typeof stored.refreshEnabled === 'boolean' ? stored.refreshEnabled : DEFAULT_MODEL_SETTINGS.refreshEnabled,
    modelsDevUrl: typeof stored.modelsDevUrl === 'string' ? stored.modelsDevUrl : DEFAULT_MODEL_SETTINGS.modelsDevUrl,
    listUrl: typeof stored.listUrl === 'string' ? stored.listUrl : DEFAULT_MODEL_SETTINGS.listUrl,
  };
}

/** Merges `patch` (already validated by the contract) into the stored settings and returns the result. */
export function writeModelSettings(db: Db, patch: Partial<ModelSettings>, now: Date): ModelSettings {
  const next = { ...readModelSettings(db), ...Object.fromEntries(Object.entries(patch as Record<string, unknown>).filter(([, v]) => v !== undefined)) };
  setSetting(db, KEY, next, now);
  return next;
}
