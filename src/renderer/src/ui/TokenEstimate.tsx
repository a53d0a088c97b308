import { formatInt } from '../../../shared/format';
import { estimateNote, RANGE_SOURCE } from '../../../shared/tokens/count-labels';
import type { TextMix } from '../../../shared/tokens/estimate-error';

/**
 * An estimated total, labelled as one, with the range its mix of text is
 * likely off by (from the measured table): "≈ 12,300 tokens (estimate; likely
 * 11,100–13,400 for this mix of code and prose)"; with `exactShown` (an exact
 * count is beside it) no range: the exact count is the figure.
 */
export function TokenEstimate({ tokens, mix, testId, exactShown = false }: { tokens: number; mix?: TextMix; testId?: string; exactShown?: boolean }) {
  return (
    <span className="tok-est" data-testid={testId} title={exactShown ? 'Estimate: UTF-8 bytes ÷ 4. The exact count beside it is the figure to go by.' : RANGE_SOURCE}>
      <span className="tok-num">≈ {formatInt(tokens)} tokens</span> <span className="hint tok-note">({estimateNote(tokens, mix, exactShown)})</span>
    </span>
  );
}

/** An exact count, always with its encoding: "12,041 tokens exact (o200k_base)". */
export function TokenExact({ count, encoding, testId }: { count: number; encoding: string; testId?: string }) {
  return (
    <span className="tok-exact" data-testid={testId} title={`Counted with ${encoding}, the model’s own tokenizer, in Loupe’s token workers`}>
      <span className="tok-num">{formatInt(count)} tokens</span> <span className="hint tok-note">exact ({encoding})</span>
    </span>
  );
}
