/**
 * The one place a wire session's enforcement stages are put in order:
 * evictions, then secrets, then the request budget (measured on exactly the
 * bytes that will be forwarded). Every wire session (a run's, `loupe wrap`'s)
 * gets its stages here.
 */
import type { RequestBudget, SpendBudget } from '../../../../shared/contract/runs';
import type { WireSecretsMode } from '../../../../shared/contract/run-limits';
import type { CoreDeps } from '../../deps';
import { budgetStage } from './budget';
import { wireDirectives } from './directive-source';
import { evictionStage } from './evictions';
import type { WireStage } from './chain';
import { failClosed, secretsStage } from './secrets';
import { spendStage } from './spend';

/** The run settings enforcement reads (loop.requestBudget, loop.wireSecrets). */
export interface EnforceSettings {
  requestBudget?: RequestBudget;
  spendBudget?: SpendBudget;
  wireSecrets?: WireSecretsMode;
}

/** The stages of the wire session `sessionId`, in their fixed order (a run's session follows its thread's directives). */
export function enforcementStages(deps: Pick<CoreDeps, 'db' | 'tokens'>, sessionId: string, settings: EnforceSettings = {}, runId: string | null = null): WireStage[] {
  const secrets = settings.wireSecrets ?? 'warn';
  return [
    // 1. Evictions, first: withhold what the user evicted (the run's thread's directives, or the
    //    wrapped session's) before anything is scanned or measured, so the budget counts what is
    //    really sent. Its facts go under `evictions`.
    evictionStage(wireDirectives(() => deps.db, sessionId)),
    // 2. Secrets: recorded, or replaced before forwarding.
    failClosed(secretsStage(secrets), secrets),
    // 3. The request budget, on the body as the stages above left it.
    ...(settings.requestBudget ? [budgetStage(deps, settings.requestBudget)] : []),
    ...(settings.spendBudget ? [spendStage(deps, settings.spendBudget, { sessionId, runId })] : []),
  ];
}
