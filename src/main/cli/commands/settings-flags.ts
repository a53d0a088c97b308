// Run settings from command-line flags, shared by `loupe run` and `loupe presets save`:
// the same flags mean the same settings everywhere.
import type { ContextBudget, RunSettingsInput } from '../../../shared/contract/runs';
import { AGENT_IDS, type AgentId } from '../../../shared/contract/run-limits';
import { UsageError } from '../command';

/** parseArgs options for the settings flags. */
export const SETTINGS_OPTIONS = {
  agent: { type: 'string' },
  command: { type: 'string' },
  model: { type: 'string' },
  notes: { type: 'string' },
  'max-prompt-bytes': { type: 'string' },
  'max-approx-tokens': { type: 'string' },
  policy: { type: 'string' },
  timeout: { type: 'string' },
  'keep-staged': { type: 'boolean', default: false },
  'xray-tools': { type: 'boolean', default: false },
  'no-wire': { type: 'boolean', default: false },
  wire: { type: 'boolean', default: false },
} as const;

export interface SettingsFlags {
  agent?: string;
  command?: string;
  model?: string;
  notes?: string;
  'max-prompt-bytes'?: string;
  'max-approx-tokens'?: string;
  policy?: string;
  timeout?: string;
  'keep-staged'?: boolean;
  'xray-tools'?: boolean;
  'no-wire'?: boolean;
  wire?: boolean;
}

/** A whole positive number for a ceiling flag, or a usage error naming the flag. */
export function positiveInt(flag: string, text: string | undefined): number | undefined {
  if (text === undefined) return undefined;
  if (!/^\d+$/.test(text) || Number(text) < 1) throw new UsageError(`${flag} takes a whole number of at least 1, got "${text}".`);
  return Number(text);
}

function budgetFrom(flags: SettingsFlags, base: ContextBudget | undefined): ContextBudget | undefined {
  if (flags.policy !== undefined && flags.policy !== 'warn' && flags.policy !== 'block') {
    throw new UsageError(`--policy must be warn or block, got "${flags.policy}".`);
  }
  const maxPromptBytes = positiveInt('--max-prompt-bytes', flags['max-prompt-bytes']);
  const maxApproximateTokens = positiveInt('--max-approx-tokens', flags['max-approx-tokens']);
  const given = maxPromptBytes !== undefined || maxApproximateTokens !== undefined;
  if (!given && !flags.policy) return base;
  if (!given && !base) throw new UsageError('--policy needs a ceiling: --max-prompt-bytes N or --max-approx-tokens N.');
  return {
    ...base,
    ...(maxPromptBytes !== undefined ? { maxPromptBytes } : {}),
    ...(maxApproximateTokens !== undefined ? { maxApproximateTokens } : {}),
    policy: (flags.policy ?? base?.policy ?? 'block') as ContextBudget['policy'],
  };
}

/**
 * The run settings the flags describe. With `base` (a preset revision), flags
 * override its settings one by one (a ceiling flag keeps the other ceiling);
 * without it, `defaultAgent` applies when neither --agent nor --command is given.
 */
export function settingsFromFlags(flags: SettingsFlags, base: RunSettingsInput | null, defaultAgent: AgentId | null): RunSettingsInput {
  if (flags.agent && flags.command) throw new UsageError('give --agent NAME or --command CMD, not both.');
  // A bad number is reported as itself, before anything else is missing.
  budgetFrom(flags, base?.loop?.contextBudget ?? { policy: 'block' });
  if (flags.timeout !== undefined && flags.timeout !== 'off') positiveInt('--timeout', flags.timeout);
  const agent = (flags.command ? 'custom' : (flags.agent ?? base?.agent ?? defaultAgent)) as AgentId | null;
  if (agent === null) throw new UsageError('name the agent: --agent claude|codex|gemini|demo, or --command CMD for your own.');
  if (!AGENT_IDS.includes(agent)) throw new UsageError(`--agent must be one of ${AGENT_IDS.join(', ')}; got "${flags.agent}".`);
  const idle = flags.timeout === undefined ? undefined : flags.timeout === 'off' ? null : positiveInt('--timeout', flags.timeout);
  const loop = base?.loop ?? {};
  const budget = budgetFrom(flags, loop.contextBudget);
  const command = flags.command ?? (agent === 'custom' ? base?.command : undefined);
  const { contextBudget: _b, idleTimeoutSeconds: baseIdle, ...restLoop } = loop;
  const { command: _c, ...rest } = base ?? {};
  return {
    ...rest,
    agent,
    ...(command !== undefined ? { command } : {}),
    ...(flags.model ? { model: flags.model } : {}),
    ...(flags.notes ? { notes: flags.notes } : {}),
    ...(flags['keep-staged'] ? { keepStaged: true } : {}),
    ...(flags['xray-tools'] ? { xrayTools: true } : {}),
    ...(flags['no-wire'] ? { wire: false } : flags.wire ? { wire: true } : {}),
    loop: {
      ...restLoop,
      ...(budget ? { contextBudget: budget } : {}),
      ...(idle !== undefined ? { idleTimeoutSeconds: idle } : baseIdle !== undefined ? { idleTimeoutSeconds: baseIdle } : {}),
    },
  };
}

/** `NAME` or `NAME@REVISION` (names never contain @). */
export function parsePresetRef(text: string): { name: string; revision?: number } {
  const at = text.lastIndexOf('@');
  if (at < 0) return { name: text };
  const name = text.slice(0, at);
  const rev = text.slice(at + 1);
  if (!name || name.includes('@') || !/^\d+$/.test(rev) || Number(rev) < 1) {
    throw new UsageError(`"${text}" is not NAME or NAME@REVISION (a revision is a whole number from 1).`);
  }
  return { name, revision: Number(rev) };
}
