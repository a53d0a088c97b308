// What changed between two revisions of a preset, setting by setting, and
// when two revisions hold the same settings (import never duplicates one).
import type { SettingChange } from '../contract/presets';
import type { RunSettings } from '../contract/runs';

/** The settings compared one by one, as dotted paths (the budget's parts each on their own). */
export const DIFF_FIELDS = [
  'agent',
  'command',
  'model',
  'notes',
  'agentArgs',
  'loop.contextBudget.maxPromptBytes',
  'loop.contextBudget.maxApproximateTokens',
  'loop.contextBudget.policy',
  'loop.requestBudget.maxRequestTokens',
  'loop.requestBudget.maxRequestBytes',
  'loop.requestBudget.policy',
  'loop.spendBudget.maxUsd',
  'loop.spendBudget.maxTokens',
  'loop.spendBudget.policy',
  'loop.wireSecrets',
  'loop.idleTimeoutSeconds',
  'keepStaged',
  'xrayTools',
  'wire',
] as const;
export type DiffField = (typeof DIFF_FIELDS)[number];

/** Words for each field, for the history and the CLI. */
export const FIELD_LABELS: Record<DiffField, string> = {
  agent: 'agent',
  command: 'command',
  model: 'model',
  notes: 'notes',
  agentArgs: 'agent arguments',
  'loop.contextBudget.maxPromptBytes': 'max prompt bytes',
  'loop.contextBudget.maxApproximateTokens': 'max approx. tokens',
  'loop.contextBudget.policy': 'budget policy',
  'loop.requestBudget.maxRequestTokens': 'max request tokens',
  'loop.requestBudget.maxRequestBytes': 'max request bytes',
  'loop.requestBudget.policy': 'request budget policy',
  'loop.spendBudget.maxUsd': 'max spend (USD)',
  'loop.spendBudget.maxTokens': 'max spend tokens',
  'loop.spendBudget.policy': 'spend budget policy',
  'loop.wireSecrets': 'secrets on the wire',
  'loop.idleTimeoutSeconds': 'no-progress timeout (s)',
  keepStaged: 'keep staged folder',
  xrayTools: 'X-Ray tools',
  wire: 'record the wire',
};

/** The value at a dotted path, or null when it is not set. */
export function valueAt(settings: RunSettings | null, field: DiffField): unknown {
  let at: unknown = settings;
  for (const part of field.split('.')) {
    if (typeof at !== 'object' || at === null) return null;
    at = (at as Record<string, unknown>)[part];
  }
  return at ?? null;
}

/** JSON with object keys sorted: equal settings give equal text whatever order they were written in. */
export function canonicalJson(value: unknown): string {
  return JSON.stringify(value, (_key, v: unknown) =>
    v && typeof v === 'object' && !Array.isArray(v)
      ? Object.fromEntries(Object.entries(v as Record<string, unknown>).filter(([, x]) => x !== undefined).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)))
      : v,
  );
}

/** True when two revisions hold the same settings. */
export function sameSettings(a: RunSettings, b: RunSettings): boolean {
  return canonicalJson(a) === canonicalJson(b);
}

/**
 * Every setting that differs from `before` to `after` (`before` null: every
 * setting `after` sets). Unset reads as null.
 */
export function diffSettings(before: RunSettings | null, after: RunSettings): SettingChange[] {
  const out: SettingChange[] = [];
  for (const field of DIFF_FIELDS) {
    const a = valueAt(before, field);
    const b = valueAt(after, field);
    if (canonicalJson(a) !== canonicalJson(b)) out.push({ field, before: a, after: b });
  }
  return out;
}

/** A setting's value in a few words: "not set", "block", "100,000", "on". */
export function formatSettingValue(value: unknown): string {
  if (value === null || value === undefined) return 'not set';
  if (typeof value === 'number') return value.toLocaleString('en-US');
  if (typeof value === 'boolean') return value ? 'on' : 'off';
  if (Array.isArray(value)) return value.length ? value.map((v) => JSON.stringify(v)).join(' ') : 'none';
  if (typeof value === 'string') return value.length > 80 ? `${value.slice(0, 79)}…` : value;
  return JSON.stringify(value);
}
