import { describe, expect, it } from 'vitest';
import { AGENT_IDS } from '../contract/run-limits';
import { wireBoxChecked, wireByDefault, wireRecords, wireSettingText } from './wire-default';

describe('the wire by default', () => {
  it('records claude, codex and gemini runs unless the setting says false; a custom command opts in; the demo agent never records', () => {
    const records = Object.fromEntries(AGENT_IDS.map((a) => [a, [wireRecords(a, undefined), wireRecords(a, true), wireRecords(a, false)]]));
    expect(records).toEqual({
      claude: [true, true, false],
      codex: [true, true, false],
      gemini: [true, true, false],
      custom: [false, true, false],
      demo: [false, false, false],
    });
    expect(AGENT_IDS.filter(wireByDefault)).toEqual(['claude', 'codex', 'gemini']);
  });

  it('the box and the settings in force say the same thing as what the run does', () => {
    for (const agent of ['claude', 'codex', 'gemini'] as const) {
      expect(wireBoxChecked(agent, undefined)).toBe(true);
      expect(wireSettingText(agent, undefined)).toBe('on (default)');
      expect(wireSettingText(agent, false)).toBe('off');
    }
    expect(wireBoxChecked('custom', undefined)).toBe(false);
    expect(wireSettingText('custom', undefined)).toBe('off (a custom command opts in)');
    // The demo agent's box shows what the CLIs will do, and says why the demo records nothing.
    expect(wireBoxChecked('demo', undefined)).toBe(true);
    expect(wireSettingText('demo', undefined)).toMatch(/^on \(default\); the demo agent has no provider/);
  });
});
