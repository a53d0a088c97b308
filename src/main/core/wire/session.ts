/**
 * A wire session: one relay (its own path secret) and the records of every
 * request it carried. Runs open one per run (the step in force is set per
 * attempt); `loupe wrap` opens one for a CLI in the user's terminal.
 * Before forwarding, a request meets only the stages that enforce something;
 * its record is prepared once it is on its way (while the provider answers),
 * in arrival order so each diff is against the request before it (kept in
 * memory, not read back), and committed in batches before the response's end
 * reaches the CLI (record-writer.ts).
 */
import { randomUUID } from 'node:crypto';
import { WIRE_LOGIN_SEEN_NOTE, type WireEnforcement, type WireRequestRecord, type WireSessionKind } from '../../../shared/contract/wire';
import type { CoreDeps } from '../deps';
import { analyse, diffSegments } from './analyse';
import { checkLater } from './decode/read';
import { CREDENTIAL_KIND_TEXT, OFFICIAL_UPSTREAMS, WIRE_PROVIDERS, type WireProvider } from './providers';
import { composeStages, type GuardStage, type WireStage } from './enforce/chain';
import { enforcementOf, type WireExchange } from './enforce/exchange';
import { recordedSegments } from './enforce/record';
import { wireDirectives } from './enforce/directive-source';
import { enforcementStages, recordingStages, type EnforceSettings } from './enforce/stages';
import type { ParsedRequest } from './parse';
import { recordWriter } from './record-writer';
import { startRelay, type Relay } from './relay';
import { analysedRecord, beforeAnswerRecord, provisionalRecord, type AnswerFacts, type Prepared, type RecordBase } from './request-record';
import { addWireNote, insertWireSession } from './store';
import { usageReader } from './usage';

/** The latest model requests prepared, kept for the next one's diff (a bound: only the latest before it is read). */
const PREVIOUS_KEPT = 8;

/**
 * With nothing in force, each piece of a record's analysis waits for the relay to have taken in
 * no request for this long (a CLI sends its next request within milliseconds of an answer when
 * its tool takes no time), and at most MAX_DEFER_MS in all (a relay that is never quiet).
 */
const QUIET_MS = 15;
const MAX_DEFER_MS = 2_000;
/** Most requests whose answer went out on a provisional record while their analysis waits (each holds its body). */
const MAX_PROVISIONAL = 4;

/** Lets the I/O that is waiting run before the next piece of a record's analysis. */
const yieldToIo = () => new Promise<void>((resolve) => setImmediate(resolve));

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
  /** Records being prepared or written; settled() waits for them. */
  const recording = new Set<Promise<void>>();
  const track = (work: Promise<void>) => {
    const p = work.catch(() => {
      /* a record that could not be written never breaks the CLI's traffic */
    });
    recording.add(p);
    void p.then(() => recording.delete(p));
    return p;
  };
  /** Records are prepared one after another in arrival order (the secrets memory and the diffs read the one before). */
  let preparing: Promise<unknown> = Promise.resolve();
  const previous: { seq: number; segments: { id: string; bytes: number }[] }[] = [];
  const writer = recordWriter(() => deps.db);
  const recordStages = recordingStages(deps, id, options.enforce);

  // Each request's exchange, from the stages to its record (the relay calls observe right after intercept).
  const exchanges = new Map<number, WireExchange>();
  /** The relay's refusals: the exchange until its record is written (its facts are complete then), then only the facts. */
  const blocked: { seq: number; exchange: WireExchange | null; facts: WireEnforcement | null; reason: string }[] = [];
  let modelRequests = 0;
  /** Requests forwarded with nothing in force whose analysis is not done, and answers' ends waiting for a full record now. */
  let unanalysed = 0;
  let urgent = 0;
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
      // A request being enforced may read the records before it (directive-source's latestMain):
      // the analyses still waiting for a quiet relay run now.
      const hurry = !request.unchecked;
      if (hurry) urgent++;
      let enforced: Awaited<ReturnType<typeof enforce>>;
      try {
        enforced = await enforce(request);
      } finally {
        if (hurry) urgent--;
      }
      const { exchange, ...decision } = enforced;
      exchanges.set(request.seq, exchange);
      if (decision.kind === 'answer') blocked.push({ seq: request.seq, exchange, facts: null, reason: decision.message });
      return decision;
    },
    observe(request, forwarded, sentBytes) {
      const at = new Date(request.startedAt).toISOString();
      const step = stepId;
      // Set to null when the body proves unreadable: it is recorded as not analysed, whatever the stages made of it.
      let exchange = exchanges.get(request.seq) ?? null;
      exchanges.delete(request.seq);
      /** Why a body forwarded unchecked (nothing was in force) cannot be read as a request, checked after forwarding. */
      let unreadable: string | null = null;
      // The body as the stages left it: what left, or (a request the relay answered) what would have, as measured.
      const outgoing = exchange?.body ?? forwarded;
      let reader: ReturnType<typeof usageReader> | null = null;
      // Each piece of the record's analysis waits its turn. With something in force, only for the
      // I/O waiting now (the stages parsed the body already, and the answer's end waits for this
      // record). With nothing in force, for the relay to be quiet (quiet.ts): a provider that answers
      // at once has its answer at the CLI, and the CLI's next request at the provider, before the
      // analysis takes the event loop (the record is provisional meanwhile, see end); a model that
      // takes longer (reading a long prompt) has it done while it thinks.
      // Waiting stops when an answer's end waits for a full record (the analyses before it go first),
      // and MAX_DEFER_MS after the request came, whatever the traffic.
      const deadline = performance.now() + MAX_DEFER_MS;
      const turn = async () => {
        if (request.unchecked && urgent === 0) await relay.whenQuiet(QUIET_MS, deadline - performance.now(), () => urgent > 0);
        await yieldToIo();
      };
      if (request.unchecked) unanalysed++;
      /** Whether the record's analysis is ready (the answer's end then waits for the full record only). */
      let ready = false;
      // Its shape, from the exchange's one parse, read once the request is on its way (observe runs before the relay forwards).
      // (turn() ends in a setImmediate: the parse never runs before the relay has forwarded.)
      const parsing = turn().then((): ParsedRequest | null => {
        let parsed: ParsedRequest | null = null;
        if (request.unchecked && !request.notAnalysed) unreadable = checkLater(request.body);
        if (unreadable) exchange = null;
        try {
          parsed = exchange ? exchange.outgoing() : null;
        } catch {
          /* not a request Loupe can read: recorded without its shape */
        }
        if (parsed) modelRequests++;
        return parsed;
      });
      let settleUsage: (u: { usage: WireRequestRecord['usage']; model: string | null }) => void = () => undefined;
      const found = new Promise<{ usage: WireRequestRecord['usage']; model: string | null }>((resolve) => (settleUsage = resolve));
      // What the record says of the body, prepared while the provider answers. In arrival order (the
      // secrets memory and the diffs read the request before): what needs no model, from the one parse.
      const ordered = preparing.then(async () => {
        const parsed = await parsing;
        // Segment ids and sizes as the CLI sent them (the ones the record lists and X-Ray directs).
        const sentSegments = parsed ? (exchange?.sent()?.parsed?.segments ?? parsed.segments) : [];
        // What is only recorded (a secret found in warn mode), after the shape was read from the untouched tree.
        // Each piece of work lets waiting I/O in first (the next request's bytes, an answer's chunks).
        if (exchange) for (const stage of recordStages) {
          await turn();
          await Promise.resolve(stage(exchange)).catch(() => undefined);
        }
        const before = parsed ? (previous.filter((p) => p.seq < request.seq).at(-1) ?? null) : null;
        const mine = sentSegments.map((s) => ({ id: s.id, bytes: s.bytes }));
        if (parsed) {
          previous.push({ seq: request.seq, segments: mine });
          previous.sort((a, b) => a.seq - b.seq);
          if (previous.length > PREVIOUS_KEPT) previous.shift();
        }
        return { parsed, diff: parsed ? diffSegments(before, mine) : null };
      });
      preparing = ordered.catch(() => undefined);
      // Then the counts, hashes and previews (the model from the answer only when the body names none:
      // that one waits for its answer without holding up the requests after it).
      const prepared = ordered.then(async ({ parsed, diff }): Promise<Prepared> => {
        const model = parsed?.model ?? (parsed ? (await found).model : null);
        await turn();
        const analysis = parsed ? await analyse(deps, { ...parsed, model }, outgoing.length) : null;
        await turn();
        // Segments as the CLI sent them, the ones the outgoing check found withheld marked.
        const segments = exchange ? await recordedSegments(deps, exchange, analysis) : (analysis?.segments ?? []);
        ready = true;
        return { parsed, analysis, segments, diff, enforcement: exchange ? enforcementOf(exchange) : {}, unreadable };
      });
      const analysed = () => void (request.unchecked && unanalysed--);
      prepared.then(analysed, analysed);
      const base: RecordBase = { sessionId: id, runId: options.runId, stepId: step, at, request, requestBytes: outgoing.length, sentBytes };
      let ended = false;
      // Nothing in force and analysed before the answer ended (a model still thinking): the record
      // is written now, and its end only adds the answer's facts (a small update, not the parts).
      const early = prepared.then((p) => {
        if (ended || !request.unchecked) return null;
        // (In an object: a promise returned from then() would be waited for, not handed on.)
        return { written: track(writer.write(beforeAnswerRecord(base, p, request.startedAt), p.analysis?.estimateTokens ?? null)) };
      });
      return {
        head(_status, headers) {
          reader = usageReader(request.provider, headers);
        },
        chunk(data) {
          reader?.write(data);
        },
        end(outcome) {
          ended = true;
          void (reader?.done() ?? Promise.resolve({ usage: null, model: null })).then(settleUsage, () => settleUsage({ usage: null, model: null }));
          const answer = found.then(({ usage, model }): AnswerFacts => ({ outcome, usage, model }));
          const finish = (record: WireRequestRecord) => {
            const refused = blocked.find((b) => b.seq === request.seq && b.exchange);
            if (refused) [refused.facts, refused.exchange] = [record.enforcement ?? {}, null];
            options.onRecord?.(record);
          };
          if (ready) {
            return track(
              early.then(async (pre) => {
                const p = await prepared;
                const record = analysedRecord(base, p, await answer);
                if (pre) await pre.written;
                await writer.write(record, p.analysis?.estimateTokens ?? null, pre ? 'complete' : 'insert');
                finish(record);
              }),
            );
          }
          // Nothing was in force and the analysis is not ready: the answer's end waits only for a
          // provisional record (its size, status, usage, timing); the full one replaces it.
          // At most MAX_PROVISIONAL records wait for their analysis: past that, a CLI sending faster than
          // the relay analyses waits for its records again (the bodies held for them stay bounded).
          const provisional = request.unchecked && unanalysed <= MAX_PROVISIONAL ? track(answer.then((a) => writer.write(provisionalRecord(base, a), null))) : null;
          if (!provisional) urgent++;
          const full = track(
            prepared.then(async (p) => {
              const record = analysedRecord(base, p, await answer);
              if (provisional) await provisional;
              await writer.write(record, p.analysis?.estimateTokens ?? null, provisional ? 'replace' : 'insert');
              finish(record);
            }),
          );
          if (!provisional) void full.then(() => urgent--);
          return provisional ?? full;
        },
      };
    },
  });

  /** Every record begun so far, and any begun while waiting, written (or given up). */
  async function settled(): Promise<void> {
    while (recording.size) await Promise.all([...recording]);
  }

  return {
    id,
    relay,
    setStep: (s) => (stepId = s),
    blocked: () => blocked.map((b) => ({ seq: b.seq, facts: b.exchange ? enforcementOf(b.exchange) : (b.facts ?? {}), reason: b.reason })),
    modelRequests: () => modelRequests,
    note: (text) => addWireNote(deps.db, id, deps.now().toISOString(), text),
    settled,
    async close() {
      await relay.close();
      await settled();
    },
  };
}
