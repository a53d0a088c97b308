import type { ContextBudget, ExceededCeiling } from '../contract/runs';
import { approxTokens } from '../contract/run-limits';

/** What is measured right before launch: the exact bytes sent. */
export interface PromptMeasure {
  promptBytes: number;
  schemaBytes: number;
}

export interface BudgetCheck {
  totalBytes: number;
  approxTokens: number;
  exceeded: ExceededCeiling[];
  /** ok: within every ceiling (or none set); warn: over, launched with a warning; block: over, never launched. */
  verdict: 'ok' | 'warn' | 'block';
}

/**
 * Applies the invocation context budget to a measured prompt. Tokens are
 * ceil(total bytes / 4), the published estimate; Loupe never infers a
 * provider's window for these ceilings.
 */
export function checkBudget(measure: PromptMeasure, budget: ContextBudget | null | undefined): BudgetCheck {
  const totalBytes = measure.promptBytes + measure.schemaBytes;
  const tokens = approxTokens(totalBytes);
  const exceeded: ExceededCeiling[] = [];
  if (budget?.maxPromptBytes !== undefined && totalBytes > budget.maxPromptBytes) {
    exceeded.push({ ceiling: 'maxPromptBytes', limit: budget.maxPromptBytes, actual: totalBytes, over: totalBytes - budget.maxPromptBytes });
  }
  if (budget?.maxApproximateTokens !== undefined && tokens > budget.maxApproximateTokens) {
    exceeded.push({
      ceiling: 'maxApproximateTokens',
      limit: budget.maxApproximateTokens,
      actual: tokens,
      over: tokens - budget.maxApproximateTokens,
    });
  }
  const verdict = exceeded.length === 0 ? 'ok' : budget?.policy === 'block' ? 'block' : 'warn';
  return { totalBytes, approxTokens: tokens, exceeded, verdict };
}

/** One plain sentence per exceeded ceiling ("2,345 bytes over the 100-byte ceiling"). */
export function describeExceeded(exceeded: readonly ExceededCeiling[]): string {
  const n = (v: number) => v.toLocaleString('en-US');
  return exceeded
    .map((e) =>
      e.ceiling === 'maxPromptBytes'
        ? `the prompt is ${n(e.actual)} bytes, ${n(e.over)} over the ${n(e.limit)}-byte ceiling`
        : `the prompt is about ${n(e.actual)} tokens, ${n(e.over)} over the ${n(e.limit)}-token ceiling`,
    )
    .join('; ');
}
