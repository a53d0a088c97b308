import type { SessionContinuation } from '../../../../shared/contract/sessions';
import { approxTokens } from '../../../../shared/contract/runs';
import { formatInt, plural } from '../../../../shared/format';

/** On the thread a session was just continued as: what the history carried and left out, and its first turn as measured. */
export function ContinuedNotice({ continuation: c }: { continuation: SessionContinuation }) {
  const step = c.run.steps[0];
  const status = c.run.run.status;
  return (
    <div className="notice small" data-testid="continued" data-run-id={c.run.run.id} data-status={status}>
      <p>
        Continued from the CLI session as this Loupe thread: {plural(c.carried.count, 'entry', 'entries')} carried (≈ {formatInt(approxTokens(c.carried.bytes))} tokens)
        {c.evicted.count ? `, ${formatInt(c.evicted.count)} evicted left out (≈ ${formatInt(approxTokens(c.evicted.bytes))} tokens)` : ''}
        {c.summarized ? `, ${formatInt(c.summarized)} as summaries` : ''}
        {c.pinned ? `, ${plural(c.pinned, 'pin')} carried over` : ''}
        {c.notInContext.count ? `; ${formatInt(c.notInContext.count)} the CLI no longer had in context stayed out` : ''}. Its directives apply whenever Loupe assembles
        its prompt (a fresh session, as this first turn).
        {step && (
          <>
            {' '}
            First turn <span className="mono">{c.run.run.id}</span>: {status === 'blocked' ? 'blocked by the context budget' : 'a fresh session'}, prompt measured at{' '}
            <span data-testid="continued-prompt" data-bytes={step.promptBytes}>
              {formatInt(step.promptBytes)} bytes
            </span>{' '}
            (≈ {formatInt(step.approxTokens)} tokens est.).
          </>
        )}
      </p>
    </div>
  );
}
