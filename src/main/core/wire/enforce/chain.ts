/**
 * Enforcement on the wire (issue 21): the stages every request passes through
 * before the relay forwards it, in a fixed order (enforce/stages.ts), over one
 * exchange per request (./exchange.ts). A stage may rewrite the exchange's
 * body, put its result on the exchange under its own typed key, or answer the
 * request itself (nothing then reaches the provider).
 */
import type { RelayDecision, RelayRequest } from '../relay';
import { createExchange, type ExchangeAnswer, type WireExchange } from './exchange';

/** A stage's verdict: go on (nothing returned), or answer the request here. */
export type StageVerdict = void | { kind: 'answer'; status: number; message: string };

export type WireStage = (exchange: WireExchange) => StageVerdict | Promise<StageVerdict>;

/**
 * A stage whose failure must not let the request through: when it throws, the
 * relay answers (`refuse` says with what) instead of going on.
 */
export interface GuardStage {
  stage: WireStage;
  /** Fail closed: the answer for this error (the stage's own facts may be set on the exchange). */
  onError(err: Error, exchange: WireExchange): ExchangeAnswer;
}

/** The decision for the relay and the exchange it was made on (also when a stage answered). */
export type EnforcedDecision = RelayDecision & { exchange: WireExchange };

/**
 * Runs the stages in order on one exchange; the first to answer ends the chain.
 * A plain stage that throws is skipped (the body goes on as it stood, and the
 * outgoing check after it still holds it to every directive); a guard stage
 * that throws answers the request.
 */
export function composeStages(stages: readonly (WireStage | GuardStage)[]): (request: RelayRequest) => Promise<EnforcedDecision> {
  return async (request) => {
    const exchange = createExchange(request);
    for (const s of stages) {
      const guard = typeof s === 'function' ? null : s;
      let verdict: StageVerdict;
      try {
        verdict = await (guard ? guard.stage : (s as WireStage))(exchange);
      } catch (err) {
        if (!guard) continue;
        verdict = { kind: 'answer', ...guard.onError(err as Error, exchange) };
      }
      if (verdict?.kind === 'answer') {
        exchange.answer = { status: verdict.status, message: verdict.message };
        return { kind: 'answer', status: verdict.status, message: verdict.message, exchange };
      }
    }
    return exchange.body !== request.body ? { kind: 'forward', body: exchange.body, exchange } : { kind: 'forward', exchange };
  };
}
