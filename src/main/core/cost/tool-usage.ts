/**
 * Tool definitions against their use (issue 37): for the wire sessions in
 * scope, each tool's definition tokens × the requests that carried it, their
 * list price (shared/cost/tool-share.ts says how a request's cost is
 * attributed), and the calls made to it; the same per MCP server, with the
 * CLI's own command to remove an unused one. What was sent is what counts:
 * the tools each record kept from the body the provider received (a CLI that
 * defers definitions, as claude's ToolSearch does, sent names until a tool
 * was loaded, and is counted so). Requests the relay answered itself sent
 * nothing and are left out.
 */
import type { WireRequestRecord, WireSessionSummary } from '../../../shared/contract/wire';
import type { RemoveCommand, WireToolServer, WireToolsReport, WireToolUsage } from '../../../shared/contract/wire-tools';
import { billableFromTotalInput, priceRequest, promptTokens, type ModelPrice } from '../../../shared/cost/price';
import { deferredDefinitionPrice, toolDefinitionPrices } from '../../../shared/cost/tool-share';
import { removeCommandOf, serverOf, toolOriginOf } from '../../../shared/wire/tool-origin';

export interface ToolScopeSession {
  session: WireSessionSummary;
  /** The session's model requests in scope, in order. */
  records: readonly WireRequestRecord[];
}

interface Acc extends Omit<WireToolUsage, 'usd' | 'share'> {
  usd: number;
  pricedRequests: number;
  agents: Set<string>;
}

/** A tool's origin: as recorded, or (records made before Loupe knew Gemini's naming) from its name. */
const originOf = (r: WireRequestRecord, t: { name: string; origin: string }) => (t.origin !== 'built-in' ? t.origin : toolOriginOf(r.api, t.name));

/**
 * One request's list price (USD) and each of its definitions' (the attribution rule in
 * shared/cost/tool-share.ts), or `each: null` when the request is not priced.
 */
function definitionPrices(r: WireRequestRecord, price: (model: string | null) => ModelPrice | null): { each: number[] | null; usd: number } {
  const p = r.usage ? price(r.model) : null;
  if (!r.usage || !p) return { each: null, usd: 0 };
  const tokens = billableFromTotalInput(r.usage, r.cacheTtl);
  const whole = priceRequest(tokens, p);
  if (whole.kind !== 'priced') return { each: null, usd: 0 };
  // Loupe's counts in the provider's units: each part's share of Loupe's count of the whole request, of the reported input.
  const scale = r.count && r.count.tokens > 0 ? promptTokens(tokens) / r.count.tokens : 1;
  // Anthropic caches tools before the system blocks; OpenAI and Gemini after them.
  const start = r.provider === 'anthropic' ? 0 : scale * r.system.reduce((n, b) => n + b.tokens.tokens, 0);
  // Definitions at the top of the prompt take their place there; deferred ones (loaded where a tool_reference names them) at the request's average.
  const top = r.tools.filter((t) => !t.deferred);
  const topUsd = toolDefinitionPrices(top.map((t) => ({ tokens: scale * t.tokens.tokens })), tokens, p, start);
  return { each: r.tools.map((t) => (t.deferred ? deferredDefinitionPrice(scale * t.tokens.tokens, tokens, p) : topUsd[top.indexOf(t)]!)), usd: whole.usd };
}

/** The report for `sessions`; `scope` is echoed back, `notes` say what was left out. */
export function toolUsage(sessions: readonly ToolScopeSession[], price: (model: string | null) => ModelPrice | null, scope: WireToolsReport['scope']): WireToolsReport {
  const tools = new Map<string, Acc>();
  const acc = (name: string, server: string | null): Acc => {
    let a = tools.get(name);
    if (!a) tools.set(name, (a = { name, server, definitionTokens: 0, countKind: null, tokensSent: 0, requests: 0, listed: 0, deferred: false, calls: 0, usd: 0, pricedRequests: 0, agents: new Set() }));
    return a;
  };
  let requests = 0;
  let priced = 0;
  let totalUsd = 0;
  let relayAnswered = 0;
  let unreported = 0;
  const serverRequests = new Map<string | null, number>();
  const serverListed = new Map<string | null, number>();
  for (const { session, records } of sessions) {
    const calls = new Map<string, string>();
    for (const r of records) {
      if (r.api === null) continue;
      // Every call of the session once, by its content-derived id (later requests repeat the history).
      for (const g of r.segments) if (g.kind === 'tool' && g.toolName) calls.set(g.id, g.toolName);
      if (r.answeredBy === 'relay') {
        relayAnswered += 1;
        continue;
      }
      requests += 1;
      const { each, usd } = definitionPrices(r, price);
      if (each) {
        priced += 1;
        totalUsd += usd;
      } else unreported += 1;
      for (const server of new Set(r.tools.map((t) => serverOf(originOf(r, t))))) serverRequests.set(server, (serverRequests.get(server) ?? 0) + 1);
      r.tools.forEach((t, i) => {
        const a = acc(t.name, serverOf(originOf(r, t)));
        a.definitionTokens = t.tokens.tokens;
        a.countKind = t.tokens.kind;
        a.tokensSent += t.tokens.tokens;
        a.requests += 1;
        if (t.deferred) a.deferred = true;
        a.agents.add(session.agent);
        if (each) {
          a.usd += each[i]!;
          a.pricedRequests += 1;
        }
      });
      // Listed by name only (not sent): counted apart, never priced as a definition.
      const sent = new Set(r.tools.map((t) => t.name));
      const listed = (r.deferredTools ?? []).filter((name) => !sent.has(name));
      for (const name of listed) {
        const a = acc(name, serverOf(toolOriginOf(r.api, name)));
        a.listed += 1;
        a.agents.add(session.agent);
      }
      for (const server of new Set(listed.map((name) => serverOf(toolOriginOf(r.api, name))))) serverListed.set(server, (serverListed.get(server) ?? 0) + 1);
    }
    for (const name of calls.values()) {
      const a = acc(name, serverOf(toolOriginOf(records.find((r) => r.api)?.api ?? null, name)));
      a.calls += 1;
      a.agents.add(session.agent);
    }
  }
  const share = (usd: number | null) => (usd !== null && totalUsd > 0 ? usd / totalUsd : null);
  const rows: WireToolUsage[] = [...tools.values()]
    .map(({ usd, pricedRequests, agents: _a, ...t }) => ({ ...t, usd: pricedRequests ? usd : null, share: share(pricedRequests ? usd : null) }))
    .sort((a, b) => b.tokensSent - a.tokensSent || a.name.localeCompare(b.name));
  const notes: string[] = [];
  if (relayAnswered) notes.push(`${relayAnswered} request${relayAnswered === 1 ? '' : 's'} answered by Loupe’s relay (blocked) sent no tool definition and ${relayAnswered === 1 ? 'is' : 'are'} not counted; calls in them are.`);
  if (unreported) notes.push(`${unreported} request${unreported === 1 ? '' : 's'} with no reported usage or no catalog price: their definition tokens are counted, not priced.`);
  return { scope, sessions: sessions.length, requests, priced, totalUsd, tools: rows, servers: serversOf(tools, serverRequests, serverListed, share), notes };
}

function serversOf(tools: Map<string, Acc>, requests: Map<string | null, number>, listed: Map<string | null, number>, share: (usd: number | null) => number | null): WireToolServer[] {
  const by = new Map<string | null, { rows: Acc[] }>();
  for (const t of tools.values()) (by.get(t.server) ?? by.set(t.server, { rows: [] }).get(t.server)!).rows.push(t);
  return [...by.entries()]
    .map(([server, { rows }]): WireToolServer => {
      const calls = rows.reduce((n, t) => n + t.calls, 0);
      const anyPriced = rows.some((t) => t.pricedRequests > 0);
      const usd = anyPriced ? rows.reduce((n, t) => n + t.usd, 0) : null;
      const unused = server !== null && calls === 0;
      const agents = [...new Set(rows.flatMap((t) => [...t.agents]))].sort();
      const remove = unused ? agents.map((agent) => removeCommandOf(agent, server)).filter((c): c is RemoveCommand => c !== null) : [];
      return {
        server,
        tools: rows.length,
        tokensSent: rows.reduce((n, t) => n + t.tokensSent, 0),
        requests: requests.get(server) ?? 0,
        listed: listed.get(server) ?? 0,
        calls,
        usd,
        share: share(usd),
        unused,
        remove,
      };
    })
    .sort((a, b) => b.tokensSent - a.tokensSent);
}
