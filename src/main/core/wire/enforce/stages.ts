/**
 * The one place a wire session's enforcement stages are put in order, over one
 * exchange per request (./exchange.ts): evictions, pinned segments the CLI's
 * compaction dropped put back, then secrets, then the
 * request budget and the spend budget (measured on exactly the bytes that will
 * be forwarded), then the outgoing-body check, which holds those bytes to every
 * directive and redaction and refuses them when one does not hold (fail
 * closed). Every wire session (a run's, `loupe wrap`'s) gets its stages here.
 */
import type { RequestBudget, SpendBudget } from '../../../../shared/contract/runs';
import type { WireSecretsMode } from '../../../../shared/contract/run-limits';
import type { CoreDeps } from '../../deps';
import { budgetStage } from './budget';
import { wireDirectiveOwner, wireDirectives } from './directive-source';
import { evictionStage } from './evictions';
import type { GuardStage, WireStage } from './chain';
import { outgoingCheck } from './outgoing-check';
import { pinStage } from './pins';
import { failClosed, secretsStage } from './secrets';
import { spendStage } from './spend';

/** The run settings enforcement reads (loop.requestBudget, loop.spendBudget, loop.wireSecrets). */
export interface EnforceSettings {
  requestBudget?: RequestBudget;
  spendBudget?: SpendBudget;
  wireSecrets?: WireSecretsMode;
}

/** The stages of the wire session `sessionId` (of run `runId`, when a run's: the spend ceiling is the run's), in their fixed order. */
export function enforcementStages(deps: Pick<CoreDeps, 'db' | 'tokens'>, sessionId: string, settings: EnforceSettings = {}, runId: string | null = null): (WireStage | GuardStage)[] {
  const secrets = settings.wireSecrets ?? 'warn';
  const directives = wireDirectives(() => deps.db, sessionId);
  let owner: string | null = null;
  const ownerKey = () => {
    if (owner) return owner;
    const o = wireDirectiveOwner(deps.db, sessionId);
    return (owner = 'threadId' in o ? `thread:${o.threadId}` : `wire:${sessionId}`);
  };
  return [
    // 1. Evictions, first: withhold what the user evicted (the run's thread's directives, or the
    //    wrapped session's) before anything is scanned or measured, so the budget counts what is
    //    really sent. It matches ids on the CLI's body as sent (the ids X-Ray shows). exchange.evictions.
    evictionStage(directives),
    // 1b. Pins the CLI's own compaction dropped, put back as a labelled block (from what the relay saw
    //     earlier, in memory only), before secrets and the budgets so both see it. exchange.pins.
    pinStage({ directives: () => directives.directives(), owner: ownerKey }),
    // 2. Secrets: recorded, or replaced before forwarding (what evictions left). exchange.secrets.
    failClosed(secretsStage(secrets), secrets),
    // 3. The request budget, on the body as the stages above left it. exchange.budget.
    ...(settings.requestBudget ? [budgetStage(deps, settings.requestBudget)] : []),
    // 4. The spend budget: the running total plus this request, priced before it is sent. exchange.spend.
    ...(settings.spendBudget ? [spendStage(deps, settings.spendBudget, { sessionId, runId })] : []),
    // 5. The outgoing-body check, last: nothing leaves that a directive or redaction forbids. exchange.check.
    outgoingCheck(() => directives.directives(), secrets),
  ];
}
