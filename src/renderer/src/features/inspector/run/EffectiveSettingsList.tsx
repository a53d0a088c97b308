import { useShallow } from 'zustand/react/shallow';
import { SettingsInForce } from '../../../ui/SettingsInForce';
import { settingsKey } from './run-draft';
import { useRunForm } from './run-store';

/** Beside the run form: every setting in force and its source, and whether an edit is still pending. */
export function EffectiveSettingsList() {
  const { effective, agents, settings, errors } = useRunForm(
    useShallow((s) => ({ effective: s.effective, agents: s.agents, settings: s.settings, errors: s.errors })),
  );
  if (!effective) return null;
  const unsaved = Object.keys(errors).length > 0 || (settings !== null && settingsKey(settings) !== settingsKey(effective.settings));
  return (
    <SettingsInForce
      effective={effective}
      agents={agents}
      testId="settings-in-force"
      titleId="in-force-title"
      footer={
        unsaved && (
          <p className="hint" role="status">
            {Object.keys(errors).length > 0 ? 'The form has a value to fix; until then these stay in force.' : 'Saving your change…'}
          </p>
        )
      }
    />
  );
}
