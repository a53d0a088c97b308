import { useShallow } from 'zustand/react/shallow';
import { SettingsInForce } from '../../ui/SettingsInForce';
import { usePresets } from './store';

/** The run settings in force now, each with where it came from (a preset revision, the user, or Loupe's default). */
export function EffectiveList() {
  const { effective } = usePresets(useShallow((s) => ({ effective: s.effective })));
  if (!effective) return null;
  return <SettingsInForce effective={effective} testId="effective-settings" titleId="effective-title" className="preset-card in-force" />;
}
