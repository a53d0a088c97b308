/**
 * Words for token numbers, so every screen says what kind each number is the
 * same way (split-meter.md rule 3): an estimate with the range its mix of text
 * is likely off by (from the measured table), an exact count with its
 * encoding, a scaled fold count with where its factor came from. Pure.
 */
import { formatInt, plural } from '../format';
import { checkedBudget, DEMO_FOLD_BASIS, type FoldCountInfo } from './fold-count';
import { ESTIMATE_ERROR, expectedErrorRange, type TextKind, type TextMix } from './estimate-error';

const KIND_WORDS: Record<TextKind, string> = { prose: 'prose', code: 'code', cjk: 'CJK text', json: 'JSON' };

/** "code", "code and prose", "code, prose and JSON": the kinds, most bytes first. */
export function mixWords(kinds: readonly TextKind[]): string {
  const words = kinds.map((k) => KIND_WORDS[k]);
  return words.length <= 1 ? (words[0] ?? '') : `${words.slice(0, -1).join(', ')} and ${words.at(-1)}`;
}

/** Rounds to three significant figures, outward (down for a low bound, up for a high one). */
function round3(n: number, up: boolean): number {
  if (n < 1000) return up ? Math.ceil(n) : Math.floor(n);
  const step = 10 ** (Math.floor(Math.log10(n)) - 2);
  return (up ? Math.ceil(n / step) : Math.floor(n / step)) * step;
}

export interface LikelyRange {
  low: number;
  high: number;
  kinds: TextKind[];
}

/**
 * The exact count (o200k_base) an estimate likely stands for, given the kinds
 * of text it was made of: the 10th-90th percentile of the measured error of
 * 4 KiB pieces of each kind, weighted by bytes. Wide for a large total (its
 * errors average out) rather than narrow for a small one. Null for no text.
 */
export function likelyExactRange(estimateTokens: number, mix: TextMix): LikelyRange | null {
  const r = expectedErrorRange(mix);
  if (!r || !(estimateTokens > 0)) return null;
  return {
    low: round3(estimateTokens / (1 + r.typicalHigh), false),
    high: round3(estimateTokens / (1 + r.typicalLow), true),
    kinds: r.kinds,
  };
}

/**
 * "estimate; exact likely 11,100–13,400 for this mix of code and prose", or
 * "estimate" when the mix is unknown. The range is the exact count's, not the
 * estimate's: where bytes ÷ 4 is known to run high (or low) for the mix, the
 * estimate lies outside it, and the words say so rather than leave a number
 * beside a range that does not hold it. `exactShown`: an exact count is shown
 * beside it, so the range is left out ("estimate").
 */
export function estimateNote(estimateTokens: number, mix: TextMix | undefined, exactShown = false): string {
  // Beside an exact count the range says nothing true: the exact count is the figure (and may be in another encoding than the range's o200k_base).
  const range = mix && !exactShown ? likelyExactRange(estimateTokens, mix) : null;
  if (!range) return 'estimate';
  const exact = `${formatInt(range.low)}–${formatInt(range.high)}`;
  const words = mixWords(range.kinds);
  if (estimateTokens > range.high) return `estimate, high for ${words}: the exact count is likely ${exact}`;
  if (estimateTokens < range.low) return `estimate, low for ${words}: the exact count is likely ${exact}`;
  return `estimate; exact likely ${exact} for this mix of ${words}`;
}

/** Where the range comes from, for a tooltip. */
export const RANGE_SOURCE =
  `Estimate: UTF-8 bytes ÷ 4. The likely range is the 10th–90th percentile of how far that rule was from the exact ` +
  `${ESTIMATE_ERROR.encoding} count on 4 KiB pieces of each kind of text (${ESTIMATE_ERROR.measuredBy}, ${ESTIMATE_ERROR.measuredOn}), ` +
  'weighted by how much of each kind this holds. Claude’s and Gemini’s tokenizers are not public: their own counts can differ more.';

/** How a fold checked its budget, in one line: "exact o200k_base tokens", "estimate × 1.5 (Claude default, no runs yet) − 26,000 for the agent". */
export function foldCountText(count: FoldCountInfo): string {
  if (count.kind === 'exact') return `exact ${count.encoding} tokens`;
  if (count.kind === 'estimate') return count.basis === DEMO_FOLD_BASIS ? 'estimate (bytes ÷ 4, the demo agent’s own count)' : 'estimate (bytes ÷ 4)';
  const from =
    count.source === 'calibrated'
      ? `calibrated on ${plural(count.runs, 'run')} of this model`
      : `${count.family === 'other' ? 'conservative' : count.family === 'gpt' ? 'GPT' : count.family === 'claude' ? 'Claude' : 'Gemini'} default, no runs calibrated yet`;
  const overhead = count.overheadTokens > 0 ? `, ${formatInt(count.overheadTokens)} tokens left for the agent’s own prompt` : '';
  return `estimate × ${count.factor} (${from}${overhead})`;
}

/** "12,345 of the 170,000-token budget", or with room left for the agent: "12,345 of the 144,000 tokens the 170,000-token budget leaves". */
export function foldUseText(countedTokens: number, foldBudget: number, count: FoldCountInfo): string {
  const room = checkedBudget(foldBudget, count);
  return room === foldBudget
    ? `${formatInt(countedTokens)} of the ${formatInt(foldBudget)}-token budget`
    : `${formatInt(countedTokens)} of the ${formatInt(room)} tokens the ${formatInt(foldBudget)}-token budget leaves`;
}
