import type { WireSessionSummary } from '../../../../shared/contract/wire';
import { formatBytes, formatInt } from '../../../../shared/format';
import { formatWhen } from '../../ui/when';
import { ago } from './session-text';

/**
 * One wire session in the picker: agent, kind, when it started (to the
 * second) and which run or session it is, so sessions of one agent and minute
 * never read alike; then requests, the largest, the latest.
 */
export function wireOption(w: WireSessionSummary, now = Date.now()): string {
  const what = w.kind === 'wrap' ? 'wrapped' : w.kind === 'run' ? 'run' : 'custom command';
  const which = w.runId ? `run ${w.runId}` : `session ${w.id}`;
  const n = w.modelRequests;
  return `${w.agent} (${what}) · started ${formatWhen(w.createdAt, 'seconds')} · ${which} · ${formatInt(n)} ${n === 1 ? 'request' : 'requests'} · largest ${formatBytes(w.largestBytes)} · last ${ago(w.lastAt ?? w.createdAt, now)}${w.notes.length ? ' · not recorded' : ''}`;
}
