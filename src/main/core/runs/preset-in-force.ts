import type { PresetRef, RunSettings } from '../../../shared/contract/runs';
import { readEffective } from '../settings/effective';
import type { Db } from '../store/store';
import { canonical } from '../threads/segment-id';

/**
 * The preset revision behind `settings` when they are the settings in force
 * (what the run form sends) and a preset revision is still applied; null for
 * settings of the caller's own making, which no preset gave.
 */
export function presetInForce(db: Db, settings: RunSettings): PresetRef | null {
  const effective = readEffective(db);
  if (!effective.appliedPreset) return null;
  return canonical(effective.settings) === canonical(settings) ? effective.appliedPreset : null;
}
