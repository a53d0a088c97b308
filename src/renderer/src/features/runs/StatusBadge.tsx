import type { RunStatus } from '../../../../shared/contract/runs';
import { STATUS_LABEL } from './run-text';

/** A run's status as a coloured badge (running pulses). */
export function StatusBadge({ status }: { status: RunStatus }) {
  return (
    <span className={`badge run-status run-status-${status}`} data-status={status}>
      {status === 'running' && <span className="run-pulse" aria-hidden />}
      {STATUS_LABEL[status]}
    </span>
  );
}
