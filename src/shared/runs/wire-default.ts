/**
 * Whether a run records its wire (Loupe's relay between the CLI and its
 * provider): the one place the default lives, for the app's form, the settings
 * in force, the run manager and `loupe run`. Pure.
 */
import type { AgentId } from '../contract/run-limits';

/** The agents whose runs record every request unless the setting says false; a custom command opts in. */
export const WIRE_BY_DEFAULT: readonly AgentId[] = ['claude', 'codex', 'gemini'];

/** On by default for claude, codex and gemini; off for a custom command (and the demo agent, which has no provider). */
export function wireByDefault(agent: string): boolean {
  return (WIRE_BY_DEFAULT as readonly string[]).includes(agent);
}

/** Whether a run of `agent` records its wire with `setting` (undefined: the default). The demo agent never does. */
export function wireRecords(agent: string, setting: boolean | undefined): boolean {
  if (agent === 'demo') return false;
  return setting ?? wireByDefault(agent);
}

/**
 * What the form's "Record every request" box shows: the setting, else ticked
 * unless a custom command (the demo agent's box shows what the agent CLIs will
 * do, so it stays as it is when one is chosen).
 */
export function wireBoxChecked(agent: string, setting: boolean | null | undefined): boolean {
  return setting ?? agent !== 'custom';
}

/** The setting in force in words ("on (default)", "off", "off (a custom command opts in)"). */
export function wireSettingText(agent: string, setting: boolean | undefined): string {
  const what = setting === false ? 'off' : setting === true ? 'on' : wireByDefault(agent) || agent === 'demo' ? 'on (default)' : 'off (a custom command opts in)';
  return agent === 'demo' ? `${what}; the demo agent has no provider to record` : what;
}
