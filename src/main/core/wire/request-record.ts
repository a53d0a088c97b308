/**
 * A request's record, built from what the relay measured, what the answer said and (once it is
 * done) the analysis of its body. A record can be written in two parts when nothing was in
 * force (session.ts): a provisional one at the answer's end when the analysis is not ready yet,
 * or the analysed one before the answer has ended, completed with the answer's facts at its end.
 */
import { WIRE_ANSWER_PENDING_REASON, WIRE_PROVISIONAL_REASON, type WireApi, type WireDiff, type WireEnforcement, type WireRequestRecord, type WireSegment } from '../../../shared/contract/wire';
import type { Analysis } from './analyse';
import type { ParsedRequest } from './parse';
import type { WireProvider } from './providers';
import type { RelayOutcome, RelayRequest } from './relay';

/** The API each provider's model requests speak (a request the relay routed as a model call). */
const API_OF: Record<WireProvider, WireApi> = { anthropic: 'anthropic-messages', openai: 'openai-responses', gemini: 'gemini-generate' };

/** What a record says of its request before any answer or analysis. */
export interface RecordBase {
  sessionId: string;
  runId: string | null;
  stepId: string | null;
  at: string;
  request: RelayRequest;
  /** The body as the stages left it (what left). */
  requestBytes: number;
  /** Its bytes in the CLI's content coding, as sent (null: the relay answered it). */
  sentBytes: number | null;
}

/** What the answer said: the relay's outcome and the usage and model read from it. */
export interface AnswerFacts {
  outcome: RelayOutcome;
  usage: WireRequestRecord['usage'];
  model: string | null;
}

/** The analysis of the body (session.ts prepares it while the provider answers). */
export interface Prepared {
  parsed: ParsedRequest | null;
  analysis: Analysis | null;
  segments: WireSegment[];
  diff: WireDiff | null;
  enforcement: WireEnforcement;
  /** Why the body could not be read as a request, when it could not. */
  unreadable: string | null;
}

function head(b: RecordBase) {
  const { request } = b;
  return {
    sessionId: b.sessionId,
    seq: request.seq,
    runId: b.runId,
    stepId: b.stepId,
    at: b.at,
    provider: request.provider,
    method: request.method,
    endpoint: request.endpoint,
  };
}

/** The answer's columns of a record; its usage only for a model request (`modelRequest`) the provider answered. */
function answerPart(a: AnswerFacts, modelRequest: boolean, notAnalysed: string | null) {
  return {
    status: a.outcome.status,
    answeredBy: a.outcome.by,
    reason: a.outcome.reason ?? (notAnalysed ? `not analysed: ${notAnalysed}` : null),
    durationMs: a.outcome.durationMs,
    responseBytes: a.outcome.responseBytes,
    usage: a.outcome.by === 'upstream' && modelRequest ? a.usage : null,
  };
}

/** The record of an analysed request with its answer's facts. */
export function analysedRecord(b: RecordBase, p: Prepared, a: AnswerFacts): WireRequestRecord {
  const { parsed, analysis } = p;
  return {
    ...head(b),
    api: parsed?.api ?? null,
    model: parsed ? (parsed.model ?? a.model) : null,
    stream: parsed?.stream ?? false,
    ...answerPart(a, parsed !== null, b.request.notAnalysed ?? p.unreadable),
    requestBytes: b.requestBytes,
    // In the CLI's content coding (codex's zstd): what left, as the provider receives it.
    ...(b.request.encoding && b.sentBytes !== null ? { wireBytes: b.sentBytes } : {}),
    split: analysis?.split ?? null,
    count: analysis?.count ?? null,
    countBasis: analysis?.countBasis ?? null,
    system: analysis?.system ?? [],
    tools: analysis?.tools ?? [],
    ...(parsed?.deferredTools ? { deferredTools: parsed.deferredTools } : {}),
    ...(parsed?.cacheTtl ? { cacheTtl: parsed.cacheTtl } : {}),
    segments: p.segments,
    images: parsed?.images ?? 0,
    ...(analysis?.imageTokens ? { imageTokens: analysis.imageTokens } : {}),
    diff: p.diff,
    enforcement: Object.keys(p.enforcement).length ? p.enforcement : null,
  };
}

/**
 * The analysed record written before its answer has ended: the answer's facts are completed at
 * its end (record-writer's complete); a relay that stopped first leaves the reason saying so.
 */
export function beforeAnswerRecord(b: RecordBase, p: Prepared, startedAt: number): WireRequestRecord {
  const outcome: RelayOutcome = { status: null, by: 'aborted', reason: WIRE_ANSWER_PENDING_REASON, durationMs: Date.now() - startedAt, responseBytes: 0 };
  return analysedRecord(b, p, { outcome, usage: null, model: null });
}

/**
 * What is known of a request at its answer's end without its analysis: the facts the relay
 * measured and the answer's usage. Only for requests forwarded with nothing in force (so no
 * enforcement to record); its parts come with the full record that replaces it.
 */
export function provisionalRecord(b: RecordBase, a: AnswerFacts): WireRequestRecord {
  const { outcome } = a;
  return {
    ...head(b),
    api: API_OF[b.request.provider],
    model: a.model,
    stream: false,
    // Routed as a model call; whether its body is one the analysis says (the full record).
    ...answerPart(a, true, null),
    reason: outcome.reason ?? WIRE_PROVISIONAL_REASON,
    requestBytes: b.requestBytes,
    ...(b.request.encoding && b.sentBytes !== null ? { wireBytes: b.sentBytes } : {}),
    split: null,
    count: null,
    countBasis: null,
    system: [],
    tools: [],
    segments: [],
    images: 0,
    diff: null,
    enforcement: null,
    incomplete: true,
  };
}
