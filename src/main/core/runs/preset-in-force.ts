import type { PresetRef, RunSettings } from '../../../shared/contract/runs';
import { SETTING_FIELDS, type SettingField, type SettingSource } from '../../../shared/contract/settings';
import { getRevision } from '../presets/preset-store';
import { fieldValue, readEffective } from '../settings/effective';
import type { Db } from '../store/store';

/** Each setting of a run and where its value came from, and the preset revision behind any of them. */
export interface RunSources {
  sources: Record<SettingField, SettingSource>;
  presetRef: PresetRef | null;
}

/** A named revision's settings; null where this machine does not hold it (a run continued from elsewhere keeps the name it was given). */
function revisionSettings(db: Db, ref: PresetRef): RunSettings | null {
  try {
    return getRevision(db, ref.name, ref.revision).settings;
  } catch {
    return null;
  }
}

const same = (a: unknown, b: unknown) => JSON.stringify(a ?? null) === JSON.stringify(b ?? null);

/**
 * Where each value of `settings` came from: the preset revision the caller
 * named (`loupe run --preset`) when it holds that value, else the settings in
 * force when they hold it (with their own source: default, the user's change,
 * an applied preset), else this run alone (a flag, a raised ceiling).
 */
export function runSources(db: Db, settings: RunSettings, named?: PresetRef | null): RunSources {
  const effective = readEffective(db);
  const revision = named ? revisionSettings(db, named) : null;
  const sources = Object.fromEntries(
    SETTING_FIELDS.map((f): [SettingField, SettingSource] => {
      const value = fieldValue(settings, f);
      if (named && revision && same(value, fieldValue(revision, f))) return [f, { kind: 'preset', name: named.name, revision: named.revision }];
      if (same(value, fieldValue(effective.settings, f))) return [f, effective.sources[f]];
      return [f, { kind: 'run' }];
    }),
  ) as Record<SettingField, SettingSource>;
  if (named) return { sources, presetRef: named };
  const preset = SETTING_FIELDS.map((f) => sources[f]).find((s) => s.kind === 'preset');
  return { sources, presetRef: preset?.kind === 'preset' ? { name: preset.name, revision: preset.revision } : null };
}
