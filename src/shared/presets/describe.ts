// Settings in words, the same in the CLI and the app.
import type { ContextBudget } from '../contract/runs';
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

/** Where a setting in force came from: "preset team@2", "app (your change)", "default". */
export function sourceText(s: SettingSource): string {
  return s.kind === 'preset' ? `preset ${s.name}@${s.revision}` : s.kind === 'app' ? 'app (your change)' : s.kind === 'run' ? 'this run (a flag)' : 'default';
}
