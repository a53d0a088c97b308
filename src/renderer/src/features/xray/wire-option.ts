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
  // Short ids (the Runs view and `loupe wire list` show them whole): enough to tell sessions apart in a select.
  const which = w.runId ? `run ${w.runId.slice(0, 9)}` : `session ${w.id.slice(0, 8)}`;
  const n = w.modelRequests;
  return `${w.agent} (${what}) · started ${formatWhen(w.createdAt, 'seconds')} · ${which} · ${formatInt(n)} ${n === 1 ? 'request' : 'requests'} · largest ${formatBytes(w.largestBytes)} · last ${ago(w.lastAt ?? w.createdAt, now)}${w.notes.length ? ' · not recorded' : ''}`;
}
