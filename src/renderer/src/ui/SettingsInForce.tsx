import type { ReactNode } from 'react';
import type { AgentInfo } from '../../../shared/contract/runs';
import { SETTING_FIELDS } from '../../../shared/contract/setting-fields';
import type { EffectiveSettings, SettingSource } from '../../../shared/contract/settings';
import { SETTING_LABEL, sourceText, valueText } from './setting-text';

/** `default`, `app`, or `name@revision`: what tests and styles key on. */
const sourceKey = (s: SettingSource) => (s.kind === 'preset' ? `${s.name}@${s.revision}` : s.kind);

/**
 * Every run setting in force and where it came from (Loupe's default, your
 * change, or the exact preset revision). One list for the run form and the
 * Presets view, so both say the same thing the same way.
 */
export function SettingsInForce(props: {
  effective: EffectiveSettings;
  agents?: readonly AgentInfo[] | null;
  testId: string;
  className?: string;
  titleId: string;
  footer?: ReactNode;
}) {
  const { effective } = props;
  const applied = effective.appliedPreset;
  return (
    <section
      className={props.className ?? 'in-force'}
      aria-labelledby={props.titleId}
      data-testid={props.testId}
      data-applied={applied ? `${applied.name}@${applied.revision}` : ''}
    >
      <h3 id={props.titleId}>Settings in force</h3>
      <p className="hint">
        {applied ? (
          <>
            From preset <strong className="mono">{applied.name}</strong> revision {applied.revision} unless marked otherwise; runs record
            the revision in their evidence.
          </>
        ) : (
          'No preset applied: Loupe’s defaults and your own changes.'
        )}
      </p>
      <dl>
        {SETTING_FIELDS.map((f) => {
          const source = effective.sources[f];
          return (
            <div key={f} className="in-force-row" data-field={f} data-source={sourceKey(source)}>
              <dt>{SETTING_LABEL[f]}</dt>
              <dd>
                <span className={f === 'command' || f === 'model' || f === 'agentArgs' ? 'in-force-value mono' : 'in-force-value'}>
                  {valueText(f, effective.settings, props.agents ?? null)}
                </span>
                <span className={`source source-${source.kind}`}>{sourceText(source)}</span>
              </dd>
            </div>
          );
        })}
      </dl>
      {props.footer}
    </section>
  );
}
