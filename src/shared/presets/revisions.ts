import type { PresetDetail, PresetRevision } from '../contract/presets';
import { LoupeError } from '../errors';

/** The revision asked for (default: the latest); LoupeError `not-found` naming the revisions there are. */
export function pickRevision(preset: Pick<PresetDetail, 'name' | 'revisions'>, revision?: number): PresetRevision {
  const found = revision === undefined ? preset.revisions.at(-1) : preset.revisions.find((r) => r.revision === revision);
  if (!found) {
    const have = preset.revisions.map((r) => r.revision).join(', ');
    throw new LoupeError('not-found', `"${preset.name}" has no revision ${revision}; it has ${have}.`, { name: preset.name, revision });
  }
  return found;
}
