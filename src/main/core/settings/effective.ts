import { SETTING_FIELDS, type EffectiveSettings, type SettingField, type SettingSource } from '../../../shared/contract/settings';
import { runSettingsSchema, withoutEmptyBudgets, type PresetRef, type RunSettings } from '../../../shared/contract/runs';
import type { Db } from '../store/store';
import { getSetting, setSetting } from '../store/settings';

const KEY = 'run.current';

/** What a first run uses: the bundled demo agent (it works offline), no ceiling. */
export const DEFAULT_RUN_SETTINGS: RunSettings = { agent: 'demo', loop: {} };

interface Stored {
  settings: unknown;
  sources: Partial<Record<SettingField, SettingSource>>;
  appliedPreset: PresetRef | null;
  updatedAt: string | null;
}

/** A setting's value by its dotted path ('loop.contextBudget'). */
export function fieldValue(settings: RunSettings, field: SettingField): unknown {
  return field.startsWith('loop.') ? (settings.loop as Record<string, unknown>)[field.slice(5)] : (settings as Record<string, unknown>)[field];
}

const same = (a: unknown, b: unknown) => JSON.stringify(a ?? null) === JSON.stringify(b ?? null);

/** The preset still behind at least one setting, or null. */
function stillApplied(sources: Record<SettingField, SettingSource>, preset: PresetRef | null): PresetRef | null {
  if (!preset) return null;
  return SETTING_FIELDS.some((f) => {
    const s = sources[f];
    return s.kind === 'preset' && s.name === preset.name && s.revision === preset.revision;
  })
    ? preset
    : null;
}

/** The current run settings with their sources; unreadable stored settings fall back to the defaults. */
export function readEffective(db: Db): EffectiveSettings {
  const stored = getSetting<Stored | null>(db, KEY, null);
  const parsed = stored ? runSettingsSchema().safeParse(withoutEmptyBudgets(stored.settings)) : null;
  const settings = parsed?.success ? parsed.data : DEFAULT_RUN_SETTINGS;
  const sources = Object.fromEntries(
    SETTING_FIELDS.map((f) => [f, (parsed?.success && stored?.sources[f]) || { kind: 'default' }]),
  ) as Record<SettingField, SettingSource>;
  return { settings, sources, appliedPreset: parsed?.success ? stillApplied(sources, stored?.appliedPreset ?? null) : null, updatedAt: stored?.updatedAt ?? null };
}

function write(db: Db, value: EffectiveSettings, now: Date): EffectiveSettings {
  const next = { ...value, updatedAt: now.toISOString() };
  setSetting(db, KEY, next, now);
  return next;
}

/** The user's edit: settings that changed become the app's own; unchanged ones keep their source. */
export function updateEffective(db: Db, settings: RunSettings, now: Date): EffectiveSettings {
  const current = readEffective(db);
  const sources = { ...current.sources };
  for (const f of SETTING_FIELDS) {
    if (!same(fieldValue(current.settings, f), fieldValue(settings, f))) sources[f] = { kind: 'app' };
  }
  return write(db, { settings, sources, appliedPreset: stillApplied(sources, current.appliedPreset), updatedAt: null }, now);
}

/**
 * Makes a preset revision's settings current: every setting comes from it,
 * including the ones it leaves unset (an older revision without a budget
 * clears the ceiling in force; it never keeps it).
 */
export function applyPresetSettings(db: Db, settings: RunSettings, preset: PresetRef, now: Date): EffectiveSettings {
  const source: SettingSource = { kind: 'preset', name: preset.name, revision: preset.revision };
  const sources = Object.fromEntries(SETTING_FIELDS.map((f) => [f, source])) as Record<SettingField, SettingSource>;
  return write(db, { settings, sources, appliedPreset: preset, updatedAt: null }, now);
}
