// Readable output of `loupe wire tools`: one line per MCP server (and the built-in tools), then per tool.
import type { WireToolServer, WireToolsReport, WireToolUsage } from '../../../shared/contract/wire-tools';
import { formatUsd, LIST_PRICE } from '../../../shared/cost/price';
import { formatInt } from '../../../shared/format';
import { definitionUsdText, shareText, unusedServerText } from '../../../shared/wire/tool-text';

function table(head: string[], rows: string[][]): string[] {
  const widths = head.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i]!.length)));
  const line = (cells: string[]) => cells.map((c, i) => (i === 0 ? c.padEnd(widths[i]!) : c.padStart(widths[i]!))).join('  ').trimEnd();
  return [line(head), ...rows.map(line)];
}

const serverName = (s: Pick<WireToolServer, 'server'>) => (s.server === null ? '(built-in)' : s.server);

export function formatWireTools(r: WireToolsReport): string {
  const scope = r.scope.sessionId ? `wire session ${r.scope.sessionId}` : `${formatInt(r.sessions)} wire session${r.sessions === 1 ? '' : 's'}${r.scope.repo ? ` of ${r.scope.repo}` : ''}${r.scope.since ? ` since ${r.scope.since}` : ''}`;
  if (r.requests === 0 && r.tools.length === 0) return `No model requests recorded in ${scope}.\n`;
  const lines = [
    `Tool definitions in ${scope}: ${formatInt(r.requests)} request${r.requests === 1 ? '' : 's'} sent, ${formatInt(r.priced)} priced (${formatUsd(r.totalUsd)} ${LIST_PRICE} in all).`,
    '',
    ...table(
      ['SERVER', 'TOOLS', 'DEF TOKENS SENT', 'REQUESTS', 'BY NAME', 'CALLS', 'LIST PRICE', 'SHARE'],
      r.servers.map((s) => [serverName(s), String(s.tools), formatInt(s.tokensSent), formatInt(s.requests), formatInt(s.listed), formatInt(s.calls), definitionUsdText(s.usd, s.requests), shareText(s.share)]),
    ),
    '',
    ...table(
      ['TOOL', 'SERVER', 'DEF TOKENS', 'REQUESTS', 'BY NAME', 'TOKENS SENT', 'CALLS', 'LIST PRICE', 'SHARE'],
      r.tools.map((t: WireToolUsage) => [
        `${t.name}${t.deferred ? ' (deferred)' : ''}`,
        t.server ?? 'built-in',
        t.requests ? `${formatInt(t.definitionTokens)}${t.countKind === 'exact' ? '' : '~'}` : '—',
        formatInt(t.requests),
        formatInt(t.listed),
        formatInt(t.tokensSent),
        formatInt(t.calls),
        definitionUsdText(t.usd, t.requests),
        shareText(t.share),
      ]),
    ),
  ];
  const unused = r.servers.filter((s) => s.unused);
  if (unused.length) {
    lines.push('', 'Not called in these requests (Loupe does not withhold definitions; remove a server you do not need with its CLI):');
    for (const s of unused) {
      for (const c of s.remove) lines.push(`  ${c.command}    # ${serverName(s)}: ${unusedServerText(s)}; ${c.note}`);
      if (!s.remove.length) lines.push(`  ${serverName(s)}: ${unusedServerText(s)} (remove it in the configuration of the CLI that loads it)`);
    }
  }
  lines.push(
    '',
    `DEF TOKENS: Loupe's count of one definition (~ an estimate). BY NAME: requests that listed the tool by name only, its definition not sent (claude's ToolSearch). LIST PRICE: each definition priced where it sits in the request's input (cache read, cache write or fresh input); a deferred one (loaded by ToolSearch) at the request's average input price; see docs/costs.md.`,
  );
  for (const n of r.notes) lines.push(`Note: ${n}`);
  return `${lines.join('\n')}\n`;
}
