import { useShallow } from 'zustand/react/shallow';
import { SETTING_FIELDS } from '../../../../../shared/contract/setting-fields';
import { settingsKey } from './run-draft';
import { useRunForm } from './run-store';
import { SETTING_LABEL, sourceText, valueText } from './setting-source';

/** Every run setting in force and where it came from (Loupe's default, your change, a preset revision). */
export function EffectiveSettingsList() {
  const { effective, agents, settings, errors } = useRunForm(
    useShallow((s) => ({ effective: s.effective, agents: s.agents, settings: s.settings, errors: s.errors })),
  );
  if (!effective) return null;
  const unsaved = Object.keys(errors).length > 0 || (settings !== null && settingsKey(settings) !== settingsKey(effective.settings));
  return (
    <section className="in-force" aria-labelledby="in-force-title" data-testid="settings-in-force">
      <h3 id="in-force-title">Settings in force</h3>
      {effective.appliedPreset && (
        <p className="hint">
          From preset <strong>{effective.appliedPreset.name}</strong> revision {effective.appliedPreset.revision}, with your changes on top.
        </p>
      )}
      <dl>
        {SETTING_FIELDS.map((f) => {
          const source = effective.sources[f];
          return (
            <div key={f} className="in-force-row" data-field={f} data-source={source.kind}>
              <dt>{SETTING_LABEL[f]}</dt>
              <dd>
                <span className="in-force-value">{valueText(f, effective.settings, agents)}</span>
                <span className={`source source-${source.kind}`}>{sourceText(source)}</span>
              </dd>
            </div>
          );
        })}
      </dl>
      {unsaved && (
        <p className="hint" role="status">
          {Object.keys(errors).length > 0 ? 'The form has a value to fix; until then these stay in force.' : 'Saving your change…'}
        </p>
      )}
    </section>
  );
}
