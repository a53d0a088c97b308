/** How the settings list and the form word a setting's value and where it came from. */
import type { AgentInfo, RunSettings } from '../../../shared/contract/runs';
import { IDLE_TIMEOUT_SECONDS } from '../../../shared/contract/run-limits';
import type { SettingField, SettingSource } from '../../../shared/contract/settings';
import { formatInt } from '../../../shared/format';
import { budgetText, requestBudgetText, spendBudgetText, wireSecretsText } from '../../../shared/presets/describe';
import { wireSettingText } from '../../../shared/runs/wire-default';

/** "Loupe default" / "your change" / "preset team revision 3". */
export function sourceText(source: SettingSource): string {
  switch (source.kind) {
    case 'default':
      return 'Loupe default';
    case 'app':
      return 'your change';
    case 'preset':
      return `preset ${source.name} revision ${source.revision}`;
    case 'run':
      return 'this run only';
  }
}

export { SETTING_LABEL } from '../../../shared/contract/setting-fields';

/** A setting's value in words ("block at 100 B", "120 s (default)", "not set"). */
export function valueText(field: SettingField, s: RunSettings, agents: readonly AgentInfo[] | null): string {
  switch (field) {
    case 'agent':
      return agents?.find((a) => a.id === s.agent)?.label ?? s.agent;
    case 'command':
      return s.agent === 'custom' ? (s.command ?? 'not set') : 'not used (not a custom command)';
    case 'model':
      return s.model ?? 'not set (the CLI’s default)';
    case 'notes':
      return s.notes ? `${formatInt(s.notes.length)} characters` : 'none';
    case 'agentArgs':
      return s.agentArgs?.length ? s.agentArgs.join(' ') : 'none';
    case 'loop.contextBudget':
      return budgetText(s.loop.contextBudget);
    case 'loop.requestBudget':
      return requestBudgetText(s.loop.requestBudget);
    case 'loop.spendBudget':
      return spendBudgetText(s.loop.spendBudget);
    case 'loop.wireSecrets':
      return wireSecretsText(s.loop.wireSecrets);
    case 'loop.idleTimeoutSeconds': {
      const t = s.loop.idleTimeoutSeconds;
      return t === null ? 'off' : t === undefined ? `${IDLE_TIMEOUT_SECONDS.default} s (default)` : `${formatInt(t)} s`;
    }
    case 'keepStaged':
      return s.keepStaged ? 'yes' : 'no (removed when the run ends)';
    case 'xrayTools':
      return s.xrayTools ? 'offered' : 'not offered';
    case 'wire':
      return wireSettingText(s.agent, s.wire);
  }
}
