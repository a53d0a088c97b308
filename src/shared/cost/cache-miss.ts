/**
 * Why the cache missed (issue 36): for a request whose cache read fell
 * against the previous request of its session, the first part of the prompt
 * prefix that changed, compared by the hashes and content-derived ids the
 * wire records (never bodies), and what the miss cost: the tokens no longer
 * read, at what the request paid for them instead (cache write, or input)
 * less the cache-read price. With nothing changed, a gap longer than the
 * cache's lifetime (5 minutes, or 1 hour) is named.
 */
import type { WireRequestRecord, WireSegment } from '../contract/wire';
import { billableFromTotalInput, promptTokens, rowFor, writePrice, type ModelPrice } from './price';

/** The providers' prompt cache lifetimes: the default 5 minutes, and the 1-hour option. */
export const CACHE_LIFETIME_SECONDS = { short: 300, long: 3600 } as const;

export type CacheMissCause =
  | { kind: 'tool'; index: number; name: string; server: string | null; change: 'changed' | 'added' | 'removed' }
  | { kind: 'system'; index: number; title: string; change: 'changed' | 'added' | 'removed' }
  | { kind: 'message'; index: number; id: string; segmentKind: WireSegment['kind']; change: 'changed' | 'removed' }
  | { kind: 'withheld'; index: number; id: string; as: 'evicted' | 'summarized' }
  | { kind: 'lifetime'; gapSeconds: number; lifetime: '5m' | '1h' }
  | { kind: 'unknown'; gapSeconds: number };

export interface CacheMiss {
  seq: number;
  previousSeq: number;
  /** Cache-read tokens of the previous request not read by this one. */
  lostTokens: number;
  /** What the miss cost at list price; null when the model has no price. */
  costUsd: number | null;
  cause: CacheMissCause;
}

/** What the comparison reads of a request: its parts' hashes and ids, its time and usage. */
export type MissInput = Pick<WireRequestRecord, 'seq' | 'at' | 'provider' | 'model' | 'usage' | 'system' | 'tools' | 'segments' | 'cacheTtl'>;

/** The MCP server a tool comes from: its origin `mcp:<server>`, or a name `mcp__<server>__<tool>`. */
export function mcpServerOf(tool: { name: string; origin?: string }): string | null {
  if (tool.origin?.startsWith('mcp:')) return tool.origin.slice(4);
  const m = /^mcp__(.+?)__/.exec(tool.name);
  return m ? m[1]! : null;
}

function firstTool(prev: MissInput, cur: MissInput): CacheMissCause | null {
  const n = Math.max(prev.tools.length, cur.tools.length);
  for (let i = 0; i < n; i++) {
    const a = prev.tools[i];
    const b = cur.tools[i];
    if (a && b && a.name === b.name && a.sha256 === b.sha256) continue;
    const t = (b ?? a)!;
    return { kind: 'tool', index: i, name: t.name, server: mcpServerOf(t), change: !a ? 'added' : !b ? 'removed' : 'changed' };
  }
  return null;
}

function firstSystem(prev: MissInput, cur: MissInput): CacheMissCause | null {
  const n = Math.max(prev.system.length, cur.system.length);
  for (let i = 0; i < n; i++) {
    const a = prev.system[i];
    const b = cur.system[i];
    if (a && b && a.sha256 === b.sha256) continue;
    return { kind: 'system', index: i, title: (b ?? a)!.title, change: !a ? 'added' : !b ? 'removed' : 'changed' };
  }
  return null;
}

/** The first message of the previous request that this one did not send the same way (the new turn's additions are no change). */
function firstMessage(prev: MissInput, cur: MissInput): CacheMissCause | null {
  for (let i = 0; i < prev.segments.length; i++) {
    const a = prev.segments[i]!;
    const b = cur.segments[i];
    if (!b) return { kind: 'message', index: i, id: a.id, segmentKind: a.kind, change: 'removed' };
    if (b.id === a.id && b.withheld && b.withheld !== a.withheld) return { kind: 'withheld', index: i, id: b.id, as: b.withheld };
    if (b.id !== a.id || b.withheld !== a.withheld) return { kind: 'message', index: i, id: a.id, segmentKind: a.kind, change: 'changed' };
  }
  return null;
}

/** The first changed part, in the order the provider caches the prefix (Anthropic: tools, system, messages; others: system, tools, messages). */
export function missCause(prev: MissInput, cur: MissInput): CacheMissCause {
  const gapSeconds = Math.max(0, Math.round((Date.parse(cur.at) - Date.parse(prev.at)) / 1000));
  const order = prev.provider === 'anthropic' ? [firstTool, firstSystem, firstMessage] : [firstSystem, firstTool, firstMessage];
  for (const find of order) {
    const cause = find(prev, cur);
    if (cause) return cause;
  }
  if (gapSeconds > CACHE_LIFETIME_SECONDS.long) return { kind: 'lifetime', gapSeconds, lifetime: '1h' };
  // A cache the previous request asked to keep an hour outlives a gap of minutes.
  if (gapSeconds > CACHE_LIFETIME_SECONDS.short && prev.cacheTtl !== '1h') return { kind: 'lifetime', gapSeconds, lifetime: '5m' };
  return { kind: 'unknown', gapSeconds };
}

/** The extra paid for `lost` tokens not read from the cache: at the write price when the request wrote to the cache, else the input price, less the read price. */
export function missCost(cur: MissInput, lost: number, price: ModelPrice | null): number | null {
  if (!price || !cur.usage) return null;
  const tokens = billableFromTotalInput(cur.usage, cur.cacheTtl);
  const { row } = rowFor(price, promptTokens(tokens));
  const paid = tokens.cacheWrite > 0 ? writePrice(row, (tokens.cacheWrite1h ?? 0) > 0) : row.input;
  return (lost * Math.max(0, paid - (row.cacheRead ?? row.input))) / 1_000_000;
}

/**
 * Every cache miss of a session's model requests (in order): a request whose
 * cache read is below the previous reported request's.
 */
export function cacheMisses(requests: readonly MissInput[], price: (model: string | null) => ModelPrice | null): CacheMiss[] {
  const out: CacheMiss[] = [];
  let prev: MissInput | null = null;
  for (const cur of requests) {
    if (!cur.usage) continue;
    const before = prev?.usage?.cacheRead ?? 0;
    const now = cur.usage.cacheRead ?? 0;
    if (prev && now < before) {
      const lost = before - now;
      out.push({ seq: cur.seq, previousSeq: prev.seq, lostTokens: lost, costUsd: missCost(cur, lost, price(cur.model)), cause: missCause(prev, cur) });
    }
    prev = cur;
  }
  return out;
}

const minutes = (s: number) => (s >= 120 ? `${Math.round(s / 60)} minutes` : `${s} seconds`);

/** A cause in words: "tool mcp__files__read (MCP server files) changed". */
export function causeText(c: CacheMissCause): string {
  switch (c.kind) {
    case 'tool':
      return `tool definition ${c.name}${c.server ? ` (MCP server ${c.server})` : ''} ${c.change}`;
    case 'system':
      return `system block ${c.index + 1} "${c.title}" ${c.change}`;
    case 'message':
      return `message ${c.index + 1} (${c.segmentKind}, ${c.id}) ${c.change === 'removed' ? 'no longer sent' : 'differs'}`;
    case 'withheld':
      return `segment ${c.id} withheld by Loupe (${c.as})`;
    case 'lifetime':
      return `the cache's ${c.lifetime === '1h' ? '1-hour' : '5-minute'} lifetime passed (${minutes(c.gapSeconds)} since the previous request)`;
    case 'unknown':
      return `no part changed and ${minutes(c.gapSeconds)} passed: the provider did not read its cache`;
  }
}
