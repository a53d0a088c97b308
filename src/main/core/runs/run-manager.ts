import { randomUUID } from 'node:crypto';
import { mkdir, writeFile } from 'node:fs/promises';
import { dirname, isAbsolute, join, relative, resolve } from 'node:path';
import type { AgentEvent } from '../../../shared/contract/agent-events';
import { IDLE_TIMEOUT_SECONDS, type AgentId, type AgentInfo, type RunDetail, type RunInput, type RunStatus, type StepEvidence, type StepKind } from '../../../shared/contract/runs';
import { LoupeError } from '../../../shared/errors';
import { describeExceeded } from '../../../shared/runs/budget';
import { historyDroppedNote } from '../../../shared/runs/history-note';
import type { CoreDeps } from '../deps';
import type { AgentAdapter, InvocationInput } from './agents/adapter';
import { prepareStep, type ModelWindow } from './prepare';
import { runSources } from './preset-in-force';
import { RunRecorder } from './recorder';
import { withPreviews } from '../prompt/section-previews';
import { removeStaged, stageContext, type Staging } from './stage';
import { countPromptExactly } from '../prompt/prompt-count';
import { runStep, type StepResult } from './step';
import { insertStepEnd, insertStepStart, listEvidence, stepCount, type StepStart } from './store/evidence';
import { openStepWire, withWireArgs } from '../wire/run-wire';
import { projectTrust } from '../trust/trust';
import { redactSecrets } from '../secrets';
import { claudeProjectBaseUrl, geminiProjectBaseUrl } from '../trust/agent-config';
import { relayBypass } from '../wire/bypass';
import { wireRunSummary } from '../wire/store';
import { withListPrices } from '../cost/wire-costs';
import { getRun, getRunInput, insertRun, readRunEvents, setRunInput, setRunStatus, setStagedDir } from './store/runs';
import { appendTranscript, createThread, getThread, readTranscript, setThreadSession, touchThread } from '../threads/thread-store';
import { TranscriptCollector } from '../threads/transcript-collector';
import { hideRelaySecret, ShownRedactor, withoutLiteral } from './shown-redactor';
import { listDirectives } from '../threads/directive-store';
import { stepDirectives } from '../prompt/history';
import { unstagedSelections } from './unstaged';
import { stepWireBlock, warningsOf, wireRefusalStepText } from '../../../shared/wire/enforcement-text';

/** How the manager reaches agents and models (the registry and the catalog, or test doubles). */
export interface RunEnvironment {
  adapter(id: AgentId): AgentAdapter;
  /** Finds the CLI (it may run `<cli> --version`): called only once a step is decided to launch. */
  detect(id: AgentId): Promise<AgentInfo>;
  /** A detection already made, without starting anything (a blocked step's evidence names the version when known). */
  known?(id: AgentId): AgentInfo | null;
  resolveModel(id: string | null, agent: AgentId): Promise<ModelWindow>;
  /** A turn of the thread began or ended (its transcript or evidence changed): an event for whoever listens. */
  turnChanged?(threadId: string): void;
  /** What a step needs besides the prompt: the demo agent's home, Loupe's X-Ray tools (MCP) when asked for, extra environment. */
  extra(runId: string, threadId: string, input: RunInput): Pick<InvocationInput, 'demo' | 'mcp'> & { env?: Record<string, string>; note?: string };
}

/** How a run's steps begin: its branch, fresh or resumed, the step kind, and a staging made before the run was created. */
interface LaunchHow {
  branch: string | null;
  fresh: boolean;
  kind: StepKind | null;
  staging?: Staging;
}

interface ActiveRun {
  controller: AbortController;
  done: Promise<void>;
  recorder: RunRecorder;
}

/** Files a CLI reads its options from (codex's output schema), written inside the staged folder only. */
async function writeInvocationFiles(contextDir: string, files: readonly { path: string; content: string }[]): Promise<void> {
  for (const f of files) {
    const target = resolve(contextDir, f.path);
    const rel = relative(contextDir, target);
    if (rel.startsWith('..') || isAbsolute(rel)) throw new Error(`An agent asked to write ${f.path} outside the staged folder.`);
    await mkdir(dirname(target), { recursive: true, mode: 0o700 });
    await writeFile(target, f.content, { mode: 0o600 });
  }
}

const newId = (prefix: string) => `${prefix}${randomUUID().replaceAll('-', '')}`;

/** Environment variables an agent must not inherit from Loupe (the browser host's token). */
const HIDDEN_ENV = ['LOUPE_TOKEN'];

/**
 * Owns every run of this runtime: prepares and measures each step right
 * before launch, applies the budget (a block never spawns), launches through
 * the launcher, streams and records events, keeps evidence and the thread's
 * transcript, falls back to a fresh session when a resume fails, and ends
 * every agent on cancel or shutdown.
 */
export class RunManager {
  private readonly active = new Map<string, ActiveRun>();

  constructor(
    private readonly deps: CoreDeps,
    private readonly env: RunEnvironment,
  ) {
    deps.onClose(() => this.closeAll());
  }

  isActive(runId: string): boolean {
    return this.active.has(runId);
  }

  /** Starts a run; resolves once its first step is launched, blocked or failed (follow `run:<id>` for the rest). */
  async start(input: RunInput, options: { threadId?: string; fresh?: boolean; signal?: AbortSignal }): Promise<RunDetail> {
    const { db } = this.deps;
    const repo = await this.deps.repos.use(input.repo, async (reader) => ({ root: reader.root, ...(await reader.head()) }), options.signal);
    let threadId = options.threadId;
    if (threadId) {
      const thread = getThread(db, threadId);
      if (!thread) throw new LoupeError('not-found', `There is no thread ${threadId}.`);
      if (thread.repo !== repo.root) throw new LoupeError('invalid-input', `Thread ${threadId} belongs to ${thread.repo}, not ${repo.root}.`);
      if (thread.agent !== input.settings.agent) {
        throw new LoupeError('invalid-input', `This thread runs ${thread.agent}; start a new thread to use ${input.settings.agent}.`);
      }
      for (const [id, active] of [...this.active.entries()]) {
        const other = getRun(db, id);
        if (other?.threadId !== threadId) continue;
        if (other.status === 'running') throw new LoupeError('invalid-input', 'This thread has a run in progress; wait for it or cancel it first.');
        // Its outcome is recorded (blocked, failed, …); it is only removing its staged folder.
        await active.done;
      }
    }
    // Staged before the run exists: a selection that stages nothing the user named is refused here, before launch.
    const runId = newId('r');
    const staging = await this.stage(runId, { ...input, repo: repo.root }, options.signal).catch(async (err: unknown) => {
      await removeStaged(join(this.deps.userDataDir, 'runs', runId));
      throw err;
    });
    const missing = input.allowUnstaged ? [] : unstagedSelections(input, staging);
    if (missing.length) {
      await removeStaged(join(this.deps.userDataDir, 'runs', runId));
      throw new LoupeError(
        'invalid-input',
        `Nothing was staged for ${missing.slice(0, 5).join(', ')}${missing.length > 5 ? ` and ${missing.length - 5} more` : ''}. Name files that exist, or go ahead without them (in the app: Run without them, in the run bar; loupe run --allow-missing).`,
        { unstaged: missing },
      );
    }
    if (!threadId) {
      threadId = newId('t');
      createThread(db, { id: threadId, repo: repo.root, agent: input.settings.agent, model: input.settings.model ?? null, title: input.ask, now: this.deps.now() });
    }
    const stored: RunInput = { ...input, repo: repo.root };
    insertRun(db, { id: runId, threadId, repo: repo.root, agent: input.settings.agent, model: input.settings.model ?? null, ask: input.ask, input: stored, now: this.deps.now() });
    touchThread(db, threadId, this.deps.now());
    const fresh = options.fresh === true || !this.env.adapter(input.settings.agent).resumable;
    return this.launch(runId, threadId, stored, { branch: repo.branch, fresh, kind: null, staging });
  }

  /** A new step of an ended run, measured again from its recorded input (settings may change). */
  async retry(runId: string, settings?: RunInput['settings']): Promise<RunDetail> {
    const run = getRun(this.deps.db, runId);
    if (!run) throw new LoupeError('not-found', `There is no run ${runId}.`);
    const active = this.active.get(runId);
    if (active) {
      // A run whose outcome is already recorded is only tidying up (removing its staged folder).
      if (run.status === 'running') throw new LoupeError('invalid-input', 'This run is still going; cancel it first.');
      await active.done;
    }
    const input = getRunInput(this.deps.db, runId)!;
    if (settings && settings.agent !== input.settings.agent) {
      throw new LoupeError('invalid-input', `This run's thread uses ${input.settings.agent}; start a new run for ${settings.agent}.`);
    }
    const next: RunInput = settings ? { ...input, settings } : input;
    setRunInput(this.deps.db, runId, next);
    const head = await this.deps.repos.use(next.repo, (reader) => reader.head());
    const thread = getThread(this.deps.db, run.threadId);
    // A retry repeats the last attempt's kind: a fresh attempt (an X-Ray continuation) stays fresh, with the thread's directives.
    const last = listEvidence(this.deps.db, { runId }).at(-1);
    const fresh = !thread?.cliSessionId || (last !== undefined && !last.resumed);
    return this.launch(runId, run.threadId, next, { branch: head.branch, fresh, kind: 'retry' });
  }

  cancel(runId: string): boolean {
    const run = this.active.get(runId);
    if (!run) return false;
    run.controller.abort();
    return true;
  }

  /** Ends every run (their agents' trees), letting their last evidence land. */
  async closeAll(): Promise<void> {
    for (const run of this.active.values()) run.controller.abort();
    await Promise.allSettled([...this.active.values()].map((r) => r.done));
  }

  detail(runId: string): RunDetail {
    const run = getRun(this.deps.db, runId);
    if (!run) throw new LoupeError('not-found', `There is no run ${runId}.`);
    // A live run's last events may still be waiting for their batched write: write them first,
    // so the record and `lastSeq` agree and a follower after `lastSeq` misses nothing.
    this.active.get(runId)?.recorder.flush();
    const events = readRunEvents(this.deps.db, runId);
    const steps = listEvidence(this.deps.db, { runId }).map(({ repo: _repo, ...s }) => s);
    const live = this.deps.streams.lastSeq(`run:${runId}`);
    const settings = getRunInput(this.deps.db, runId)?.settings ?? { agent: run.agent, loop: {} };
    return { run, settings, steps, events, lastSeq: Math.max(live, events.at(-1)?.seq ?? 0), wire: withListPrices(this.deps.db, wireRunSummary(this.deps.db, runId), runId) };
  }

  /** Runs the steps of one run in the background; resolves with its detail after the first decision. */
  private launch(runId: string, threadId: string, input: RunInput, how: LaunchHow): Promise<RunDetail> {
    const controller = new AbortController();
    const recorder = new RunRecorder(() => this.deps.db, this.deps.streams, runId, readRunEvents(this.deps.db, runId).at(-1)?.seq ?? 0);
    let decided!: () => void;
    const firstDecision = new Promise<void>((resolve) => (decided = resolve));
    const done = this.execute(runId, threadId, input, how, controller.signal, recorder, decided)
      .catch((err: unknown) => {
        // Loupe's own failure (not the agent's): record it plainly on the run.
        const message = err instanceof Error ? err.message : String(err);
        recorder.publish({ type: 'agent', stepId: '', event: { type: 'error', message: `Loupe could not run this: ${message}` } });
        this.finish(runId, controller.signal.aborted ? 'cancelled' : 'failed', recorder);
      })
      .finally(() => {
        decided();
        this.active.delete(runId);
      });
    this.active.set(runId, { controller, done, recorder });
    return firstDecision.then(() => this.detail(runId));
  }

  private async execute(
    runId: string,
    threadId: string,
    input: RunInput,
    how: LaunchHow,
    signal: AbortSignal,
    recorder: RunRecorder,
    decided: () => void,
  ): Promise<void> {
    const { db } = this.deps;
    setRunStatus(db, runId, 'running', null);
    recorder.publish({ type: 'status', status: 'running' });
    const agent = input.settings.agent;
    const adapter = this.env.adapter(agent);
    const model = await this.env.resolveModel(input.settings.model ?? null, agent);
    const staging = how.staging ?? (await this.stage(runId, input, signal));
    setStagedDir(db, runId, staging.dir);
    let status: RunStatus = 'failed';
    try {
      const thread = getThread(db, threadId)!;
      let resumeId = how.fresh || !adapter.resumable ? null : thread.cliSessionId;
      let kind: StepKind = how.kind ?? (resumeId ? 'resume' : 'fresh');
      const askRecorded = readTranscript(db, threadId).some((e) => e.runId === runId);
      let recordedAsk = askRecorded;
      for (;;) {
        const outcome = await this.step({ runId, threadId, input, adapter, model, staging, branch: how.branch, kind, resumeId, signal, recorder, recordAsk: !recordedAsk, decided });
        if (outcome.launched) recordedAsk = true;
        status = outcome.status;
        // A resume the CLI could not do: start over as a fresh session carrying Loupe's history.
        if (kind === 'resume' && outcome.resumeFailed && !signal.aborted) {
          setThreadSession(db, threadId, null, this.deps.now());
          resumeId = null;
          kind = 'fallback';
          continue;
        }
        break;
      }
    } finally {
      if (!input.settings.keepStaged) {
        await removeStaged(join(this.deps.userDataDir, 'runs', runId));
        setStagedDir(db, runId, null);
      }
      this.finish(runId, signal.aborted && status !== 'blocked' ? 'cancelled' : status, recorder);
    }
  }

  /** Stages a run's selection into its own folder (re-checking every path). */
  private stage(runId: string, input: RunInput, signal?: AbortSignal): Promise<Staging> {
    const stageDir = join(this.deps.userDataDir, 'runs', runId, `context-${Date.now().toString(36)}`);
    return this.deps.repos.use(
      input.repo,
      (reader) => stageContext(reader, stageDir, { baseRef: input.baseRef ?? 'HEAD', paths: input.paths, attachments: input.attachments }, signal),
      signal,
    );
  }

  private finish(runId: string, status: RunStatus, recorder: RunRecorder): void {
    setRunStatus(this.deps.db, runId, status, this.deps.now());
    recorder.publish({ type: 'status', status });
    const run = getRun(this.deps.db, runId);
    if (run) recorder.publish({ type: 'end', run });
    recorder.flush();
    if (run) this.env.turnChanged?.(run.threadId);
  }

  /** One step: prepare and measure, decide, launch, and record how it ended. */
  private async step(s: {
    runId: string;
    threadId: string;
    input: RunInput;
    adapter: AgentAdapter;
    model: ModelWindow;
    staging: Staging;
    branch: string | null;
    kind: StepKind;
    resumeId: string | null;
    signal: AbortSignal;
    recorder: RunRecorder;
    recordAsk: boolean;
    /** Called once the launch is decided (runs.start answers then). */
    decided: () => void;
  }): Promise<{ status: RunStatus; launched: boolean; resumeFailed: boolean }> {
    const { db } = this.deps;
    const transcript = readTranscript(db, s.threadId).filter((e) => e.runId !== s.runId);
    const extra = this.env.extra(s.runId, s.threadId, s.input);
    // Loupe's workspace trust: an untrusted repository's agent configuration is left out (core/trust).
    const trust = projectTrust(db, s.input.repo, s.adapter.id, this.deps.env);
    const prepared = await prepareStep(
      {
        adapter: s.adapter,
        // The bare name: the measured bytes never depend on where the CLI is, and nothing is started before the decision.
        executable: s.adapter.id,
        input: s.input,
        staging: s.staging,
        runtime: { repo: s.input.repo, branch: s.branch },
        kind: s.kind,
        resumeSessionId: s.resumeId,
        transcript,
        model: s.model,
        directives: stepDirectives(listDirectives(db, { threadId: s.threadId })),
        runId: s.runId,
        extra,
        projectConfig: { load: trust.load, mcpJson: trust.mcpJson },
        deps: this.deps,
        signal: s.signal,
      },
      s.input.settings.loop.contextBudget,
    );
    // Each value's source at launch: the preset named, the settings in force, or this run alone.
    const origin = runSources(db, s.input.settings, s.input.presetRef);
    const ordinal = stepCount(db, s.runId) + 1;
    const blocked = prepared.check.verdict === 'block';
    // A blocked step starts no process at all, not even `<cli> --version`: detection comes after the decision.
    const info = blocked ? (this.env.known?.(s.adapter.id) ?? null) : await this.env.detect(s.adapter.id);
    const problem = !blocked && info && !info.installed ? (info.problem ?? `${info.label} is not installed.`) : null;
    const preflight = !blocked && !problem && s.adapter.preflight && info?.path
      ? await s.adapter.preflight({ spawn: this.deps.spawn, env: this.deps.env, signal: s.signal, executable: info.path })
      : null;
    const start: StepStart = {
      id: newId('s'),
      runId: s.runId,
      threadId: s.threadId,
      repo: s.input.repo,
      ordinal,
      kind: s.kind,
      resumed: s.resumeId !== null,
      adapter: s.adapter.id,
      agentVersion: info?.version ?? null,
      model: s.input.settings.model ?? null,
      promptBytes: prepared.promptBytes,
      schemaBytes: prepared.schemaBytes,
      totalBytes: prepared.check.totalBytes,
      approxTokens: prepared.check.approxTokens,
      sha256: prepared.sha256,
      sections: await withPreviews(prepared.sections, prepared.heads),
      exclusions: s.staging.exclusions,
      budget: s.input.settings.loop.contextBudget ?? null,
      requestBudget: s.input.settings.loop.requestBudget ?? null,
      exceeded: prepared.check.exceeded,
      outcome: blocked ? 'blocked' : problem || preflight ? 'failed' : 'launched',
      presetRef: origin.presetRef,
      sources: origin.sources,
      history: prepared.history,
      message: blocked
        ? `Blocked by the context budget: ${describeExceeded(prepared.check.exceeded)}.`
        : (problem ??
          preflight ??
          (prepared.check.verdict === 'warn' ? `Over the context budget (warn): ${describeExceeded(prepared.check.exceeded)}.` : historyDroppedNote(prepared.history))),
      startedAt: this.deps.now().toISOString(),
    };
    insertStepStart(db, start);
    const evidence = (): StepEvidence => {
      const { repo: _repo, ...row } = listEvidence(db, { runId: s.runId }).find((e) => e.id === start.id)!;
      return row;
    };
    s.recorder.publish({ type: 'step', step: evidence() });
    // Not launched: the run's status is known now (callers of runs.start see it in the answer).
    if (blocked || problem || preflight) setRunStatus(db, s.runId, blocked ? 'blocked' : 'failed', this.deps.now());
    s.decided();
    if (blocked) return { status: 'blocked', launched: false, resumeFailed: false };
    if (problem || preflight) {
      s.recorder.publish({ type: 'agent', stepId: start.id, event: { type: 'error', message: (problem ?? preflight)! } });
      return { status: 'failed', launched: false, resumeFailed: false };
    }
    if (s.recordAsk) appendTranscript(db, s.threadId, s.runId, [{ kind: 'user', text: s.input.ask }]);
    if (extra.note) s.recorder.publish({ type: 'agent', stepId: start.id, event: { type: 'raw', stream: 'stderr', text: extra.note } });
    if (trust.note) s.recorder.publish({ type: 'agent', stepId: start.id, event: { type: 'raw', stream: 'stderr', text: (await redactSecrets(trust.note)).text } });
    this.env.turnChanged?.(s.threadId);

    const collector = new TranscriptCollector();
    // What the run view and its record show: recognised secrets hidden, order kept.
    const shown = new ShownRedactor((event) => s.recorder.publish({ type: 'agent', stepId: start.id, event }));
    const timeout = s.input.settings.loop.idleTimeoutSeconds;
    const invocation = prepared.invocationFor(info?.path ?? s.adapter.id);
    // What was measured is what is written: the executable's path is not part of it.
    if (invocation.stdin !== prepared.invocation.stdin) throw new Error('The prompt changed between measuring and launching.');
    const cliEnv: NodeJS.ProcessEnv = { ...this.deps.env, ...invocation.env, ...extra.env };
    // The wire: a relay for this step between the CLI and its provider (or, where it cannot be, the reason).
    const { requestBudget, spendBudget, wireSecrets } = s.input.settings.loop;
    const wire = await openStepWire(this.deps, {
      agent: s.adapter.id,
      setting: s.input.settings.wire,
      env: cliEnv,
      repo: s.input.repo,
      runId: s.runId,
      threadId: s.threadId,
      stepId: start.id,
      enforce: { requestBudget, spendBudget, wireSecrets },
      // A trusted repository's own base URL is the relay's upstream (the relay stays in front of it).
      project: {
        anthropicBaseUrl: trust.load && s.adapter.id === 'claude' ? claudeProjectBaseUrl(s.input.repo) : null,
        geminiBaseUrl: trust.load && s.adapter.id === 'gemini' ? geminiProjectBaseUrl(s.input.repo) : null,
      },
      filesDir: s.staging.dir,
      // Warnings show live: a request over the request budget, a secret in one.
      onRecord: (r) => {
        for (const warning of warningsOf(r.sessionId, r.seq, r.enforcement)) s.recorder.publish({ type: 'wire', stepId: start.id, warning });
      },
    });
    if (wire.note) s.recorder.publish({ type: 'agent', stepId: start.id, event: { type: 'raw', stream: 'stderr', text: wire.note } });
    const env: NodeJS.ProcessEnv = { ...cliEnv, ...wire.env, LOUPE_CONTEXT_DIR: s.staging.dir, LOUPE_RUN_ID: s.runId };
    for (const key of HIDDEN_ENV) delete env[key];
    await writeInvocationFiles(s.staging.dir, invocation.files ?? []);
    const running = runStep(this.deps.spawn, {
      adapter: s.adapter,
      invocation: { ...invocation, args: withWireArgs(invocation.args, wire.args) },
      cwd: s.input.repo,
      env,
      idleTimeoutMs: timeout === null ? null : (timeout ?? IDLE_TIMEOUT_SECONDS.default) * 1000,
      signal: s.signal,
      onEvent: (raw: AgentEvent) => {
        // The relay's secret, where the CLI prints its base URL, is hidden before anything records it.
        const event = wire.secret ? withoutLiteral(raw, wire.secret) : raw;
        collector.add(event);
        shown.push(event);
      },
    });
    // runStep spawned synchronously: the exact count starts after the launch, in the token workers.
    const exact = countPromptExactly(this.deps.tokens, s.input.settings.model, invocation.stdin, prepared.sha256);
    const result: StepResult = await running.finally(() => wire.session?.close());
    await shown.drain();
    // A request the relay blocked (request budget): the step ends blocked, whatever the CLI made of it.
    const wireBlock = wire.session?.blocked()[0] ?? null;
    const answered = !wireBlock && !result.cancelled && !result.timedOut && !result.spawnError && result.exit.code === 0 && result.result?.ok !== false;
    // The CLI answered, yet no model request reached the relay: it went around it (its own settings, a custom command).
    const bypass = answered && wire.session !== null && wire.session.modelRequests() === 0 ? relayBypass(s.input.settings.loop, stepDirectives(listDirectives(db, { threadId: s.threadId }))) : null;
    if (bypass) {
      wire.session!.note(bypass.text);
      s.recorder.publish({ type: 'agent', stepId: start.id, event: { type: 'raw', stream: 'stderr', text: `loupe: ${bypass.text}` } });
    }
    const ok = answered && !bypass?.failOpen;
    const outcome = result.cancelled ? 'cancelled' : wireBlock ? 'blocked' : ok ? 'launched' : 'failed';
    const message = bypass
      ? bypass.text
      : result.cancelled
      ? 'Cancelled: Loupe ended the agent and its processes.'
      : wireBlock
        ? wireRefusalStepText(wireBlock)
      : result.timedOut
        ? `No progress for ${timeout ?? IDLE_TIMEOUT_SECONDS.default} s: Loupe ended the agent (change the no-progress timeout in the run settings).`
        : result.spawnError
          ? `The agent could not be started: ${result.spawnError}`
          : ok
            ? null
            : hideRelaySecret(result.result?.message ?? result.lastError ?? `The agent exited with ${result.exit.code ?? result.exit.signal}.`, wire.secret);
    insertStepEnd(db, {
      stepId: start.id,
      outcome,
      exitCode: result.exit.code,
      signal: result.exit.signal,
      endedAt: this.deps.now().toISOString(),
      reported: result.usage,
      exactTokens: await exact,
      message,
      // The request budget's block carries its request's size and ceilings; a spend block or a refused check says why in the message.
      wireBlock: wireBlock?.facts.budget?.verdict === 'block' && wire.session ? stepWireBlock(wire.session.id, wireBlock.seq, wireBlock.facts.budget) : null,
    });
    appendTranscript(db, s.threadId, s.runId, collector.items);
    if (ok && result.sessionId && s.adapter.resumable) setThreadSession(db, s.threadId, result.sessionId, this.deps.now());
    else touchThread(db, s.threadId, this.deps.now());
    s.recorder.flush();
    s.recorder.publish({ type: 'step', step: evidence() });
    const status: RunStatus = outcome === 'cancelled' ? 'cancelled' : outcome === 'blocked' ? 'blocked' : ok ? 'succeeded' : 'failed';
    const resumeFailed =
      !ok && !wireBlock && !bypass && !result.cancelled && !result.timedOut && !result.progressed && (s.adapter.isResumeFailure?.(message, result.exit) ?? true);
    return { status, launched: true, resumeFailed };
  }
}
