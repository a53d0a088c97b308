/**
 * Every priced request Loupe knows of (issue 36), as cost items: the wire's
 * requests (runs and wrapped sessions, from the provider's reported usage),
 * runs whose steps were not on the wire (the CLI's reported usage per step),
 * and the CLIs' own transcripts (each request's usage as the transcript
 * records it). Each is priced once; where a run step was on the wire, the
 * wire prices it and the CLI's own figure (Claude's total_cost_usd) is kept
 * beside it, not added.
 */
import type { ReportedUsage } from '../../../shared/contract/agent-events';
import type { AgentId } from '../../../shared/contract/run-limits';
import type { ImportedSession, SessionCli } from '../../../shared/contract/sessions';
import { billableFromProvider, billableFromTotalInput, priceRequest, type ModelPrice, type PricedProvider } from '../../../shared/cost/price';
import type { CostItem, CostSource } from '../../../shared/cost/report';
import type { PricedModel } from '../catalog/price';
import { listEvidence } from '../runs/store/evidence';
import { listRuns } from '../runs/store/runs';
import type { Db } from '../store/store';
import { getThread } from '../threads/thread-store';
import { wireUsageRows } from '../wire/store';

export type PriceLookup = (model: string | null) => PricedModel | null;

/** The same lookup, remembered per model id for one report. */
export function memoPrice(price: PriceLookup): (model: string | null) => ModelPrice | null {
  const seen = new Map<string, ModelPrice | null>();
  return (model) => {
    const key = model ?? '';
    if (!seen.has(key)) seen.set(key, price(model)?.price ?? null);
    return seen.get(key)!;
  };
}

/** The provider whose counting rules an agent's or a CLI's reported usage follows. */
const RULES: Partial<Record<AgentId | SessionCli, PricedProvider>> = { claude: 'anthropic', 'claude-code': 'anthropic', codex: 'openai', gemini: 'gemini' };

/** The wire's priced requests since `since` (ISO, inclusive; '' for all), and the run steps they belong to. */
export function wireItems(db: Db, since: string, price: (model: string | null) => ModelPrice | null): { items: CostItem[]; steps: Map<string, string> } {
  const steps = new Map<string, string>();
  const items = wireUsageRows(db, since).map((r): CostItem => {
    if (r.stepId) steps.set(r.stepId, `wire:${r.sessionId}`);
    const tokens = billableFromTotalInput(r.usage, r.cacheTtl);
    const source: CostSource = r.kind === 'run' ? 'run' : r.kind === 'wrap' ? 'wrap' : 'custom';
    return { at: r.at, source, session: `wire:${r.sessionId}`, agent: r.agent, repo: r.repo, model: r.model, tokens, price: priceRequest(tokens, price(r.model)), cliUsd: null };
  });
  return { items, steps };
}

const reportedTokens = (rules: PricedProvider, u: ReportedUsage) =>
  billableFromProvider(rules, { input: u.inputTokens, cacheRead: u.cacheReadTokens, cacheWrite: u.cacheCreationTokens, cacheWrite1h: u.cacheCreation1hTokens, output: u.outputTokens });

/**
 * Runs' steps: a step on the wire is priced there (here only its CLI-reported
 * cost, beside); a step off the wire is priced from the CLI's reported usage
 * for the step (one figure for all its requests, so a tier is judged on the
 * sum). Also returns the CLI session ids of those runs' threads, so their
 * transcripts are not counted a second time.
 */
export function runItems(db: Db, since: string, wired: ReadonlyMap<string, string>, price: (model: string | null) => ModelPrice | null): { items: CostItem[]; cliSessions: Set<string> } {
  const items: CostItem[] = [];
  const cliSessions = new Set<string>();
  for (const run of listRuns(db, { limit: 100_000 })) {
    const session = getThread(db, run.threadId)?.cliSessionId;
    if (session) cliSessions.add(session);
    for (const step of listEvidence(db, { runId: run.id })) {
      const at = step.endedAt ?? step.startedAt;
      if (at < since || !step.reported) continue;
      const cliUsd = typeof step.reported.costUsd === 'number' ? step.reported.costUsd : null;
      const model = step.model ?? run.model;
      const base = { at, source: 'run' as const, session: `run:${run.id}`, agent: run.agent, repo: run.repo, model };
      const zero = { input: 0, cacheWrite: 0, cacheRead: 0, output: 0 };
      const wire = wired.get(step.id);
      if (wire) {
        // The wire priced each of its requests; the CLI's own figure sits beside them, in the same session.
        if (cliUsd !== null) items.push({ ...base, session: wire, tokens: zero, price: null, cliUsd });
        continue;
      }
      const rules = RULES[run.agent];
      const tokens = rules ? reportedTokens(rules, step.reported) : zero;
      if (tokens.input + tokens.cacheRead + tokens.cacheWrite + tokens.output === 0 && cliUsd === null) continue;
      items.push({ ...base, tokens, price: rules ? priceRequest(tokens, price(model)) : { kind: 'unknown', reason: `${run.agent} reports no provider usage Loupe can price` }, cliUsd });
    }
  }
  return { items, cliSessions };
}

/** One imported transcript's requests: each reported usage point, by its CLI's counting rule. */
export function sessionItems(session: ImportedSession, since: string, price: (model: string | null) => ModelPrice | null): CostItem[] {
  const rules = RULES[session.cli]!;
  const file = session.files[0]!.path;
  const items: CostItem[] = [];
  for (const p of session.contextPoints) {
    const at = p.timestamp ?? session.startedAt ?? session.readAt;
    if (at < since) continue;
    const model = p.model ?? session.model;
    const tokens = reportedTokens(rules, p.usage);
    items.push({ at, source: 'imported', session: `file:${file}`, agent: session.cli, repo: session.cwd, model, tokens, price: priceRequest(tokens, price(model)), cliUsd: null });
  }
  // The CLI's own figure for the whole session (a cost-state record), beside Loupe's, counted once.
  if (session.cliCostUsd !== undefined && items.length) {
    const at = items.at(-1)!.at;
    items.push({ at, source: 'imported', session: `file:${file}`, agent: session.cli, repo: session.cwd, model: session.model, tokens: { input: 0, cacheWrite: 0, cacheRead: 0, output: 0 }, price: null, cliUsd: session.cliCostUsd });
  }
  return items;
}
