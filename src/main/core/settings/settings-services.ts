import type { Services } from '../../../shared/api';
import type { CoreDeps } from '../deps';
import { readEffective, updateEffective } from './effective';

type SettingsServices = Pick<Services, 'settings.effective' | 'settings.update'>;

/** The run settings in force and where each came from. */
export function settingsServices(deps: CoreDeps): SettingsServices {
  return {
    'settings.effective': async () => readEffective(deps.db),
    'settings.update': async ({ settings }) => updateEffective(deps.db, settings, deps.now()),
  };
}
