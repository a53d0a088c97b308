import type { RunPreview } from '../../../../shared/contract/runs';
import type { Manifest } from '../../../../shared/contract/xray';
import { formatBytes, formatInt } from '../../../../shared/format';
import { reportedText } from '../../../../shared/xray/reported-text';
import { TokenFacts } from './TokenFacts';

/**
 * The numbers beside the meter, each saying what it is: what directives take
 * off, the provider's own count next to Loupe's estimate of the same point
 * (the difference named), the last prompt as measured, and the next
 * fresh-session prompt measured now.
 */
export function MeterFacts({ manifest: m, measured }: { manifest: Manifest; measured: RunPreview | null }) {
  const r = m.reported;
  return (
    <dl className="meter-facts">
      {m.threadId && (
        <>
          <dt>Thread</dt>
          <dd>
            <span className="mono">{m.threadId}</span> <span className="hint">(the CLI prints this with: loupe xray {m.threadId})</span>
          </dd>
        </>
      )}
      <dt>Model</dt>
      <dd>
        <span className="mono">{m.model.id ?? '(none set)'}</span> · window {formatInt(m.model.window)} ({m.model.source === 'default' ? 'default: no catalog window' : m.model.source}) · reserve {formatInt(m.model.reserve)}
      </dd>
      {m.tokenizer && (
        <>
          <dt>Counts</dt>
          <dd data-testid="tokenizer">{m.tokenizer.note}</dd>
        </>
      )}
      <TokenFacts manifest={m} />
      {m.totals.reclaimable.tokens > 0 && (
        <>
          <dt>Directives</dt>
          <dd data-testid="reclaimable">
            take about {formatInt(m.totals.reclaimable.tokens)} tokens off {m.enforceable ? 'the next prompt' : m.sessionFile ? 'a continuation as a Loupe thread' : 'a fresh-session prompt'} ({m.totals.reclaimable.kind})
          </dd>
        </>
      )}
      {r && (
        <>
          <dt>Provider’s count</dt>
          <dd data-testid="reported" data-reported={r.contextTokens} data-estimate={r.estimateAtSamePoint}>
            {reportedText(r)}
          </dd>
        </>
      )}
      {m.lastStep && (
        <>
          <dt>Last prompt sent</dt>
          <dd data-testid="last-prompt" data-bytes={m.lastStep.promptBytes}>
            {formatInt(m.lastStep.promptBytes)} bytes measured ({formatBytes(m.lastStep.promptBytes)}, ≈ {formatInt(m.lastStep.approxTokens)} tokens est.) · {m.lastStep.resumed ? 'resumed the CLI session' : 'fresh session'}
          </dd>
        </>
      )}
      {m.threadId && (
        <>
          <dt>Next fresh prompt</dt>
          <dd data-testid="next-prompt" data-bytes={measured?.promptBytes ?? ''}>
            {measured
              ? `${formatInt(measured.promptBytes)} bytes measured now (≈ ${formatInt(measured.approxTokens)} tokens est.), directives applied, with the last ask`
              : 'measuring…'}
          </dd>
        </>
      )}
    </dl>
  );
}
