import { describe, expect, it } from 'vitest';
import { runSettingsSchema, type RunSettings } from '../../../../../shared/contract/runs';
import { BUDGET_CEILING_MAX } from '../../../../../shared/contract/run-limits';
import { wireBoxChecked, wireRecords } from '../../../../../shared/runs/wire-default';
import { draftFromSettings, settingsFromDraft, settingsKey, type RunDraft } from './run-draft';

const base: RunSettings = { agent: 'demo', loop: {} };
const draft = (patch: Partial<RunDraft>): RunDraft => ({ ...draftFromSettings(base), ...patch });

describe('run form draft', () => {
  it('round-trips settings through the form', () => {
    const s: RunSettings = {
      agent: 'custom',
      command: 'my-agent --flag',
      model: 'anthropic/claude-sonnet-4-5',
      notes: 'Be brief.',
      agentArgs: ['--x'],
      loop: { contextBudget: { maxPromptBytes: 100, policy: 'block' }, idleTimeoutSeconds: null },
      keepStaged: true,
      xrayTools: true,
    };
    const back = settingsFromDraft(draftFromSettings(s), s);
    expect(back.errors).toEqual({});
    expect(settingsKey(back.settings)).toBe(settingsKey(s));
  });

  it('edits the request budget and secrets on the wire: round trip, defaults left unwritten, bad values kept with their reason', () => {
    const s: RunSettings = { agent: 'claude', loop: { requestBudget: { maxRequestTokens: 150_000, policy: 'warn' }, wireSecrets: 'redact' } };
    const back = settingsFromDraft(draftFromSettings(s), s);
    expect(settingsKey(back.settings)).toBe(settingsKey(s));
    expect(runSettingsSchema().safeParse(back.settings).success).toBe(true);
    expect(settingsFromDraft(draft({ maxRequestBytes: '600,000', requestPolicy: 'block' }), base).settings!.loop).toEqual({ requestBudget: { maxRequestBytes: 600_000, policy: 'block' } });
    expect(settingsFromDraft(draft({}), base).settings!.loop).toEqual({});
    const { settings, errors } = settingsFromDraft(draft({ maxRequestTokens: '0', maxRequestBytes: '99999999999' }), base);
    expect(settings).toBeNull();
    expect(errors).toEqual({ maxRequestTokens: expect.stringMatching(/positive/), maxRequestBytes: 'must be at most 67,108,864' });
  });

  it('a fresh data folder records the wire: the box is ticked, stays ticked when the agent changes, and nothing is written until it is clicked (issue 31)', () => {
    // The fresh settings are the demo agent with nothing set.
    const fresh = draftFromSettings(base);
    expect(fresh.wire).toBeNull();
    expect(wireBoxChecked(fresh.agent, fresh.wire)).toBe(true);
    for (const agent of ['claude', 'codex', 'gemini'] as const) {
      const picked = settingsFromDraft({ ...fresh, agent }, base).settings!;
      // Choosing the agent saves no wire setting, so the run records by default.
      expect(picked).toEqual({ agent, loop: {} });
      expect(wireRecords(agent, picked.wire)).toBe(true);
      expect(wireBoxChecked(agent, draftFromSettings(picked).wire)).toBe(true);
    }
    // A custom command opts in; unticking saves off for any agent.
    expect(wireBoxChecked('custom', null)).toBe(false);
    expect(settingsFromDraft({ ...fresh, agent: 'claude', wire: false }, base).settings!.wire).toBe(false);
    expect(settingsFromDraft({ ...fresh, agent: 'custom', command: 'x', wire: true }, base).settings!.wire).toBe(true);
  });

  it('edits the spend budget: dollars in whole cents and tokens, round trip, bad values kept with their reason', () => {
    const s: RunSettings = { agent: 'claude', loop: { spendBudget: { maxUsd: 2.5, maxTokens: 1_000_000, policy: 'warn' } } };
    expect(draftFromSettings(s).maxSpendUsd).toBe('2.50');
    const back = settingsFromDraft(draftFromSettings(s), s);
    expect(settingsKey(back.settings)).toBe(settingsKey(s));
    expect(runSettingsSchema().safeParse(back.settings).success).toBe(true);
    expect(settingsFromDraft(draft({ maxSpendUsd: '$5' }), base).settings!.loop).toEqual({ spendBudget: { maxUsd: 5, policy: 'block' } });
    const { errors } = settingsFromDraft(draft({ maxSpendUsd: '1.234', maxSpendTokens: '0' }), base);
    expect(errors).toEqual({ maxSpendUsd: expect.stringMatching(/whole cents/), maxSpendTokens: expect.stringMatching(/positive/) });
  });

  it('the X-Ray tools box turns settings.xrayTools on and off', () => {
    expect(settingsFromDraft(draft({ xrayTools: true }), base).settings!.xrayTools).toBe(true);
    expect(settingsFromDraft(draft({ xrayTools: false }), { ...base, xrayTools: true }).settings!.xrayTools).toBeUndefined();
  });

  it('keeps a bad value as typed and says what is wrong with it, field by field', () => {
    const bad = draft({ maxPromptBytes: '0', maxApproximateTokens: '1.5', idleTimeout: '3', agent: 'custom', command: '  ' });
    const { settings, errors } = settingsFromDraft(bad, base);
    expect(settings).toBeNull();
    expect(errors).toEqual({
      maxPromptBytes: expect.stringMatching(/positive/),
      maxApproximateTokens: 'must be a whole number',
      idleTimeout: 'must be at least 5',
      command: expect.stringMatching(/required/),
    });
    expect(bad.maxPromptBytes).toBe('0');
  });

  it('sets a budget only when a ceiling is given; empty timeout is Loupe’s default, Off is null', () => {
    expect(settingsFromDraft(draft({ policy: 'warn' }), base).settings).toEqual({ agent: 'demo', loop: {} });
    expect(settingsFromDraft(draft({ maxApproximateTokens: '2,000', policy: 'warn' }), base).settings!.loop).toEqual({
      contextBudget: { maxApproximateTokens: 2000, policy: 'warn' },
    });
    expect(settingsFromDraft(draft({ idleOff: true, idleTimeout: 'nonsense' }), base).settings!.loop).toEqual({ idleTimeoutSeconds: null });
  });

  it('accepts exactly what the contract accepts', () => {
    const cases: Partial<RunDraft>[] = [
      { maxPromptBytes: '100' },
      { maxPromptBytes: String(BUDGET_CEILING_MAX.maxPromptBytes) },
      { maxPromptBytes: String(BUDGET_CEILING_MAX.maxPromptBytes + 1) },
      { maxApproximateTokens: String(BUDGET_CEILING_MAX.maxApproximateTokens + 1) },
      { idleTimeout: '5' },
      { idleTimeout: '86401' },
      { agent: 'custom', command: 'x' },
      { agent: 'custom', command: '' },
      { notes: 'n'.repeat(20_001) },
    ];
    for (const c of cases) {
      const d = draft(c);
      const ours = settingsFromDraft(d, base);
      // What the contract says about the same values typed as numbers.
      const n = (t: string) => (t === '' ? undefined : Number(t));
      const raw = {
        agent: d.agent,
        ...(d.agent === 'custom' ? { command: d.command } : {}),
        ...(d.notes ? { notes: d.notes } : {}),
        loop: {
          ...(d.maxPromptBytes || d.maxApproximateTokens
            ? { contextBudget: { maxPromptBytes: n(d.maxPromptBytes), maxApproximateTokens: n(d.maxApproximateTokens), policy: d.policy } }
            : {}),
          ...(d.idleTimeout ? { idleTimeoutSeconds: n(d.idleTimeout) } : {}),
        },
      };
      expect(ours.settings !== null, JSON.stringify(c)).toBe(runSettingsSchema().safeParse(raw).success);
      if (ours.settings) expect(runSettingsSchema().parse(ours.settings)).toEqual(ours.settings);
    }
  });
});
