import { z } from 'zod';
import { emptyRequest } from './common';
import { method } from './define';
import { runSettingsSchema, type PresetRef, type RunSettings } from './runs';
import type { SettingField } from './setting-fields';

/** Where a setting in force came from: Loupe's default, the user's own change, or a preset revision. */
export type SettingSource = { kind: 'default' } | { kind: 'app' } | { kind: 'preset'; name: string; revision: number } | SettingSourceRun;
/** A run's own value, in force for that run only (a `loupe run` flag, a ceiling raised on retry): evidence only. */
export type SettingSourceRun = { kind: 'run' };

export { SETTING_FIELDS, type SettingField } from './setting-fields';

/** The settings a run would use now, and where each came from. */
export interface EffectiveSettings {
  settings: RunSettings;
  sources: Record<SettingField, SettingSource>;
  /** The preset revision last applied (null when none, or every setting it gave was changed since). */
  appliedPreset: PresetRef | null;
  updatedAt: string | null;
}

/** The app's own run settings, edited in the run form; presets apply on top (presets.apply). */
export const settingsMethods = {
  'settings.effective': method<EffectiveSettings>()(emptyRequest),
  /** Saves the run form: every setting that changed becomes the app's own; the others keep their source. */
  'settings.update': method<EffectiveSettings>()(() => z.object({ settings: runSettingsSchema() }).strict()),
};
