import type { CallContext, Services } from '../../../shared/api';
import type { ResolvedModel } from '../../../shared/contract/models';
import type { RunInput } from '../../../shared/contract/runs';
import type { Directive, DirectiveKind, Manifest, ThreadStreamEvent } from '../../../shared/contract/xray';
import { LoupeError } from '../../../shared/errors';
import { assertNotProtected } from '../../../shared/xray/directives';
import type { CoreDeps } from '../deps';
import type { StepDirectives } from '../runs/prepare';
import { getRunInput } from '../runs/store/runs';
import { getThread } from '../threads/thread-store';
import type { SessionXray } from '../sessions/session-xray';
import { activeRun, buildThreadManifest, type ManifestTools, type ResolveWindow } from './manifest';
import { buildPreviewManifest } from './preview';
import { storeReport } from './report';
import { segmentKind } from './segments';
import { deleteDirective, findSegment, listDirectives, putDirective, readManifest, saveManifest } from './store';

type XrayServices = Pick<
  Services,
  'xray.manifest' | 'xray.preview' | 'xray.pin' | 'xray.evict' | 'xray.summarize' | 'xray.restore' | 'xray.directives' | 'xray.measure' | 'xray.continue' | 'xray.report'
>;

export interface XrayOptions {
  resolveModel(id: string, ctx: CallContext): Promise<ResolvedModel>;
  /** Starts a run (runs.start): how xray.continue begins a fresh-session turn. */
  startRun: Services['runs.start'];
  /** Measures a would-be run (runs.preview): how xray.measure sizes the next fresh-session prompt. */
  previewRun: Services['runs.preview'];
  /** X-Ray on CLI transcript files (manifests with their directives, stored apart): what xray.* do for a `sessionFile`. */
  session: SessionXray;
}

/** What the runner asks of X-Ray. */
export interface XrayHooks {
  /** A thread's directives as a step applies them to the history it assembles. */
  directives(threadId: string): StepDirectives;
  /** A turn began or ended: rebuild the thread's manifest and tell its followers. */
  threadChanged(threadId: string): void;
}

const noCall: CallContext = { callId: 'xray', signal: new AbortController().signal, progress: () => {} };

/** The directives of a thread in the shape the runner applies. */
export function stepDirectives(list: readonly Directive[]): StepDirectives {
  return {
    pinned: list.filter((d) => d.kind === 'pin').map((d) => d.segmentId),
    evicted: list.filter((d) => d.kind === 'evict').map((d) => d.segmentId),
    summaries: Object.fromEntries(list.filter((d) => d.kind === 'summarize').map((d) => [d.segmentId, d.summary ?? ''])),
  };
}

type Target = { threadId: string } | { sessionFile: string };

/** X-Ray: manifests, directives and reports, and the hooks the runner calls. */
export function xrayServices(deps: CoreDeps, options: XrayOptions): { services: XrayServices; hooks: XrayHooks } {
  const resolve: ResolveWindow = async (id) => {
    const m = await options.resolveModel(id?.trim() || 'default', noCall);
    return { id: id?.trim() || null, window: m.window, reserve: m.reserve, budget: m.budget, source: m.known && id ? m.source : 'default' };
  };
  // Exact counts go through the runtime's one token counter (its workers start on first use).
  const tools: ManifestTools = { resolve, counter: () => deps.tokens };
  const pending = new Set<Promise<unknown>>();
  deps.onClose(() => Promise.allSettled([...pending]).then(() => undefined));

  /**
   * Builds and keeps a thread's manifest, and announces it on `thread:<id>`
   * when something changed (`reason`; a plain read announces nothing). A
   * thread that cannot be built now shows its last manifest as unavailable.
   */
  async function refresh(threadId: string, reason: ThreadStreamEvent['reason'] | null): Promise<Manifest> {
    let manifest: Manifest;
    try {
      manifest = await buildThreadManifest(deps, tools, threadId);
    } catch (err) {
      const stored = err instanceof LoupeError ? null : readManifest(deps.db, threadId);
      if (!stored) throw err;
      return { ...stored, freshness: 'unavailable' };
    }
    saveManifest(deps.db, threadId, manifest);
    if (!reason) return manifest;
    const { builtAt, freshness, enforceable, totals } = manifest;
    deps.streams.publish('thread', threadId, { type: 'manifest', reason, builtAt, freshness, enforceable, totals, segments: manifest.segments.length });
    return manifest;
  }

  /** Checks the segment exists in the thread (and may take this directive), then records it. */
  async function direct(request: Target, segmentId: string, kind: DirectiveKind, author: Directive['author'] = 'user', summary?: string): Promise<Manifest> {
    // An imported CLI transcript: the same rules, stored apart; intent until it is continued as a thread.
    if ('sessionFile' in request) return options.session.direct(request.sessionFile, segmentId, kind, author, summary);
    const { threadId } = request;
    if (!getThread(deps.db, threadId)) throw new LoupeError('not-found', `There is no thread ${threadId}.`);
    const entry = findSegment(deps.db, threadId, segmentId);
    if (!entry) throw new LoupeError('not-found', `Thread ${threadId} has no segment ${segmentId}.`, { segmentId });
    // The user may pin the turn in progress (keeping it changes nothing it holds); the agent, working inside
    // that turn, may not direct any of it: its pin is refused like an eviction.
    if (kind !== 'pin' || author === 'agent') {
      const action = kind === 'evict' ? 'evicted' : kind === 'summarize' ? 'summarized' : 'pinned by the agent';
      assertNotProtected({ id: segmentId, kind: segmentKind(entry.item), source: entry.runId }, activeRun(deps, threadId), action);
    }
    putDirective(deps.db, threadId, { segmentId, kind, ...(summary !== undefined ? { summary } : {}), author, createdAt: deps.now().toISOString() });
    return refresh(threadId, 'directive');
  }

  /** What the thread's latest run was started with (context, settings, ask): what a continuation repeats. */
  function latestInput(threadId: string): RunInput {
    if (!getThread(deps.db, threadId)) throw new LoupeError('not-found', `There is no thread ${threadId}.`);
    const latest = deps.db.prepare('SELECT id FROM runs WHERE thread_id = ? ORDER BY created_at DESC, rowid DESC LIMIT 1').get(threadId) as { id: string } | undefined;
    const json = latest ? getRunInput(deps.db, latest.id) : null;
    if (!json) throw new LoupeError('not-found', `Thread ${threadId} has no run to continue from.`);
    return JSON.parse(json) as RunInput;
  }

  const hooks: XrayHooks = {
    directives: (threadId) => stepDirectives(threadId ? listDirectives(deps.db, threadId) : []),
    threadChanged(threadId) {
      const p = refresh(threadId, 'turn').catch(() => undefined);
      pending.add(p);
      void p.finally(() => pending.delete(p));
    },
  };

  const services: XrayServices = {
    'xray.manifest': async (request, ctx) => ('sessionFile' in request ? options.session.manifest(request.sessionFile, ctx.signal) : refresh(request.threadId, null)),
    'xray.preview': async (request) => buildPreviewManifest(deps, tools, request),
    'xray.pin': async ({ segmentId, author, ...target }) => direct(target, segmentId, 'pin', author),
    'xray.evict': async ({ segmentId, author, ...target }) => direct(target, segmentId, 'evict', author),
    'xray.summarize': async ({ segmentId, summary, author, ...target }) => direct(target, segmentId, 'summarize', author, summary),
    'xray.restore': async ({ segmentId, author: _author, ...target }) => {
      if ('sessionFile' in target) return options.session.restore(target.sessionFile, segmentId);
      const { threadId } = target;
      if (!getThread(deps.db, threadId)) throw new LoupeError('not-found', `There is no thread ${threadId}.`);
      const known = deleteDirective(deps.db, threadId, segmentId) || findSegment(deps.db, threadId, segmentId) !== null;
      if (!known) throw new LoupeError('not-found', `Thread ${threadId} has no segment ${segmentId}.`, { segmentId });
      return refresh(threadId, 'directive');
    },
    'xray.directives': async (request) => {
      if ('sessionFile' in request) return options.session.directives(request.sessionFile);
      const { threadId } = request;
      if (!getThread(deps.db, threadId)) throw new LoupeError('not-found', `There is no thread ${threadId}.`);
      return listDirectives(deps.db, threadId);
    },
    'xray.measure': async ({ threadId }, ctx) => options.previewRun({ ...latestInput(threadId), threadId, fresh: true }, ctx),
    'xray.continue': async ({ threadId, ask }, ctx) => options.startRun({ ...latestInput(threadId), ask, threadId, fresh: true }, ctx),
    'xray.report': async (request) => {
      if (!getThread(deps.db, request.threadId)) throw new LoupeError('not-found', `There is no thread ${request.threadId}.`);
      await storeReport(deps, request);
      await refresh(request.threadId, 'report');
      return { stored: true };
    },
  };
  return { services, hooks };
}
