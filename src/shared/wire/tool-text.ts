/**
 * Tool definitions against their use in words (issue 37), the same in `loupe wire tools` and
 * X-Ray's Tools panel.
 */
import type { WireToolServer } from '../contract/wire-tools';
import { formatUsd } from '../cost/price';
import { formatInt } from '../format';

/** A share of the list price: one place below 10%, "<0.1%" for a cost too small to show, "—" when nothing was priced. */
export function shareText(v: number | null): string {
  if (v === null) return '—';
  if (v > 0 && v < 0.0005) return '<0.1%';
  return `${(v * 100).toFixed(v < 0.1 ? 1 : 0)}%`;
}

/** A definition's list price: "—" when no definition was sent (listed by name only), "not priced" when none of its requests was. */
export function definitionUsdText(usd: number | null, requests: number): string {
  if (usd !== null) return formatUsd(usd);
  return requests === 0 ? '—' : 'not priced';
}

/** An MCP server never called, in one phrase: "1 tool, 807 definition tokens over 3 requests ($0.0012), never called". */
export function unusedServerText(s: WireToolServer): string {
  const tools = `${formatInt(s.tools)} tool${s.tools === 1 ? '' : 's'}`;
  const sent = s.requests ? `${formatInt(s.tokensSent)} definition tokens over ${formatInt(s.requests)} request${s.requests === 1 ? '' : 's'} (${definitionUsdText(s.usd, s.requests)})` : '';
  const listed = s.listed ? `listed by name only in ${formatInt(s.listed)} request${s.listed === 1 ? '' : 's'}` : '';
  return `${[tools, sent, listed].filter(Boolean).join(', ')}, never called`;
}
