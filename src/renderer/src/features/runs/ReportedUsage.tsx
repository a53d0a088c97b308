import type { StepEvidence } from '../../../../shared/contract/runs';
import { formatInt } from '../../../../shared/format';
import { blockedBy } from './run-text';

/**
 * What the provider reported after the step, beside Loupe's estimate of what
 * it sent, with the difference named (split-meter rule 3: never folded into one).
 */
export function ReportedUsage({ step }: { step: StepEvidence }) {
  const r = step.reported;
  const wireBlock = blockedBy(step) === 'wire' ? step.wireBlock : undefined;
  if (wireBlock?.seq === 1 || (wireBlock !== undefined && !r)) {
    // The relay answered the blocked request itself: whatever the CLI printed is not a provider's count.
    return (
      <p className="hint" data-testid="reported-none" data-why="wire-block">
        {wireBlock?.seq === 1
          ? 'Blocked on the wire at the first request: it never reached the provider, so the provider reported nothing.'
          : 'The provider reported nothing for this step (the relay blocked one of its requests).'}
      </p>
    );
  }
  if (!r) {
    return (
      <p className="hint" data-testid="reported-none">
        {step.outcome === 'blocked' ? 'Not launched, so the provider reported nothing.' : 'The agent reported no token counts for this step.'}
      </p>
    );
  }
  // The prompt as the first request carried it is what Loupe sent (plus the CLI's own prompt); later requests add tool results.
  const counted = r.promptTokens ?? r.contextTokens ?? (r.inputTokens !== undefined ? r.inputTokens + (r.cacheReadTokens ?? 0) + (r.cacheCreationTokens ?? 0) : undefined);
  const diff = counted === undefined ? null : counted - step.approxTokens;
  const who = step.adapter === 'demo' ? 'The demo agent' : 'The provider';
  const cells: [string, number | undefined][] = [
    ['input', r.inputTokens],
    ['output', r.outputTokens],
    ['cache read', r.cacheReadTokens],
    ['cache write', r.cacheCreationTokens],
    ['context (last request)', r.contextTokens],
    ['prompt (first request)', r.promptTokens],
  ];
  return (
    <div className="reported" data-testid="reported">
      <p>
        <strong>{step.adapter === 'demo' ? 'Reported by the demo agent' : 'Reported by the provider'}</strong>
        {step.adapter === 'demo' ? ' (no model: it counts bytes ÷ 4 itself)' : ' (tokens, after the step)'}:{' '}
        {cells
          .filter(([, v]) => v !== undefined)
          .map(([k, v]) => `${formatInt(v!)} ${k}`)
          .join(' · ')}
        {r.costUsd !== undefined ? ` · cost $${r.costUsd.toFixed(4)}` : ''}
      </p>
      <p>
        <strong>Loupe’s estimate</strong> of what it sent: ≈ {formatInt(step.approxTokens)} tokens (approx., bytes ÷ 4).
        {diff !== null &&
          (diff === 0
            ? ` ${who}’s input count matches it.`
            : ` ${who} counted ${formatInt(Math.abs(diff))} ${diff > 0 ? 'more' : 'fewer'} input tokens than Loupe’s estimate${
                diff > 0 ? ': its count includes what lies outside Loupe’s measurement and uses its own tokenizer.' : ' (its tokenizer packs this text tighter than bytes ÷ 4).'
              }`)}
      </p>
    </div>
  );
}
