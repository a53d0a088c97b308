/**
 * Where the money went: priced requests grouped by day, week, session, model
 * or repository, summed the same way everywhere (the CLI's `loupe cost`, the
 * Costs view), so a group's total is always the sum of its requests.
 */
import { addRequest, emptyTotals, type BillableTokens, type CostTotals, type RequestPrice } from './price';

/** Where a priced request was seen. */
export type CostSource = 'run' | 'wrap' | 'custom' | 'imported';

export const COST_GROUPS = ['day', 'week', 'session', 'model', 'repo'] as const;
export type CostGroupBy = (typeof COST_GROUPS)[number];

/** One request (or, with `price` null, one CLI-reported cost with no request of its own). */
export interface CostItem {
  at: string;
  source: CostSource;
  /** The session it belongs to: `wire:<id>`, `run:<id>` (a run not on the wire), `file:<transcript>`. */
  session: string;
  /** The CLI or agent (claude, codex, gemini, claude-code…). */
  agent: string;
  repo: string | null;
  model: string | null;
  tokens: BillableTokens;
  price: RequestPrice | null;
  /** What the CLI itself said it cost (Claude's total_cost_usd), where this item carries it. */
  cliUsd: number | null;
}

export interface CostGroup {
  key: string;
  totals: CostTotals;
  first: string;
  last: string;
  /** Session groups: where and by what it ran. */
  agent?: string;
  source?: CostSource;
  repo?: string | null;
}

/** Monday (UTC) of the ISO week `at` falls in, as YYYY-MM-DD. */
export function weekOf(at: string): string {
  const d = new Date(at);
  if (Number.isNaN(d.getTime())) return 'unknown';
  const day = (d.getUTCDay() + 6) % 7;
  return new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), d.getUTCDate() - day)).toISOString().slice(0, 10);
}

function keyOf(item: CostItem, by: CostGroupBy): string {
  switch (by) {
    case 'day':
      return /^\d{4}-\d{2}-\d{2}/.test(item.at) ? item.at.slice(0, 10) : 'unknown';
    case 'week':
      return weekOf(item.at);
    case 'session':
      return item.session;
    case 'model':
      return item.model ?? '(no model named)';
    case 'repo':
      return item.repo ?? '(no repository)';
  }
}

/** Adds an item to totals: its request priced, its CLI-reported cost beside. */
export function addItem(into: CostTotals, item: CostItem): CostTotals {
  if (item.price) addRequest(into, item.tokens, item.price, item.model);
  if (item.cliUsd !== null) into.cliUsd = (into.cliUsd ?? 0) + item.cliUsd;
  return into;
}

/** Items grouped and summed; groups by time sorted oldest first, others by cost, largest first. */
export function groupCosts(items: readonly CostItem[], by: CostGroupBy): CostGroup[] {
  const groups = new Map<string, CostGroup>();
  for (const item of items) {
    const key = keyOf(item, by);
    let g = groups.get(key);
    if (!g) {
      g = { key, totals: emptyTotals(), first: item.at, last: item.at };
      if (by === 'session') Object.assign(g, { agent: item.agent, source: item.source, repo: item.repo });
      groups.set(key, g);
    }
    addItem(g.totals, item);
    if (item.at < g.first) g.first = item.at;
    if (item.at > g.last) g.last = item.at;
  }
  const list = [...groups.values()];
  return by === 'day' || by === 'week' ? list.sort((a, b) => (a.key < b.key ? -1 : 1)) : list.sort((a, b) => b.totals.usd - a.totals.usd || (a.key < b.key ? -1 : 1));
}

/** The sum of every item. */
export function totalOf(items: readonly CostItem[]): CostTotals {
  return items.reduce(addItem, emptyTotals());
}
