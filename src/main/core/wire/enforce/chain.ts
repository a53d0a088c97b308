/**
 * Enforcement on the wire (issue 21): the stages every request passes through
 * before the relay forwards it, in a fixed order. Evictions first (withhold what
 * the user evicted), then secrets (warn or redact what the request newly
 * carries), then the request budget, measured on exactly the bytes that will
 * be forwarded. A stage may rewrite the body, add facts for the request's
 * record, or answer the request itself (nothing then reaches the provider).
 */
import type { RelayDecision, RelayRequest } from '../relay';

/** What the stages learnt about one request; stored with its record. Each stage owns its key. */
export interface EnforcementFacts {
  [stage: string]: unknown;
}

export interface StageInput {
  request: RelayRequest;
  /** The body as the stages before this one left it. */
  body: Buffer;
}

export type StageResult =
  | { kind: 'continue'; body?: Buffer; facts?: EnforcementFacts }
  | { kind: 'answer'; status: number; message: string; facts?: EnforcementFacts };

export type WireStage = (input: StageInput) => StageResult | Promise<StageResult>;

/** The decision for the relay plus the facts gathered on the way (also when a stage answered). */
export type EnforcedDecision = RelayDecision & { facts: EnforcementFacts };

/** Runs the stages in order; the first to answer ends the chain. A stage that throws forwards the body as it stood. */
export function composeStages(stages: readonly WireStage[]): (request: RelayRequest) => Promise<EnforcedDecision> {
  return async (request) => {
    let body = request.body;
    let rewritten = false;
    const facts: EnforcementFacts = {};
    for (const stage of stages) {
      let result: StageResult;
      try {
        result = await stage({ request, body });
      } catch {
        // Enforcement never breaks the CLI's traffic; the stage's absence shows in the facts.
        continue;
      }
      Object.assign(facts, result.facts ?? {});
      if (result.kind === 'answer') return { kind: 'answer', status: result.status, message: result.message, facts };
      if (result.body && result.body !== body) {
        body = result.body;
        rewritten = true;
      }
    }
    return rewritten ? { kind: 'forward', body, facts } : { kind: 'forward', facts };
  };
}
