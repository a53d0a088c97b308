import { selectedMemoryTexts } from '../../../shared/contract/memory';
import { listMemory } from '../memory/memory-store';
import type { Services } from '../../../shared/api';
import type { ResolvedModel } from '../../../shared/contract/models';
import type { RunInput } from '../../../shared/contract/runs';
import type { XrayManifest, XrayTarget } from '../../../shared/contract/xray-methods';
import type { DirectiveKind } from '../../../shared/contract/xray';
import { LoupeError } from '../../../shared/errors';
import type { CoreDeps } from '../deps';
import { latestInput } from '../runs/record';
import type { RunsApi } from '../runs/api';
import type { SessionStore } from '../sessions/session-store';
import { deleteDirective, listDirectives, putDirective } from '../threads/directive-store';
import { getThread } from '../threads/thread-store';
import type { ManifestTools, ResolveWindow } from './manifest';
import { readEffective } from '../settings/effective';
import { buildPreviewManifest, PREVIEW_ASK } from './preview';
import { storeReport } from './report';
import { sessionSources } from './session-source';
import type { XraySource } from './source';
import { threadSources } from './thread-source';
import { wireSources } from './wire-source';

type XrayServices = Pick<
  Services,
  'xray.manifest' | 'xray.preview' | 'xray.pin' | 'xray.evict' | 'xray.summarize' | 'xray.restore' | 'xray.directives' | 'xray.measure' | 'xray.continue' | 'xray.report'
>;

export interface XrayOptions {
  /** The catalog's answer for a model id ('default' for none). */
  resolveModel(id: string): Promise<ResolvedModel>;
  /** The runner: how xray.measure sizes and xray.continue starts a fresh-session turn, and its turn events. */
  runs: Pick<RunsApi, 'preview' | 'start' | 'onTurn'>;
  /** Imported CLI sessions, read again only when their file changed (shared with sessions.*). */
  sessions: SessionStore;
}

/** X-Ray: manifests, directives and reports over its sources (threads, imported sessions, wire sessions), each method written once. */
export function xrayServices(deps: CoreDeps, options: XrayOptions): XrayServices {
  const resolve: ResolveWindow = async (id) => {
    const m = await options.resolveModel(id?.trim() || 'default');
    return { id: id?.trim() || null, window: m.window, reserve: m.reserve, budget: m.budget, source: m.known && id ? m.source : 'default' };
  };
  // Exact counts go through the runtime's one token counter (its workers start on first use).
  const tools: ManifestTools = { resolve, counter: () => deps.tokens };
  const threads = threadSources(deps, tools);
  const wireModel = async (id: string | null) => {
    const m = await resolve(id).catch(() => resolve(null));
    return { id: id ?? m.id, window: m.window, reserve: m.reserve, source: m.source };
  };
  const kinds = [threads, sessionSources(deps, options.sessions), wireSources(deps, wireModel)];
  options.runs.onTurn((threadId) => threads.turnChanged(threadId));

  const open = (target: XrayTarget, signal: AbortSignal): Promise<XraySource> => {
    const kind = kinds.find((k) => k.serves(target));
    if (!kind) throw new LoupeError('invalid-input', 'X-Ray shows a thread, a session transcript or a wire session.');
    return kind.open(target, signal);
  };

  /** Checks the segment exists in the source (and may take this directive), records it, and answers the manifest built once. */
  async function direct(target: XrayTarget, segmentId: string, kind: DirectiveKind, signal: AbortSignal, author: 'user' | 'agent' = 'user', summary?: string, now = false) {
    const source = await open(target, signal);
    try {
      await source.checkDirective(segmentId, kind, author);
    } catch (err) {
      // A system section's id is not a segment: say why it cannot be directed, not that it is missing (issue 34, item 8).
      if (err instanceof LoupeError && err.code === 'not-found') {
        const section = (await source.manifest(signal)).system.find((s) => s.id === segmentId);
        if (section) throw new LoupeError('unsupported', `"${section.title}" is a system section: X-Ray shows it with its provenance, display only; it cannot be pinned, evicted or summarized.`, { segmentId });
      }
      throw err;
    }
    // On the wire an eviction waits for a cheap moment unless asked now (issue 37); a pin has no timing.
    const timing = kind === 'pin' || now ? 'now' : 'cheap';
    putDirective(deps.db, source.owner, { segmentId, kind, ...(summary !== undefined ? { summary } : {}), author, createdAt: deps.now().toISOString(), timing });
    return answer(target, source, author, signal);
  }

  /**
   * The manifest after a directive, built once, and for the user's directive on
   * a thread the next fresh-session prompt measured beside it (what the meter
   * shows next to the list): one click, one round trip. The agent (MCP) reads
   * no measure, so its directives stage nothing.
   */
  async function answer(target: XrayTarget, source: XraySource, author: 'user' | 'agent', signal: AbortSignal): Promise<XrayManifest> {
    // A run's wire session keeps its directives on the run's thread: the thread's X-Ray (its list, its next
    // fresh prompt) is told, as if the directive were made there (issue 34: "Next fresh prompt" stayed unchanged).
    if (!('threadId' in target) && 'threadId' in source.owner) await tellThread(source.owner.threadId, signal);
    if (!('threadId' in target) || author !== 'user') return source.changed('directive', signal);
    const { threadId } = target;
    // A thread that cannot be measured now (its repository gone, no run yet) still answers its manifest.
    const measuring = (async () => options.runs.preview({ ...latestOf(threadId), threadId, fresh: true }, signal))().catch(() => null);
    const [manifest, measured] = await Promise.all([source.changed('directive', signal), measuring]);
    return manifest.source === 'thread' ? { ...manifest, measured } : manifest;
  }

  /** Announces a directive made elsewhere (a run's wire session) on its thread; a thread that cannot be read now is left as it is. */
  async function tellThread(threadId: string, signal: AbortSignal): Promise<void> {
    try {
      await (await open({ threadId }, signal)).changed('directive', signal);
    } catch {
      // The directive is recorded; the thread's view reads it when it is next built.
    }
  }

  /** What the thread's latest run was started with (context, settings, ask): what a continuation repeats. */
  function latestOf(threadId: string): RunInput {
    if (!getThread(deps.db, threadId)) throw new LoupeError('not-found', `There is no thread ${threadId}.`);
    const input = latestInput(deps.db, threadId);
    if (!input) throw new LoupeError('not-found', `Thread ${threadId} has no run to continue from.`);
    return input;
  }

  return {
    'xray.manifest': async (target, ctx) => (await open(target, ctx.signal)).manifest(ctx.signal),
    'xray.preview': async ({ baseRef, paths, attachments, ...request }, ctx) => {
      // With the Inspector's context, Loupe's sections are the run bar's own measure of it (base, selection, attachments).
      if (!request.repo || (baseRef === undefined && !paths?.length && !attachments?.length)) return buildPreviewManifest(deps, tools, request);
      const settings = request.settings ?? readEffective(deps.db).settings;
      const measured = await options.runs.preview(
        { repo: request.repo, ask: PREVIEW_ASK, baseRef, paths: paths ?? [], attachments: attachments ?? [], memory: selectedMemoryTexts(listMemory(deps.db)), settings, allowUnstaged: true },
        ctx.signal,
        { sectionPreviews: true },
      );
      return buildPreviewManifest(deps, tools, request, measured.sections);
    },
    'xray.pin': async ({ segmentId, author, ...target }, ctx) => direct(target, segmentId, 'pin', ctx.signal, author),
    'xray.evict': async ({ segmentId, author, now, ...target }, ctx) => direct(target, segmentId, 'evict', ctx.signal, author, undefined, now),
    'xray.summarize': async ({ segmentId, summary, author, now, ...target }, ctx) => direct(target, segmentId, 'summarize', ctx.signal, author, summary, now),
    'xray.restore': async ({ segmentId, author = 'user', ...target }, ctx) => {
      const source = await open(target, ctx.signal);
      if (!deleteDirective(deps.db, source.owner, segmentId)) await source.requireSegment(segmentId);
      return answer(target, source, author, ctx.signal);
    },
    'xray.directives': async (target, ctx) => listDirectives(deps.db, (await open(target, ctx.signal)).owner),
    'xray.measure': async ({ threadId }, ctx) => options.runs.preview({ ...latestOf(threadId), threadId, fresh: true }, ctx.signal),
    'xray.continue': async ({ threadId, ask }, ctx) => options.runs.start({ ...latestOf(threadId), ask, threadId, fresh: true }, ctx.signal),
    'xray.report': async (request, ctx) => {
      const source = await open({ threadId: request.threadId }, ctx.signal);
      await storeReport(deps, request);
      await source.changed('report', ctx.signal);
      return { stored: true };
    },
  };
}
