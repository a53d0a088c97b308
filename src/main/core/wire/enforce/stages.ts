/**
 * The one place a wire session's enforcement stages are put in order, over one
 * exchange per request (./exchange.ts): evictions, pinned segments the CLI's
 * compaction dropped put back, then secrets, then the
 * request budget and the spend budget (measured on exactly the bytes that will
 * be forwarded), then the outgoing-body check, which holds those bytes to every
 * directive and redaction and refuses them when one does not hold (fail
 * closed). Every wire session (a run's, `loupe wrap`'s) gets its stages here. Only what
 * enforcement needs runs before forwarding; what is only recorded (a secret found in warn mode)
 * runs after it, on the same exchange (recordingStages).
 */
import type { RequestBudget, SpendBudget } from '../../../../shared/contract/runs';
import type { WireSecretsMode } from '../../../../shared/contract/run-limits';
import type { CoreDeps } from '../../deps';
import { bundledPrice } from '../../catalog/price';
import { budgetStage } from './budget';
import { wireDirectiveOwner, wireDirectives } from './directive-source';
import { evictionStage, type DirectiveSource } from './evictions';
import type { WireExchange } from './exchange';
import type { ApplyReason } from '../../../../shared/cost/eviction-timing';
import type { GuardStage, WireStage } from './chain';
import { outgoingCheck } from './outgoing-check';
import { pinRecorder, pinStage, type PinSource } from './pins';
import { failClosed, secretsStage } from './secrets';
import { spendStage } from './spend';

/** The run settings enforcement reads (loop.requestBudget, loop.spendBudget, loop.wireSecrets). */
export interface EnforceSettings {
  requestBudget?: RequestBudget;
  spendBudget?: SpendBudget;
  wireSecrets?: WireSecretsMode;
}

/**
 * What is only recorded about a request, run after it was forwarded (on the body as the stages
 * left it): the secrets scan in warn mode (exchange.secrets). Nothing here may change what is sent.
 */
export function recordingStages(deps: Pick<CoreDeps, 'db'>, sessionId: string, settings: EnforceSettings = {}): WireStage[] {
  // The segments of a request sent with no pin in force, kept for a pin set later (pins.ts).
  const pins = pinRecorder(pinSource(deps, sessionId, wireDirectives(() => deps.db, sessionId)));
  return (settings.wireSecrets ?? 'warn') === 'warn' ? [secretsStage('warn'), pins] : [pins];
}

/** Where the pins stage of session `sessionId` reads its pins, and whose memory holds their content (a thread's resumed sessions share it). */
function pinSource(deps: Pick<CoreDeps, 'db'>, sessionId: string, directives: DirectiveSource): PinSource {
  let owner: string | null = null;
  return {
    directives: () => directives.directives(),
    owner() {
      if (owner) return owner;
      const o = wireDirectiveOwner(deps.db, sessionId);
      return (owner = 'threadId' in o ? `thread:${o.threadId}` : `wire:${sessionId}`);
    },
  };
}

/** The stages of the wire session `sessionId` (of run `runId`, when a run's: the spend ceiling is the run's), in their fixed order. */
export function enforcementStages(deps: Pick<CoreDeps, 'db' | 'tokens' | 'now' | 'env'>, sessionId: string, settings: EnforceSettings = {}, runId: string | null = null): (WireStage | GuardStage)[] {
  const secrets = settings.wireSecrets ?? 'warn';
  const directives = wireDirectives(() => deps.db, sessionId);
  const lifetimeSeconds = cacheLifetimeOverride(deps.env);
  return [
    // 1. Evictions, first: withhold what the user evicted (the run's thread's directives, or the
    //    wrapped session's) before anything is scanned or measured, so the budget counts what is
    //    really sent. It matches ids on the CLI's body as sent (the ids X-Ray shows). exchange.evictions.
    //    Each waits for a cheap moment unless applied before or asked now (issue 37): until then it is sent, and said so.
    evictionStage(directives, { now: () => deps.now(), price: bundledPrice, ...(lifetimeSeconds !== undefined ? { lifetimeSeconds } : {}) }),
    // 1b. Pins the CLI's own compaction dropped, put back as a labelled block (from what the relay saw
    //     earlier, in memory only), before secrets and the budgets so both see it. exchange.pins.
    pinStage(pinSource(deps, sessionId, directives)),
    // 2. Secrets, in redact mode: replaced before forwarding (what evictions left). exchange.secrets.
    //    In warn mode nothing changes what is sent: the scan is part of the record (recordingStages).
    ...(secrets === 'redact' ? [failClosed(secretsStage(secrets), secrets)] : []),
    // 3. The request budget, on the body as the stages above left it. exchange.budget.
    ...(settings.requestBudget ? [budgetStage(deps, settings.requestBudget)] : []),
    // 4. The spend budget: the running total plus this request, priced before it is sent. exchange.spend.
    ...(settings.spendBudget ? [spendStage(deps, settings.spendBudget, { sessionId, runId })] : []),
    // 5. The outgoing-body check, last: nothing leaves that a directive or redaction forbids. exchange.check.
    //    What it proves withheld that the eviction stage first withheld here is marked applied: every later request withholds it.
    outgoingCheck(() => directives.directives(), secrets, (exchange) => markFirstApplied(directives, exchange, sessionId, deps.now())),
  ];
}

/** Marks applied the evictions this request first withheld, as its outgoing check proved them absent, grouped by why. */
function markFirstApplied(source: DirectiveSource, exchange: WireExchange, sessionId: string, now: Date): void {
  const proven = new Set(exchange.check?.withheld.map((w) => w.id));
  const byReason = new Map<ApplyReason, string[]>();
  for (const a of exchange.evictions?.applied ?? []) if (proven.has(a.id)) byReason.set(a.reason, [...(byReason.get(a.reason) ?? []), a.id]);
  for (const [reason, ids] of byReason) source.markApplied?.(ids, { at: now.toISOString(), sessionId, seq: exchange.request.seq, reason });
}

/**
 * LOUPE_CACHE_LIFETIME_SECONDS: the provider's cache lifetime in force when it is not the default
 * (a CLI set to Anthropic's 1-hour cache: 3600; tests: a few seconds). Unset or not a positive number: the default.
 */
export function cacheLifetimeOverride(env: NodeJS.ProcessEnv): number | undefined {
  const n = Number(env.LOUPE_CACHE_LIFETIME_SECONDS);
  return env.LOUPE_CACHE_LIFETIME_SECONDS?.trim() && Number.isFinite(n) && n > 0 ? n : undefined;
}
