import { parseArgs } from 'node:util';
import type { ModelInfo, ModelList } from '../../../shared/contract/models';
import type { Runtime } from '../../core/runtime';
import { EXIT_OK, type CliIo, type CommandRun } from '../command';
import { withRuntime } from '../with-runtime';

export const n = (value: number) => value.toLocaleString('en-US');

/** How a window reads in text: its number, and where it comes from. */
export function windowLabel(m: Pick<ModelInfo, 'window' | 'source'>): string {
  return m.source === 'default' ? `${n(m.window)} (default: none published)` : `${n(m.window)} (${m.source})`;
}

/**
 * Opens the same runtime as the app and, when the user turned refresh on,
 * refreshes first (a failed source is a note on stderr: the snapshot answers).
 */
export async function withModels<T>(io: CliIo, command: string, fn: (runtime: Runtime, signal: AbortSignal) => Promise<T>): Promise<T> {
  return withRuntime(io, async (runtime, signal) => {
    const status = await runtime.call('models.refresh', {}, { signal });
    for (const s of status.enabled ? status.sources : []) {
      if (s.state === 'failed') io.stderr(`loupe ${command}: note: ${s.kind} refresh failed (${s.error}); using the bundled snapshot.\n`);
    }
    return fn(runtime, signal);
  });
}

function formatModels(list: ModelList): string {
  const rows = list.models.map((m) => [m.id, n(m.window), m.source, n(m.reserve), n(m.budget), m.output === null ? '-' : n(m.output)]);
  const head = ['ID', 'WINDOW', 'SOURCE', 'RESERVE', 'BUDGET', 'OUTPUT'];
  const widths = head.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i]!.length)));
  const line = (cells: string[]) =>
    cells.map((c, i) => (i === 0 || i === 2 ? c.padEnd(widths[i]!) : c.padStart(widths[i]!))).join('  ').trimEnd();
  const refresh = list.refresh.enabled ? 'on' : 'off (turn it on in the app: Settings → Models)';
  const defaults = list.models.filter((m) => m.source === 'default').length;
  const lines = [
    line(head),
    ...rows.map(line),
    '',
    `${n(list.models.length)} shown of ${n(list.matched)} matching, ${n(list.total)} in the catalog. Tokens are approximate (bytes / 4).`,
  ];
  if (defaults) lines.push(`${n(defaults)} shown publish no window: source "default" means Loupe uses ${n(list.defaultWindow)}.`);
  lines.push(`Reserve = max(16,384, 15% of window); budget = max(1, window - reserve) (a window of 16,384 or less: no history is sent). Snapshot: ${list.snapshot}. Refresh: ${refresh}.`, '');
  return lines.join('\n');
}

/** `loupe models`: the catalog with each model's window, its source, reserve and budget. */
export const run: CommandRun = async (args, io) => {
  const { values } = parseArgs({
    args,
    options: { search: { type: 'string' }, json: { type: 'boolean', default: false } },
    strict: true,
  });
  const list = await withModels(io, 'models', (runtime, signal) => runtime.call('models.list', { query: values.search }, { signal }));
  io.stdout(values.json ? `${JSON.stringify(list, null, 2)}\n` : formatModels(list));
  return EXIT_OK;
};
