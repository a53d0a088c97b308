import { z } from 'zod';
import { emptyRequest } from './common';
import { method } from './define';
import { runSettingsSchema, type PresetRef, type RunSettings } from './runs';

/** Where a setting in force came from: Loupe's default, the user's own change, or a preset revision. */
export type SettingSource = { kind: 'default' } | { kind: 'app' } | { kind: 'preset'; name: string; revision: number };

/** The run settings tracked one by one for provenance (dotted paths into RunSettings). */
export const SETTING_FIELDS = [
  'agent',
  'command',
  'model',
  'notes',
  'agentArgs',
  'loop.contextBudget',
  'loop.idleTimeoutSeconds',
  'keepStaged',
  'xrayTools',
] as const;
export type SettingField = (typeof SETTING_FIELDS)[number];

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
  'settings.update': method<EffectiveSettings>()(z.object({ settings: runSettingsSchema }).strict()),
};
