import { useShallow } from 'zustand/react/shallow';
import { SETTING_FIELDS, type SettingField } from '../../../../shared/contract/setting-fields';
import type { EffectiveSettings, SettingSource } from '../../../../shared/contract/settings';
import { budgetText } from '../../../../shared/presets/describe';
import { formatSettingValue } from '../../../../shared/presets/diff';
import { usePresets } from './store';

const LABELS: Record<SettingField, string> = {
  agent: 'Agent',
  command: 'Command',
  model: 'Model',
  notes: 'Notes',
  agentArgs: 'Agent arguments',
  'loop.contextBudget': 'Context budget',
  'loop.idleTimeoutSeconds': 'No-progress timeout (s)',
  keepStaged: 'Keep staged folder',
  xrayTools: 'X-Ray tools',
};

function valueOf(e: EffectiveSettings, f: SettingField): string {
  if (f === 'loop.contextBudget') return budgetText(e.settings.loop.contextBudget);
  const v = f.startsWith('loop.') ? (e.settings.loop as Record<string, unknown>)[f.slice(5)] : (e.settings as Record<string, unknown>)[f];
  return formatSettingValue(v);
}

function SourceBadge({ source }: { source: SettingSource }) {
  if (source.kind === 'preset') return <span className="badge badge-src-preset">{`${source.name}@${source.revision}`}</span>;
  return <span className={source.kind === 'app' ? 'badge badge-src-app' : 'badge badge-src-builtin'}>{source.kind === 'app' ? 'your change' : 'default'}</span>;
}

/** The run settings in force now, each with where it came from (a preset revision, the user, or Loupe's default). */
export function EffectiveList() {
  const { effective } = usePresets(useShallow((s) => ({ effective: s.effective })));
  if (!effective) return null;
  const applied = effective.appliedPreset;
  return (
    <section className="preset-card" aria-labelledby="effective-title" data-testid="effective-settings" data-applied={applied ? `${applied.name}@${applied.revision}` : ''}>
      <h2 id="effective-title">Settings in force</h2>
      <p className="hint">
        {applied ? (
          <>
            From preset <strong className="mono">{`${applied.name}@${applied.revision}`}</strong> unless marked otherwise. Runs record the revision in their evidence.
          </>
        ) : (
          'No preset applied: Loupe’s defaults and your own changes.'
        )}
      </p>
      <dl className="effective-list">
        {SETTING_FIELDS.map((f) => {
          const source = effective.sources[f];
          return (
            <div key={f} data-field={f} data-source={source.kind === 'preset' ? `${source.name}@${source.revision}` : source.kind}>
              <dt>{LABELS[f]}</dt>
              <dd className={f === 'command' || f === 'model' || f === 'agentArgs' ? 'mono' : undefined}>{valueOf(effective, f)}</dd>
              <dd>
                <SourceBadge source={source} />
              </dd>
            </div>
          );
        })}
      </dl>
    </section>
  );
}
