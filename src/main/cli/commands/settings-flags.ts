// Run settings from command-line flags, shared by `loupe run` and `loupe presets save`:
// the same flags mean the same settings everywhere.
import type { ContextBudget, RequestBudget, RunSettingsInput, SpendBudget } from '../../../shared/contract/runs';
import { AGENT_IDS, REQUEST_CEILING_MAX, SPEND_CEILING_MAX, WIRE_SECRETS_MODES, type AgentId, type WireSecretsMode } from '../../../shared/contract/run-limits';
import { UsageError } from '../command';

/** parseArgs options for enforcement on the wire: `loupe run`, `loupe presets save` and `loupe wrap`. */
export const WIRE_ENFORCE_OPTIONS = {
  'max-request-tokens': { type: 'string' },
  'max-request-bytes': { type: 'string' },
  'request-policy': { type: 'string' },
  'max-spend-usd': { type: 'string' },
  'max-spend-tokens': { type: 'string' },
  'spend-policy': { type: 'string' },
  'wire-secrets': { type: 'string' },
} as const;

export interface WireEnforceFlags {
  'max-request-tokens'?: string;
  'max-request-bytes'?: string;
  'request-policy'?: string;
  'max-spend-usd'?: string;
  'max-spend-tokens'?: string;
  'spend-policy'?: string;
  'wire-secrets'?: string;
}

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
  ...WIRE_ENFORCE_OPTIONS,
} as const;

export interface SettingsFlags extends WireEnforceFlags {
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

/** A request ceiling flag: a whole number from 1 up to its bound. */
function requestCeiling(flag: string, text: string | undefined, max: number): number | undefined {
  const n = positiveInt(flag, text);
  if (n !== undefined && n > max) throw new UsageError(`${flag} must be at most ${max.toLocaleString('en-US')}, got ${text}.`);
  return n;
}

/** The request budget the flags describe over `base` (a ceiling flag keeps the other ceiling); undefined when none. */
export function requestBudgetFrom(flags: WireEnforceFlags, base: RequestBudget | undefined): RequestBudget | undefined {
  const policy = flags['request-policy'];
  if (policy !== undefined && policy !== 'warn' && policy !== 'block') throw new UsageError(`--request-policy must be warn or block, got "${policy}".`);
  const maxRequestTokens = requestCeiling('--max-request-tokens', flags['max-request-tokens'], REQUEST_CEILING_MAX.maxRequestTokens);
  const maxRequestBytes = requestCeiling('--max-request-bytes', flags['max-request-bytes'], REQUEST_CEILING_MAX.maxRequestBytes);
  const given = maxRequestTokens !== undefined || maxRequestBytes !== undefined;
  if (!given && !policy) return base;
  if (!given && !base) throw new UsageError('--request-policy needs a ceiling: --max-request-tokens N or --max-request-bytes N.');
  return {
    ...base,
    ...(maxRequestTokens !== undefined ? { maxRequestTokens } : {}),
    ...(maxRequestBytes !== undefined ? { maxRequestBytes } : {}),
    policy: (policy ?? base?.policy ?? 'block') as RequestBudget['policy'],
  };
}

/** A dollar ceiling: a positive amount in whole cents, up to its bound ("5", "0.50", "$12.25"). */
function usdCeiling(flag: string, text: string | undefined): number | undefined {
  if (text === undefined) return undefined;
  const m = /^\$?(\d+(?:\.\d{1,2})?)$/.exec(text.trim());
  const n = m ? Number(m[1]) : NaN;
  if (!(n > 0)) throw new UsageError(`${flag} takes an amount in US dollars above 0 (whole cents, e.g. 2.50), got "${text}".`);
  if (n > SPEND_CEILING_MAX.maxUsd) throw new UsageError(`${flag} must be at most ${SPEND_CEILING_MAX.maxUsd.toLocaleString('en-US')}, got ${text}.`);
  return n;
}

/** The spend budget the flags describe over `base` (a ceiling flag keeps the other ceiling); undefined when none. */
export function spendBudgetFrom(flags: WireEnforceFlags, base: SpendBudget | undefined): SpendBudget | undefined {
  const policy = flags['spend-policy'];
  if (policy !== undefined && policy !== 'warn' && policy !== 'block') throw new UsageError(`--spend-policy must be warn or block, got "${policy}".`);
  const maxUsd = usdCeiling('--max-spend-usd', flags['max-spend-usd']);
  const maxTokens = requestCeiling('--max-spend-tokens', flags['max-spend-tokens'], SPEND_CEILING_MAX.maxTokens);
  const given = maxUsd !== undefined || maxTokens !== undefined;
  if (!given && !policy) return base;
  if (!given && !base) throw new UsageError('--spend-policy needs a ceiling: --max-spend-usd AMOUNT or --max-spend-tokens N.');
  return {
    ...base,
    ...(maxUsd !== undefined ? { maxUsd } : {}),
    ...(maxTokens !== undefined ? { maxTokens } : {}),
    policy: (policy ?? base?.policy ?? 'block') as SpendBudget['policy'],
  };
}

/** --wire-secrets warn|redact, or the base's value. */
export function wireSecretsFrom(flags: WireEnforceFlags, base: WireSecretsMode | undefined): WireSecretsMode | undefined {
  const mode = flags['wire-secrets'];
  if (mode === undefined) return base;
  if (!(WIRE_SECRETS_MODES as readonly string[]).includes(mode)) throw new UsageError(`--wire-secrets must be warn or redact, got "${mode}".`);
  return mode as WireSecretsMode;
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
  requestBudgetFrom(flags, base?.loop?.requestBudget ?? { policy: 'block' });
  spendBudgetFrom(flags, base?.loop?.spendBudget ?? { policy: 'block' });
  wireSecretsFrom(flags, undefined);
  if (flags.timeout !== undefined && flags.timeout !== 'off') positiveInt('--timeout', flags.timeout);
  const agent = (flags.command ? 'custom' : (flags.agent ?? base?.agent ?? defaultAgent)) as AgentId | null;
  if (agent === null) throw new UsageError('name the agent: --agent claude|codex|gemini|demo, or --command CMD for your own.');
  if (!AGENT_IDS.includes(agent)) throw new UsageError(`--agent must be one of ${AGENT_IDS.join(', ')}; got "${flags.agent}".`);
  const idle = flags.timeout === undefined ? undefined : flags.timeout === 'off' ? null : positiveInt('--timeout', flags.timeout);
  const loop = base?.loop ?? {};
  const budget = budgetFrom(flags, loop.contextBudget);
  const requestBudget = requestBudgetFrom(flags, loop.requestBudget);
  const spendBudget = spendBudgetFrom(flags, loop.spendBudget);
  const wireSecrets = wireSecretsFrom(flags, loop.wireSecrets);
  const command = flags.command ?? (agent === 'custom' ? base?.command : undefined);
  const { contextBudget: _b, requestBudget: _rb, spendBudget: _sb, wireSecrets: _ws, idleTimeoutSeconds: baseIdle, ...restLoop } = loop;
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
      ...(requestBudget ? { requestBudget } : {}),
      ...(spendBudget ? { spendBudget } : {}),
      ...(wireSecrets ? { wireSecrets } : {}),
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
