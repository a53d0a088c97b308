import type { Manifest, TokenCount } from '../../../../shared/contract/xray';
import { foldCountText, foldUseText } from '../../../../shared/tokens/count-labels';
import type { TextMix } from '../../../../shared/tokens/estimate-error';
import { TokenEstimate, TokenExact } from '../../ui/TokenEstimate';

/** A total as what it is: exact with its encoding, or an estimate with the range its mix of text is likely off by. */
function Total({ count, mix, testId }: { count: TokenCount; mix?: TextMix; testId: string }) {
  return count.kind === 'exact' && count.encoding ? (
    <TokenExact count={count.tokens} encoding={count.encoding} testId={testId} />
  ) : (
    <TokenEstimate tokens={count.tokens} mix={mix} testId={testId} />
  );
}

/**
 * X-Ray's token facts: the system and conversation totals, each saying what
 * kind of number it is, and the count the next fresh-session fold checks its
 * budget in (exact, or the estimate × a factor with where it came from).
 */
export function TokenFacts({ manifest: m }: { manifest: Manifest }) {
  const fold = m.fold;
  return (
    <>
      <dt>Totals</dt>
      <dd className="tok-facts">
        <span>
          System:{' '}
          {m.systemUnknown && m.totals.system.tokens === 0 ? (
            // Nothing of it is in the source: unknown, never "≈ 0".
            <span data-testid="xray-system-total" data-unknown="true" title={m.systemUnknown}>
              unknown, not in the transcript
            </span>
          ) : (
            <>
              <Total count={m.totals.system} mix={m.textMix?.system} testId="xray-system-total" />
              {m.systemUnknown ? <span className="hint"> (what the transcript shows; the CLI’s own system prompt and tools: unknown, not in it)</span> : null}
            </>
          )}
        </span>
        <span>
          Conversation: <Total count={m.totals.conversation} mix={m.textMix?.conversation} testId="xray-conversation-total" />
        </span>
      </dd>
      {fold && (
        <>
          <dt>Fold</dt>
          <dd data-testid="xray-fold" data-count={fold.count.kind} title={fold.count.kind === 'scaled' ? fold.count.basis : fold.count.kind === 'estimate' ? fold.count.basis : undefined}>
            a fresh session’s history is checked in {foldCountText(fold.count)}: {foldUseText(fold.countedTokens, fold.budget, fold.count)}
            {fold.count.kind === 'scaled' && fold.count.exactUnavailable ? ` (exact counts could not run here: ${fold.count.exactUnavailable})` : ''}
          </dd>
        </>
      )}
    </>
  );
}
