import { parseArgs } from 'node:util';
import type { CostReport } from '../../../shared/contract/cost';
import { cacheReadShare, formatUsd, LIST_PRICE, PRICE_UNKNOWN, totalsText, type CostTotals } from '../../../shared/cost/price';
import { COST_GROUPS, type CostGroupBy } from '../../../shared/cost/report';
import { formatInt } from '../../../shared/format';
import { EXIT_OK, UsageError, type CommandRun } from '../command';
import { withRuntime } from '../with-runtime';

const pct = (v: number | null) => (v === null ? '—' : `${Math.round(v * 100)}%`);
const usd = (t: CostTotals) => (t.priced === 0 && t.requests > 0 ? PRICE_UNKNOWN : `${formatUsd(t.usd)}${t.unknown ? ` +${t.unknown} unknown` : ''}`);

/** One line per group, then the total with the cache's share and what it saved. */
export function formatCostReport(r: CostReport): string {
  const rows = r.groups.map((g) => [
    g.key,
    String(g.totals.requests),
    usd(g.totals),
    g.totals.cliUsd === null ? '—' : formatUsd(g.totals.cliUsd),
    formatInt(g.totals.tokens.input + g.totals.tokens.cacheRead + g.totals.tokens.cacheWrite),
    pct(cacheReadShare(g.totals.tokens)),
    g.totals.priced ? formatUsd(g.totals.noCacheUsd - g.totals.usd) : '—',
  ]);
  const head = [r.by.toUpperCase(), 'REQUESTS', 'LIST PRICE', 'CLI SAID', 'INPUT', 'CACHE READ', 'CACHE SAVED'];
  const widths = head.map((h, i) => Math.max(h.length, ...rows.map((row) => row[i]!.length)));
  const line = (cells: string[]) => cells.map((c, i) => (i === 0 ? c.padEnd(widths[i]!) : c.padStart(widths[i]!))).join('  ').trimEnd();
  const t = r.total;
  const lines = rows.length ? [line(head), ...rows.map(line), ''] : ['No priced requests' + (r.since ? ` since ${r.since}` : '') + '.', ''];
  lines.push(
    `Total: ${totalsText(t)} over ${formatInt(t.requests)} requests${r.since ? ` since ${r.since}` : ''}; CLIs' own figure ${t.cliUsd === null ? 'not reported' : formatUsd(t.cliUsd)}.`,
    `Tokens: input ${formatInt(t.tokens.input)}, cache write ${formatInt(t.tokens.cacheWrite)}, cache read ${formatInt(t.tokens.cacheRead)} (${pct(cacheReadShare(t.tokens))} of input), output ${formatInt(t.tokens.output)}.`,
  );
  if (t.priced) lines.push(`Without the cache the priced requests would have cost ${formatUsd(t.noCacheUsd)}: the cache saved ${formatUsd(t.noCacheUsd - t.usd)}.`);
  lines.push(`Prices are ${LIST_PRICE} from the model catalog (a subscription or a negotiated rate is not this bill).`);
  for (const note of r.notes) lines.push(`Note: ${note}`);
  return `${lines.join('\n')}\n`;
}

/** The flags of `loupe cost` (its usage in commands/index.ts names each). */
export const COST_OPTIONS = {
  since: { type: 'string' },
  by: { type: 'string', default: 'day' },
  'no-imported': { type: 'boolean', default: false },
  json: { type: 'boolean', default: false },
} as const;

/** `loupe cost [--since DATE] [--by day|week|session|model|repo] [--no-imported] [--json]`. */
export const run: CommandRun = async (args, io) => {
  const { values } = parseArgs({ args, options: COST_OPTIONS, strict: true });
  if (!(COST_GROUPS as readonly string[]).includes(values.by)) throw new UsageError(`--by takes one of ${COST_GROUPS.join(', ')} (got "${values.by}").`);
  if (values.since !== undefined && !/^\d{4}-\d{2}-\d{2}$/.test(values.since)) throw new UsageError(`--since takes a date as YYYY-MM-DD (got "${values.since}").`);
  return withRuntime(io, async (runtime, signal) => {
    const report = await runtime.call('cost.report', { by: values.by as CostGroupBy, imported: !values['no-imported'], ...(values.since ? { since: values.since } : {}) }, { signal });
    io.stdout(values.json ? `${JSON.stringify(report, null, 2)}\n` : formatCostReport(report));
    return EXIT_OK;
  });
};
