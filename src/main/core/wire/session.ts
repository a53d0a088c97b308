/**
 * A wire session: one relay (its own path secret) and the records of every
 * request it carried. Runs open one per run (the step in force is set per
 * attempt); `loupe wrap` opens one for a CLI in the user's terminal. Records
 * are appended in arrival order, one at a time, so each diff is against the
 * request before it.
 */
import { randomUUID } from 'node:crypto';
import { WIRE_LOGIN_SEEN_NOTE, type WireEnforcement, type WireRequestRecord, type WireSessionKind } from '../../../shared/contract/wire';
import type { CoreDeps } from '../deps';
import { analyse, diffSegments } from './analyse';
import { CREDENTIAL_KIND_TEXT, OFFICIAL_UPSTREAMS, WIRE_PROVIDERS, type WireProvider } from './providers';
import { composeStages, type GuardStage, type WireStage } from './enforce/chain';
import { enforcementOf, type WireExchange } from './enforce/exchange';
import { recordedSegments } from './enforce/record';
import { wireDirectives } from './enforce/directive-source';
import { enforcementStages, type EnforceSettings } from './enforce/stages';
import { startRelay, type Relay } from './relay';
import { addWireNote, insertWireRequest, insertWireSession, previousSegments } from './store';
import { usageReader } from './usage';

export interface WireSessionOptions {
  kind: WireSessionKind;
  agent: string;
  repo: string | null;
  runId: string | null;
  /** The thread of the session's run (whose directives it enforces); none for a wrapped CLI. */
  threadId?: string | null;
  /** The user's own base URL per provider (ANTHROPIC_BASE_URL, …); the official endpoint otherwise. */
  upstreams?: Partial<Record<WireProvider, string>>;
  /** What enforcement applies to every request (request budget, secrets); the stages are built in enforce/stages.ts. */
  enforce?: EnforceSettings;
  /**
   * Replaces the stages enforcementStages() gives (tests only: a stage made faulty proves the
   * outgoing check refuses what it let through).
   */
  stages?: (stages: (WireStage | GuardStage)[]) => (WireStage | GuardStage)[];
  /** Called after each request is recorded (live views). */
  onRecord?: (record: WireRequestRecord) => void;
}

export interface WireSession {
  readonly id: string;
  readonly relay: Relay;
  /** The step requests are attributed to from now on (each attempt of a run). */
  setStep(stepId: string | null): void;
  /** Requests the relay refused itself (a `block` ceiling, a failed outgoing check, a failed secrets scan in redact mode), in order. */
  blocked(): { seq: number; facts: WireEnforcement; reason: string }[];
  /** How many model requests (ones parsed as a provider's API call) reached the relay so far, answered or forwarded. */
  modelRequests(): number;
  /** Appends a plain "not recorded: …" note to the session. */
  note(text: string): void;
  /** Resolves when every request seen so far is recorded. */
  settled(): Promise<void>;
  /** Stops the relay after the records in progress are written. */
  close(): Promise<void>;
}

/**
 * The upstream base of each provider the CLI uses (the keys of `own`; all three when none is
 * given): the user's own where set, else the official endpoint. A provider the CLI does not
 * use gets no route (the relay answers 404 there), so a session opens only its CLI's own.
 */
export function resolveUpstreams(own?: Partial<Record<WireProvider, string | undefined>>): Partial<Record<WireProvider, string>> {
  const out: Partial<Record<WireProvider, string>> = {};
  for (const p of WIRE_PROVIDERS) {
    if (own && !(p in own)) continue;
    const url = own?.[p]?.trim();
    out[p] = url ? url.replace(/\/+$/, '') : OFFICIAL_UPSTREAMS[p];
  }
  return out;
}

/**
 * Whether anything is enforced on the session's requests now: a redaction, a block ceiling, or
 * a directive on its segments (read each time: an eviction applies to the very next request).
 * The relay refuses what it cannot read while this holds.
 */
export function enforcementInForce(settings: EnforceSettings | undefined, directives: () => readonly unknown[]): boolean {
  if (settings?.wireSecrets === 'redact') return true;
  if (settings?.requestBudget?.policy === 'block') return true;
  try {
    return directives().length > 0;
  } catch {
    // Unknown is treated as in force: fail closed.
    return true;
  }
}

export async function openWireSession(deps: CoreDeps, options: WireSessionOptions): Promise<WireSession> {
  const id = randomUUID();
  insertWireSession(deps.db, { id, kind: options.kind, agent: options.agent, repo: options.repo, runId: options.runId, threadId: options.threadId ?? null, createdAt: deps.now().toISOString() });
  let stepId: string | null = null;
  let queue: Promise<void> = Promise.resolve();
  const append = (work: () => Promise<void>) => {
    queue = queue.then(work).catch(() => {
      /* a record that could not be written never breaks the CLI's traffic */
    });
  };

  // Each request's exchange, from the stages to its record (the relay calls observe right after intercept).
  const exchanges = new Map<number, WireExchange>();
  const blocked: { seq: number; facts: WireEnforcement; reason: string }[] = [];
  let modelRequests = 0;
  const credentialsSeen = new Set<string>();
  const stages = enforcementStages(deps, id, options.enforce, options.runId);
  const enforce = composeStages(options.stages ? options.stages(stages) : stages);

  const directives = wireDirectives(() => deps.db, id);
  const budget = options.enforce?.requestBudget;
  const relay = await startRelay({
    upstreams: resolveUpstreams(options.upstreams),
    inForce: () => enforcementInForce(options.enforce, () => directives.directives()),
    ...(budget?.policy === 'block' && budget.maxRequestBytes !== undefined ? { bodyCeiling: budget.maxRequestBytes } : {}),
    async intercept(request) {
      // How the CLI signed in, as the wire saw it: said once per kind of credential (never the credential).
      if (request.credential && !credentialsSeen.has(request.credential)) {
        credentialsSeen.add(request.credential);
        addWireNote(deps.db, id, deps.now().toISOString(), `${WIRE_LOGIN_SEEN_NOTE}${CREDENTIAL_KIND_TEXT[request.credential]}`);
      }
      const { exchange, ...decision } = await enforce(request);
      exchanges.set(request.seq, exchange);
      if (decision.kind === 'answer') blocked.push({ seq: request.seq, facts: enforcementOf(exchange), reason: decision.message });
      return decision;
    },
    observe(request, forwarded, sentBytes) {
      const at = new Date(request.startedAt).toISOString();
      const step = stepId;
      const exchange = exchanges.get(request.seq) ?? null;
      exchanges.delete(request.seq);
      const enforcement: WireEnforcement = exchange ? enforcementOf(exchange) : {};
      // The body as the stages left it: what left, or (a request the relay answered) what would have, as measured.
      const outgoing = exchange?.body ?? forwarded;
      // Its shape, from the exchange's one parse (recorded when the response has ended).
      const parsed = (() => {
        try {
          return exchange ? exchange.outgoing() : null;
        } catch {
          return null;
        }
      })();
      if (parsed) modelRequests++;
      let reader: ReturnType<typeof usageReader> | null = null;
      return {
        head(_status, headers) {
          if (parsed) reader = usageReader(request.provider, headers);
        },
        chunk(data) {
          reader?.write(data);
        },
        end(outcome) {
          const found = reader?.done() ?? Promise.resolve({ usage: null, model: null });
          append(async () => {
            const { usage, model } = await found;
            const analysis = parsed ? await analyse(deps, { ...parsed, model: parsed.model ?? model }, outgoing.length) : null;
            // Segments as the CLI sent them (ids stay those X-Ray directs), the ones the outgoing check found withheld marked.
            const segments = exchange ? await recordedSegments(deps, exchange, analysis) : (analysis?.segments ?? []);
            const record: WireRequestRecord = {
              sessionId: id,
              seq: request.seq,
              runId: options.runId,
              stepId: step,
              at,
              provider: request.provider,
              method: request.method,
              endpoint: request.endpoint,
              api: parsed?.api ?? null,
              model: parsed?.model ?? model,
              stream: parsed?.stream ?? false,
              status: outcome.status,
              answeredBy: outcome.by,
              reason: outcome.reason ?? (request.notAnalysed ? `not analysed: ${request.notAnalysed}` : null),
              durationMs: outcome.durationMs,
              requestBytes: outgoing.length,
              // In the CLI's content coding (codex's zstd): what left, as the provider receives it.
              ...(request.encoding && sentBytes !== null ? { wireBytes: sentBytes } : {}),
              responseBytes: outcome.responseBytes,
              split: analysis?.split ?? null,
              count: analysis?.count ?? null,
              countBasis: analysis?.countBasis ?? null,
              usage: outcome.by === 'upstream' ? usage : null,
              system: analysis?.system ?? [],
              tools: analysis?.tools ?? [],
              ...(parsed?.deferredTools ? { deferredTools: parsed.deferredTools } : {}),
              segments,
              images: parsed?.images ?? 0,
              ...(analysis?.imageTokens ? { imageTokens: analysis.imageTokens } : {}),
              diff: parsed ? diffSegments(previousSegments(deps.db, id, request.seq), segments) : null,
              enforcement: Object.keys(enforcement).length ? enforcement : null,
            };
            insertWireRequest(deps.db, record, analysis?.estimateTokens ?? null);
            options.onRecord?.(record);
          });
        },
      };
    },
  });

  return {
    id,
    relay,
    setStep: (s) => (stepId = s),
    blocked: () => [...blocked],
    modelRequests: () => modelRequests,
    note: (text) => addWireNote(deps.db, id, deps.now().toISOString(), text),
    settled: () => queue,
    async close() {
      await relay.close();
      await queue;
    },
  };
}
