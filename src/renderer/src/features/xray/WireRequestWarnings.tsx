import type { WireRequestRecord } from '../../../../shared/contract/wire';
import { warningLabel, warningsOf } from '../../../../shared/wire/enforcement-text';

/**
 * What enforcement warned about the request shown: over the request budget
 * (warned or blocked), a recognised secret (sent or redacted). The view reads
 * the session again every two seconds, so a warned request shows it as it
 * arrives, in the words of the run's output and the CLI.
 */
export function WireRequestWarnings({ request }: { request: Pick<WireRequestRecord, 'sessionId' | 'seq' | 'enforcement'> }) {
  const warnings = warningsOf(request.sessionId, request.seq, request.enforcement);
  if (warnings.length === 0) return null;
  return (
    <div className="wire-request-warnings" data-testid="wire-request-warnings" data-seq={request.seq}>
      {warnings.map((w) => (
        <div key={w.kind} className={`ev ev-wire ev-wire-${w.action}`} role="status" data-testid="wire-request-warning" data-kind={w.kind} data-action={w.action}>
          <span className="ev-wire-label">On the wire · {warningLabel(w)}</span> {w.text}
        </div>
      ))}
    </div>
  );
}
