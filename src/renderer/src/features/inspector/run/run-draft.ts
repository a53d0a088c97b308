/**
 * The run form as typed (text fields stay text, so a bad value is kept on
 * screen with its message, never lost) and its translation to RunSettings with
 * the contract's rules (run-limits.ts; the test checks the answers against the
 * contract's schema). Pure: no bridge, no React.
 */
import { BUDGET_CEILING_MAX, IDLE_TIMEOUT_SECONDS, REQUEST_CEILING_MAX, RUN_LIMITS, SPEND_CEILING_MAX, type AgentId, type WireSecretsMode } from '../../../../../shared/contract/run-limits';
import type { RunSettings } from '../../../../../shared/contract/runs';
import { parseWholeNumber } from '../../../../../shared/runs/ceiling-input';

export interface RunDraft {
  agent: AgentId;
  command: string;
  model: string;
  notes: string;
  maxPromptBytes: string;
  maxApproximateTokens: string;
  policy: 'warn' | 'block';
  /** Seconds, or '' for Loupe's default. */
  idleTimeout: string;
  idleOff: boolean;
  keepStaged: boolean;
  xrayTools: boolean;
  /** Record the run's requests on the wire (Loupe's relay); null: the default for the agent (wire-default.ts). */
  wire: boolean | null;
  /** The request budget on the wire: ceilings as typed, and its policy. */
  maxRequestTokens: string;
  maxRequestBytes: string;
  requestPolicy: 'warn' | 'block';
  /** Recognised secrets in a request: recorded (warn) or replaced before sending (redact). */
  wireSecrets: WireSecretsMode;
  /** The spend budget on the wire (issue 36): US dollars at list price and/or tokens per run, as typed, and its policy. */
  maxSpendUsd: string;
  maxSpendTokens: string;
  spendPolicy: 'warn' | 'block';
}

export type DraftField = 'command' | 'model' | 'notes' | 'maxPromptBytes' | 'maxApproximateTokens' | 'idleTimeout' | 'maxRequestTokens' | 'maxRequestBytes' | 'maxSpendUsd' | 'maxSpendTokens';
export type DraftErrors = Partial<Record<DraftField, string>>;

/** The form showing `settings`. */
export function draftFromSettings(s: RunSettings): RunDraft {
  const budget = s.loop.contextBudget;
  const request = s.loop.requestBudget;
  const spend = s.loop.spendBudget;
  const idle = s.loop.idleTimeoutSeconds;
  return {
    agent: s.agent,
    command: s.command ?? '',
    model: s.model ?? '',
    notes: s.notes ?? '',
    maxPromptBytes: budget?.maxPromptBytes !== undefined ? String(budget.maxPromptBytes) : '',
    maxApproximateTokens: budget?.maxApproximateTokens !== undefined ? String(budget.maxApproximateTokens) : '',
    policy: budget?.policy ?? 'block',
    idleTimeout: typeof idle === 'number' ? String(idle) : '',
    idleOff: idle === null,
    keepStaged: s.keepStaged === true,
    xrayTools: s.xrayTools === true,
    wire: s.wire ?? null,
    maxRequestTokens: request?.maxRequestTokens !== undefined ? String(request.maxRequestTokens) : '',
    maxRequestBytes: request?.maxRequestBytes !== undefined ? String(request.maxRequestBytes) : '',
    requestPolicy: request?.policy ?? 'block',
    wireSecrets: s.loop.wireSecrets ?? 'warn',
    maxSpendUsd: spend?.maxUsd !== undefined ? spend.maxUsd.toFixed(2) : '',
    maxSpendTokens: spend?.maxTokens !== undefined ? String(spend.maxTokens) : '',
    spendPolicy: spend?.policy ?? 'block',
  };
}

/** Dollars as typed ("5", "2.50", "$12.25"): empty, a whole-cent amount above 0 up to the bound, or why not. */
function parseUsd(text: string): { kind: 'empty' } | { kind: 'value'; value: number } | { kind: 'error'; message: string } {
  const t = text.trim().replace(/^\$/, '').replace(/,/g, '');
  if (!t) return { kind: 'empty' };
  if (!/^\d+(\.\d{1,2})?$/.test(t) || !(Number(t) > 0)) return { kind: 'error', message: 'must be an amount in US dollars above 0, in whole cents (e.g. 2.50)' };
  if (Number(t) > SPEND_CEILING_MAX.maxUsd) return { kind: 'error', message: `must be at most ${SPEND_CEILING_MAX.maxUsd.toLocaleString('en-US')}` };
  return { kind: 'value', value: Number(t) };
}

const tooLong = (text: string, max: number) => (text.length > max ? `is longer than ${max.toLocaleString('en-US')} characters` : null);

/**
 * The settings the form describes, or the fields that are wrong and why.
 * `base` carries what the form does not edit (extra CLI arguments).
 */
export function settingsFromDraft(d: RunDraft, base: RunSettings): { settings: RunSettings | null; errors: DraftErrors } {
  const errors: DraftErrors = {};
  const command = d.command.trim();
  if (d.agent === 'custom' && !command) errors.command = 'is required for a custom command: the command line Loupe runs (prompt on stdin)';
  const commandTooLong = tooLong(d.command, RUN_LIMITS.maxCommandChars);
  if (commandTooLong) errors.command = commandTooLong;
  const modelTooLong = tooLong(d.model.trim(), 256);
  if (modelTooLong) errors.model = modelTooLong;
  const notesTooLong = tooLong(d.notes, RUN_LIMITS.maxNotesChars);
  if (notesTooLong) errors.notes = notesTooLong;

  const bytes = parseWholeNumber(d.maxPromptBytes, { max: BUDGET_CEILING_MAX.maxPromptBytes });
  const tokens = parseWholeNumber(d.maxApproximateTokens, { max: BUDGET_CEILING_MAX.maxApproximateTokens });
  const requestTokens = parseWholeNumber(d.maxRequestTokens, { max: REQUEST_CEILING_MAX.maxRequestTokens });
  const requestBytes = parseWholeNumber(d.maxRequestBytes, { max: REQUEST_CEILING_MAX.maxRequestBytes });
  if (requestTokens.kind === 'error') errors.maxRequestTokens = requestTokens.message;
  if (requestBytes.kind === 'error') errors.maxRequestBytes = requestBytes.message;
  const spendUsd = parseUsd(d.maxSpendUsd);
  const spendTokens = parseWholeNumber(d.maxSpendTokens, { max: SPEND_CEILING_MAX.maxTokens });
  if (spendUsd.kind === 'error') errors.maxSpendUsd = spendUsd.message;
  if (spendTokens.kind === 'error') errors.maxSpendTokens = spendTokens.message;
  if (bytes.kind === 'error') errors.maxPromptBytes = bytes.message;
  if (tokens.kind === 'error') errors.maxApproximateTokens = tokens.message;
  const idle = d.idleOff ? ({ kind: 'empty' } as const) : parseWholeNumber(d.idleTimeout, { min: IDLE_TIMEOUT_SECONDS.min, max: IDLE_TIMEOUT_SECONDS.max });
  if (idle.kind === 'error') errors.idleTimeout = idle.message;
  if (Object.keys(errors).length) return { settings: null, errors };

  const loop: RunSettings['loop'] = {};
  if (bytes.kind === 'value' || tokens.kind === 'value') {
    loop.contextBudget = {
      ...(bytes.kind === 'value' ? { maxPromptBytes: bytes.value } : {}),
      ...(tokens.kind === 'value' ? { maxApproximateTokens: tokens.value } : {}),
      policy: d.policy,
    };
  }
  if (requestTokens.kind === 'value' || requestBytes.kind === 'value') {
    loop.requestBudget = {
      ...(requestTokens.kind === 'value' ? { maxRequestTokens: requestTokens.value } : {}),
      ...(requestBytes.kind === 'value' ? { maxRequestBytes: requestBytes.value } : {}),
      policy: d.requestPolicy,
    };
  }
  if (spendUsd.kind === 'value' || spendTokens.kind === 'value') {
    loop.spendBudget = {
      ...(spendUsd.kind === 'value' ? { maxUsd: spendUsd.value } : {}),
      ...(spendTokens.kind === 'value' ? { maxTokens: spendTokens.value } : {}),
      policy: d.spendPolicy,
    };
  }
  // warn is the default: written only when chosen otherwise, or when the settings in force name it.
  if (d.wireSecrets !== 'warn' || base.loop.wireSecrets !== undefined) loop.wireSecrets = d.wireSecrets;
  if (d.idleOff) loop.idleTimeoutSeconds = null;
  else if (idle.kind === 'value') loop.idleTimeoutSeconds = idle.value;

  const settings: RunSettings = {
    agent: d.agent,
    ...(d.agent === 'custom' ? { command } : {}),
    ...(d.model.trim() ? { model: d.model.trim() } : {}),
    ...(d.notes.trim() ? { notes: d.notes } : {}),
    ...(base.agentArgs?.length ? { agentArgs: base.agentArgs } : {}),
    loop,
    ...(d.keepStaged ? { keepStaged: true } : {}),
    ...(d.xrayTools ? { xrayTools: true } : base.xrayTools === false ? { xrayTools: false } : {}),
    // Written only when chosen: left out, each agent gets its own default (on for the three CLIs).
    ...(d.wire !== null ? { wire: d.wire } : {}),
  };
  return { settings, errors };
}

/** Labels of the draft's fields, for messages ("Max prompt bytes must be…"). */
export const FIELD_LABEL: Record<DraftField, string> = {
  command: 'Command',
  model: 'Model',
  notes: 'Notes',
  maxPromptBytes: 'Max prompt bytes',
  maxApproximateTokens: 'Max approx. tokens',
  idleTimeout: 'No-progress timeout',
  maxRequestTokens: 'Max request tokens',
  maxRequestBytes: 'Max request bytes',
  maxSpendUsd: 'Max spend (USD)',
  maxSpendTokens: 'Max spend tokens',
};

/** Stable text of settings (keys sorted at every level), to tell whether two are the same. */
export function settingsKey(s: RunSettings | null): string {
  const sorted = (v: unknown): unknown =>
    v && typeof v === 'object' && !Array.isArray(v)
      ? Object.fromEntries(Object.keys(v).sort().map((k) => [k, sorted((v as Record<string, unknown>)[k])]))
      : v;
  return JSON.stringify(sorted(s ?? null));
}
