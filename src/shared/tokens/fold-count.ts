/**
 * What a fold checks its budget with, as evidence and X-Ray record and show
 * it: the model's exact tokenizer where it is public (and runs here), else the
 * estimate scaled by the model's calibration from the user's runs or by its
 * family's default factor; plain bytes / 4 only where that is the consumer's
 * own count (the demo agent). Pure: main decides which applies, the renderer
 * words it.
 */
import { foldFactorFor, type FoldFactor, type ModelCalibration } from './calibration';
import type { TokenEncoding } from './encodings';
import { tokenizerForModel } from './model-tokenizer';

export type FoldCountInfo =
  /** Checked in ceil(bytes / 4), because the consumer counts exactly that (the demo agent). */
  | { kind: 'estimate'; basis: string }
  /** Checked in the model's own tokenizer. */
  | { kind: 'exact'; encoding: TokenEncoding }
  /**
   * Checked in ceil(bytes × factor / 4) against the budget less the overhead the
   * agent adds. `exactUnavailable` says why a model with a public tokenizer was
   * not counted exactly (no token workers in this build).
   */
  | ({ kind: 'scaled'; exactUnavailable?: string } & FoldFactor);

/**
 * Tokens an agent CLI adds to every request by itself (its system prompt and
 * tool definitions), which Loupe never sends nor sees, measured where a real
 * session shows it. A family default leaves room for it until the model's own
 * runs fit an overhead; agents not listed are not measured (0).
 */
export const DEFAULT_AGENT_OVERHEAD: Readonly<Record<string, { tokens: number; basis: string }>> = {
  claude: {
    tokens: 26_000,
    basis:
      'Claude Code’s first request in a real session (fixtures/sessions/claude/spotter, claude-opus-4-6) was counted at 26,450 ' +
      'tokens by Claude for a first message Loupe estimates at 46: its own system prompt and tools. With ×1.5 and 26,000 ' +
      'left for them, no request of that session kept whole by a fold is over window − reserve (fold-measure.spec.ts).',
  },
};

/** Why the demo agent's folds use the plain estimate. */
export const DEMO_FOLD_BASIS = 'The demo agent counts its input as bytes ÷ 4 itself, so the estimate is its own count.';

/**
 * The count a fold for `model` (run by `agent`) checks its budget in, given
 * the model's calibration from the user's runs (or null), before any attempt
 * at an exact count: exact for a model with a public tokenizer, the scaled
 * estimate otherwise (no model at all is the most conservative family).
 */
export function foldCountFor(model: string | null, agent: string, calibration: ModelCalibration | null): FoldCountInfo {
  if (agent === 'demo') return { kind: 'estimate', basis: DEMO_FOLD_BASIS };
  const id = model?.trim() ?? '';
  const tokenizer = id ? tokenizerForModel(id) : null;
  if (tokenizer?.kind === 'exact') return { kind: 'exact', encoding: tokenizer.encoding };
  return { kind: 'scaled', ...withAgentOverhead(foldFactorFor(id, calibration), agent) };
}

/** The scaled count to use instead of an exact one that could not run here, saying why. */
export function withoutExact(model: string, agent: string, calibration: ModelCalibration | null, reason: string): FoldCountInfo {
  return { kind: 'scaled', ...withAgentOverhead(foldFactorFor(model, calibration), agent), exactUnavailable: reason };
}

/** A family default with the room its agent is measured to take (a calibrated factor has its own fitted overhead). */
function withAgentOverhead(factor: FoldFactor, agent: string): FoldFactor {
  const overhead = DEFAULT_AGENT_OVERHEAD[agent];
  if (factor.source !== 'family-default' || !overhead) return factor;
  return { ...factor, overheadTokens: overhead.tokens, basis: `${factor.basis} ${overhead.basis}` };
}

/** The budget a fold in `count` checks against: the scaled count leaves room for the overhead the agent adds. */
export function checkedBudget(foldBudget: number, count: FoldCountInfo): number {
  return count.kind === 'scaled' ? Math.max(1, foldBudget - count.overheadTokens) : foldBudget;
}
