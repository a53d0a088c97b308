// Settings in words, the same in the CLI and the app.
import type { ContextBudget, RequestBudget, SpendBudget } from '../contract/runs';
import { formatUsd } from '../cost/price';
import type { SettingSource } from '../contract/settings';

/** "block at 100,000 bytes / ≈20,000 tokens", or "no ceiling". */
export function budgetText(b: ContextBudget | null | undefined): string {
  if (!b) return 'no ceiling';
  const parts = [
    b.maxPromptBytes !== undefined ? `${b.maxPromptBytes.toLocaleString('en-US')} bytes` : null,
    b.maxApproximateTokens !== undefined ? `≈${b.maxApproximateTokens.toLocaleString('en-US')} tokens` : null,
  ].filter(Boolean);
  return parts.length ? `${b.policy} at ${parts.join(' / ')}` : `${b.policy} (no ceiling set)`;
}

/** "block at 150,000 tokens / 600,000 bytes per request", or "no ceiling". */
export function requestBudgetText(b: RequestBudget | null | undefined): string {
  if (!b) return 'no ceiling';
  const parts = [
    b.maxRequestTokens !== undefined ? `${b.maxRequestTokens.toLocaleString('en-US')} tokens` : null,
    b.maxRequestBytes !== undefined ? `${b.maxRequestBytes.toLocaleString('en-US')} bytes` : null,
  ].filter(Boolean);
  return parts.length ? `${b.policy} at ${parts.join(' / ')} per request` : `${b.policy} (no ceiling set)`;
}

/** "block at $5.00 (list price) / 2,000,000 tokens per session or run", or "no ceiling". */
export function spendBudgetText(b: SpendBudget | null | undefined): string {
  if (!b) return 'no ceiling';
  const parts = [b.maxUsd !== undefined ? `${formatUsd(b.maxUsd)} (list price)` : null, b.maxTokens !== undefined ? `${b.maxTokens.toLocaleString('en-US')} tokens` : null].filter(Boolean);
  return parts.length ? `${b.policy} at ${parts.join(' / ')} per session or run` : `${b.policy} (no ceiling set)`;
}

/** "warn (default)", "warn", "redact". */
export function wireSecretsText(mode: 'warn' | 'redact' | undefined): string {
  return mode === undefined ? 'warn (default): recorded, sent' : mode === 'warn' ? 'warn: recorded, sent' : 'redact: replaced before sending';
}

/** Where a setting in force came from: "preset team@2", "app (your change)", "default". */
export function sourceText(s: SettingSource): string {
  return s.kind === 'preset' ? `preset ${s.name}@${s.revision}` : s.kind === 'app' ? 'app (your change)' : s.kind === 'run' ? 'this run (a flag)' : 'default';
}
