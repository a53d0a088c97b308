/**
 * The one place a wire session's enforcement stages are put in order, over one
 * exchange per request (./exchange.ts): evictions, then secrets, then the
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
import { budgetStage } from './budget';
import { wireDirectives } from './directive-source';
import { evictionStage } from './evictions';
import type { GuardStage, WireStage } from './chain';
import { outgoingCheck } from './outgoing-check';
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
export function recordingStages(settings: EnforceSettings = {}): WireStage[] {
  return (settings.wireSecrets ?? 'warn') === 'warn' ? [secretsStage('warn')] : [];
}

/** The stages of the wire session `sessionId` (of run `runId`, when a run's: the spend ceiling is the run's), in their fixed order. */
export function enforcementStages(deps: Pick<CoreDeps, 'db' | 'tokens'>, sessionId: string, settings: EnforceSettings = {}, runId: string | null = null): (WireStage | GuardStage)[] {
  const secrets = settings.wireSecrets ?? 'warn';
  const directives = wireDirectives(() => deps.db, sessionId);
  return [
    // 1. Evictions, first: withhold what the user evicted (the run's thread's directives, or the
    //    wrapped session's) before anything is scanned or measured, so the budget counts what is
    //    really sent. It matches ids on the CLI's body as sent (the ids X-Ray shows). exchange.evictions.
    evictionStage(directives),
    // 2. Secrets, in redact mode: replaced before forwarding (what evictions left). exchange.secrets.
    //    In warn mode nothing changes what is sent: the scan is part of the record (recordingStages).
    ...(secrets === 'redact' ? [failClosed(secretsStage(secrets), secrets)] : []),
    // 3. The request budget, on the body as the stages above left it. exchange.budget.
    ...(settings.requestBudget ? [budgetStage(deps, settings.requestBudget)] : []),
    // 4. The spend budget: the running total plus this request, priced before it is sent. exchange.spend.
    ...(settings.spendBudget ? [spendStage(deps, settings.spendBudget, { sessionId, runId })] : []),
    // 5. The outgoing-body check, last: nothing leaves that a directive or redaction forbids. exchange.check.
    outgoingCheck(() => directives.directives(), secrets),
  ];
}
