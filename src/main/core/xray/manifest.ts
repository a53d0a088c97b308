import type { TranscriptEntry } from '../../../shared/contract/transcript';
import { tokenizerForModel } from '../../../shared/tokens/model-tokenizer';
import type { TokenCounter } from '../tokens/token-counter';
import type { ReportedUsage, StepEvidence } from '../../../shared/contract/runs';
import type { ManifestStep, SystemSection, ThreadManifest, TokenCount } from '../../../shared/contract/xray';
import { LoupeError } from '../../../shared/errors';
import type { CoreDeps } from '../deps';
import { activeRun, announcedTools, resumes, threadSteps } from '../runs/record';
import { listDirectives } from '../threads/directive-store';
import { getThread, transcriptOf, type ThreadRecord } from '../threads/thread-store';
import { buildSegments, type BuiltSegments, type Delivery } from './segments';
import { withExactCounts } from './exact';
import { foldInBestCount } from '../prompt/fold-measure';
import { conversationMix, systemMix } from '../prompt/text-mix';
import { listReports } from './store';
import { threadWireSessions } from '../wire/store';
import { evictionViewOptions, wireView, withWireSegments } from './wire-enforcement';
import { instructionFiles, promptSections, toolsSection } from './system';

/** A model's window as X-Ray shows it. */
export interface ManifestModel {
  id: string | null;
  window: number;
  reserve: number;
  budget: number;
  source: string;
}

export type ResolveWindow = (id: string | null) => Promise<ManifestModel>;

/** What building a manifest may use besides the database: the catalog, and the token workers for exact counts. */
export interface ManifestTools {
  resolve: ResolveWindow;
  /** The token counter (worker threads), or null where none can run. */
  counter(): TokenCounter | null;
}

const estimate = (tokens: number): TokenCount => ({ tokens, kind: 'estimate' });

/** How the next turn reaches the model: Loupe's assembled history, or the CLI's resumed session and what it began without. */
function deliveryOf(thread: ThreadRecord, steps: readonly StepEvidence[], budget: number): Delivery {
  if (thread.cliSessionId === null || !resumes(thread.agent)) return { kind: 'fresh', budget };
  const start = [...steps].reverse().find((s) => !s.resumed && s.outcome === 'launched');
  return { kind: 'resume', startRunId: start?.runId ?? steps[0]?.runId ?? '', omitted: new Set(start?.history?.segments?.omitted ?? []), budget };
}

const contextOf = (u: ReportedUsage): number | null =>
  u.contextTokens ?? (u.inputTokens !== undefined ? u.inputTokens + (u.cacheReadTokens ?? 0) + (u.cacheCreationTokens ?? 0) : null);

const stepOf = (s: StepEvidence): ManifestStep => ({
  runId: s.runId,
  kind: s.kind,
  resumed: s.resumed,
  promptBytes: s.promptBytes,
  approxTokens: s.approxTokens,
  history: s.history ? { rows: s.history.rows, kept: s.history.kept } : null,
  startedAt: s.startedAt,
});

/**
 * Exact conversation counts where the model's tokenizer is public and the
 * token workers can run; otherwise the estimates, with the reason.
 */
async function countExactly(built: BuiltSegments, entries: readonly TranscriptEntry[], delivery: Delivery, modelId: string | null, tools: ManifestTools) {
  const t = modelId ? tokenizerForModel(modelId) : null;
  if (!t || t.kind !== 'exact') {
    return { built, tokenizer: { kind: 'estimate' as const, note: t?.kind === 'estimate-only' ? t.reason : 'No model is set; counts are estimates (bytes ÷ 4).' } };
  }
  try {
    const counter = tools.counter();
    if (counter) {
      const exact = await withExactCounts(built, entries, delivery, t.encoding, counter);
      return { built: exact, tokenizer: { kind: 'exact' as const, encoding: t.encoding, note: `Conversation counted with ${t.encoding}, ${modelId}'s tokenizer.` } };
    }
  } catch {
    // The token workers could not run (not built here): estimates, said so below.
  }
  return { built, tokenizer: { kind: 'estimate' as const, note: `Exact counts with ${t.encoding} are not available in this build; counts are estimates (bytes ÷ 4).` } };
}

/**
 * A thread's manifest, built now from its transcript, evidence and
 * directives: segments with counts and status, system sections with
 * provenance and tier (Loupe's recorded sections, the instruction files the
 * CLI loads, the tools it announced), the totals the meter shows, and
 * whether directives are enforced (the next turn is a fresh session Loupe
 * assembles) or advisory (the CLI resumes its own session).
 */
export async function buildThreadManifest(deps: CoreDeps, tools: ManifestTools, threadId: string, signal?: AbortSignal): Promise<ThreadManifest> {
  const thread = getThread(deps.db, threadId);
  if (!thread) throw new LoupeError('not-found', `There is no thread ${threadId}.`);
  const entries = transcriptOf(deps.db, threadId);
  const steps = threadSteps(deps.db, threadId);
  const launched = steps.filter((s) => s.outcome !== 'blocked');
  const last = launched.at(-1) ?? steps.at(-1) ?? null;
  const activeRunId = activeRun(deps.db, threadId);
  const model = await tools.resolve(thread.model);
  const delivery = deliveryOf(thread, steps, model.budget);
  const directives = listDirectives(deps.db, { threadId });
  const estimated = await buildSegments({
    entries,
    directives,
    activeRunId,
    delivery,
    // The runner's own fold: in the model's best available count, so the list shows what the next fresh turn carries.
    fold: (rows, budget) => foldInBestCount(deps, { model: thread.model, agent: thread.agent, rows, budget, options: { currentUserContent: '' }, signal }),
  });
  const { built, tokenizer } = await countExactly(estimated, entries, delivery, model.id, tools);
  const count = (tokens: number): TokenCount => (tokenizer.kind === 'exact' ? { tokens, kind: 'exact', encoding: tokenizer.encoding } : estimate(tokens));

  const system: SystemSection[] = last ? promptSections(last.sections, last.presetRef) : [];
  system.push(...(await instructionFiles(thread.repo, thread.agent)));
  const announced = last ? toolsSection(announcedTools(deps.db, last.runId)) : null;
  if (announced) system.push(announced);
  const systemTokens = system.reduce((n, s) => n + (s.tokens?.tokens ?? 0), 0);

  // The provider's count at the end of the latest step, beside Loupe's estimate of the same point
  // (the context before the step's final reply).
  let reported: ThreadManifest['reported'] = null;
  const latest = launched.at(-1);
  const context = latest?.reported ? contextOf(latest.reported) : null;
  if (latest?.reported && context !== null) {
    const finalReply = built.segments.filter((s) => s.source === latest.runId && s.kind === 'assistant' && !s.outOfContext).at(-1);
    reported = { usage: latest.reported, contextTokens: context, estimateAtSamePoint: systemTokens + built.conversation - (finalReply?.tokens.tokens ?? 0) };
  }
  // The CLI's own requests on the wire (its tool calls and results too): directives on them are enforced there.
  const wire = wireView(deps.db, threadWireSessions(deps.db, threadId));
  return {
    source: 'thread',
    threadId,
    sessionFile: null,
    agent: thread.agent,
    model: { id: model.id, window: model.window, reserve: model.reserve, source: model.source },
    freshness: entries.length === 0 && steps.length === 0 ? 'unavailable' : activeRunId ? 'stale' : 'current',
    enforceable: delivery.kind === 'fresh',
    segments: wire ? withWireSegments(built.segments, wire, directives, activeRunId !== null && wire.latest.runId === activeRunId, evictionViewOptions(deps)) : built.segments,
    system,
    totals: { system: estimate(systemTokens), conversation: count(built.conversation), reclaimable: count(built.reclaimable) },
    reported,
    builtAt: deps.now().toISOString(),
    fresh: count(built.fresh),
    lastStep: latest ? stepOf(latest) : null,
    activeRunId,
    reports: listReports(deps.db, threadId),
    tokenizer,
    textMix: { system: systemMix(system), conversation: conversationMix(built.segments, entries) },
    fold: built.freshFold ? { ...built.freshFold, budget: model.budget } : null,
    wire: wire?.enforcement ?? null,
  };
}
