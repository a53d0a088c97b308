import { join } from 'node:path';
import type { Services } from '../../../shared/api';
import type { ResolvedModel } from '../../../shared/contract/models';
import { AGENT_IDS, approxTokens, type AgentId, type AgentInfo, type RunDetail, type RunPreview } from '../../../shared/contract/runs';
import { LoupeError } from '../../../shared/errors';
import { checkBudget } from '../../../shared/runs/budget';
import type { CoreDeps } from '../deps';
import { agentAdapters, detectAgent } from './agents/registry';
import { exportEvidence } from './export';
import type { RunRequest, RunsApi } from './api';
import { prepareStep, type ModelWindow } from './prepare';
import { stepDirectives } from '../prompt/history';
import { listDirectives } from '../threads/directive-store';
import { promptMix } from '../prompt/prompt-mix';
import { countPromptExactly } from '../prompt/prompt-count';
import { RunManager, type RunEnvironment } from './run-manager';
import { removeStaged, stageContext } from './stage';
import { listEvidence } from './store/evidence';
import { listRuns, markInterrupted, runCounts, setStagedDir } from './store/runs';
import { getThread, listThreads, readTranscript } from '../threads/thread-store';
import { demoExtras } from './demo-extras';
import { xrayTools } from './xray-tools';
import { withPreviews } from '../prompt/section-previews';
import { unstagedSelections } from './unstaged';

type RunServices = Pick<
  Services,
  'runs.agents' | 'runs.preview' | 'runs.start' | 'runs.retry' | 'runs.cancel' | 'runs.get' | 'runs.list' | 'threads.list' | 'evidence.export'
>;

export interface RunServiceOptions {
  /** The catalog's answer for a model id ('default' for none). */
  resolveModel(id: string): Promise<ResolvedModel>;
}



/** How long an agent's detection (PATH lookup and --version) is reused. */
const DETECT_TTL_MS = 30_000;

/** Runs, threads and evidence: the run manager behind the contract. */
export function runServices(deps: CoreDeps, options: RunServiceOptions): { services: RunServices; api: RunsApi } {
  const detected = new Map<AgentId, { at: number; info: Promise<AgentInfo>; settled?: AgentInfo }>();
  const detect = (id: AgentId, refresh = false): Promise<AgentInfo> => {
    const hit = detected.get(id);
    if (hit && !refresh && Date.now() - hit.at < DETECT_TTL_MS) return hit.info;
    const entry: { at: number; info: Promise<AgentInfo>; settled?: AgentInfo } = { at: Date.now(), info: detectAgent(agentAdapters[id], { spawn: deps.spawn, env: deps.env }) };
    void entry.info.then((info) => (entry.settled = info));
    detected.set(id, entry);
    return entry.info;
  };
  const resolveModel = async (id: string | null): Promise<ModelWindow> => {
    const m = await options.resolveModel(id?.trim() || 'default');
    return { id: id?.trim() || m.id, window: m.window, budget: m.budget, source: m.known ? m.source : 'default', known: m.known && !!id };
  };
  const turnListeners = new Set<(threadId: string) => void>();
  const env: RunEnvironment = {
    adapter: (id) => agentAdapters[id],
    detect: (id) => detect(id),
    known: (id) => detected.get(id)?.settled ?? null,
    resolveModel: (id) => resolveModel(id),
    turnChanged: (threadId) => {
      for (const listener of turnListeners) listener(threadId);
    },
    extra: (runId, threadId, input) => {
      const tools = xrayTools(deps, agentAdapters[input.settings.agent], threadId, input);
      return { ...demoExtras(deps, runId), mcp: tools.mcp, note: tools.note };
    },
  };
  const manager = new RunManager(deps, env);
  let swept = false;
  /** Once per runtime, before the first listing: runs whose process died are marked interrupted. */
  const sweep = () => {
    if (swept) return;
    swept = true;
    // A killed run never removed its staged folder (copies of the repository's files): remove it now.
    for (const run of markInterrupted(deps.db, deps.now(), (id) => manager.isActive(id))) {
      if (run.keepStaged) continue;
      setStagedDir(deps.db, run.id, null);
      void removeStaged(join(deps.userDataDir, 'runs', run.id)).catch(() => undefined);
    }
  };

  const preview = async (request: RunRequest, signal: AbortSignal, previewOptions: { sectionPreviews?: boolean } = {}): Promise<RunPreview> => {
    const { threadId, fresh, ...input } = request;
    const thread = threadId ? getThread(deps.db, threadId) : null;
    if (threadId && !thread) throw new LoupeError('not-found', `There is no thread ${threadId}.`);
    const adapter = agentAdapters[input.settings.agent];
    const model = await resolveModel(input.settings.model ?? null);
    return deps.repos.use(
      input.repo,
      async (reader) => {
        const head = await reader.head();
        // Same path lengths as a real run's staged folder, so the measured bytes match.
        const dir = join(deps.userDataDir, 'runs', `r${'0'.repeat(32)}`, `context-${Date.now().toString(36)}`);
        const staging = await stageContext(reader, dir, { baseRef: input.baseRef ?? 'HEAD', paths: input.paths, attachments: input.attachments, write: false }, signal);
        const resumeId = thread && !fresh && adapter.resumable ? thread.cliSessionId : null;
        const prepared = await prepareStep(
          {
            adapter,
            executable: adapter.id,
            input: { ...input, repo: reader.root },
            staging,
            runtime: { repo: reader.root, branch: head.branch },
            kind: resumeId ? 'resume' : 'fresh',
            resumeSessionId: resumeId,
            transcript: thread ? readTranscript(deps.db, thread.id) : [],
            model,
            directives: stepDirectives(thread ? listDirectives(deps.db, { threadId: thread.id }) : []),
            runId: `r${'0'.repeat(32)}`,
            extra: { ...demoExtras(deps, 'preview'), mcp: null },
            deps,
            signal,
          },
          input.settings.loop.contextBudget,
        );
        const referenceBytes = staging.files.reduce((n, f) => n + f.bytes, 0);
        const check = checkBudget({ promptBytes: prepared.promptBytes, schemaBytes: prepared.schemaBytes }, input.settings.loop.contextBudget);
        return {
          promptBytes: prepared.promptBytes,
          schemaBytes: prepared.schemaBytes,
          totalBytes: check.totalBytes,
          approxTokens: check.approxTokens,
          sections: previewOptions.sectionPreviews ? await withPreviews(prepared.sections, prepared.heads) : prepared.sections,
          exclusions: staging.exclusions,
          exceeded: check.exceeded,
          verdict: check.verdict,
          referenceBytes,
          referenceTokens: approxTokens(referenceBytes),
          model: { id: model.id, window: model.window, budget: model.budget, source: model.source, known: model.known },
          textMix: promptMix(prepared.invocation.stdin, prepared.sections),
          exactTokens: await countPromptExactly(deps.tokens, input.settings.model, prepared.invocation.stdin, prepared.sha256, signal),
          history: prepared.history,
          // What Run would refuse (or, allowed, go without): said before Run, with the way on.
          unstaged: unstagedSelections(input, staging),
        };
      },
      signal,
    );
  };

  const start = async (request: RunRequest, signal: AbortSignal): Promise<RunDetail> => {
    const { threadId, fresh, ...input } = request;
    sweep();
    // Each step's evidence names where every value came from (runSources, at launch).
    return manager.start(input, { threadId, fresh, signal });
  };

  const services: RunServices = {
    'runs.agents': async ({ refresh }) => Promise.all(AGENT_IDS.map((id) => detect(id, refresh))),
    'runs.preview': async (request, ctx) => preview(request, ctx.signal),
    'runs.start': async (request, ctx) => start(request, ctx.signal),
    'runs.retry': async ({ runId, settings }) => manager.retry(runId, settings),
    'runs.cancel': async ({ runId }) => ({ cancelled: manager.cancel(runId) }),
    'runs.get': async ({ runId }) => {
      sweep();
      return manager.detail(runId);
    },
    'runs.list': async (filter) => {
      sweep();
      return listRuns(deps.db, filter);
    },
    'threads.list': async ({ repo }) => {
      const threads = listThreads(deps.db, repo);
      const runs = runCounts(
        deps.db,
        threads.map((t) => t.id),
      );
      return threads.map((t) => ({ ...t, runCount: runs.get(t.id) ?? 0 }));
    },
    'evidence.export': async ({ scope, format }) => exportEvidence(listEvidence(deps.db, scope), scope, format, deps.now()),
  };
  const api: RunsApi = {
    preview,
    start,
    onTurn(listener) {
      turnListeners.add(listener);
      return () => turnListeners.delete(listener);
    },
  };
  return { services, api };
}
