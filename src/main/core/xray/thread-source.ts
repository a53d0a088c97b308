import type { XrayTarget } from '../../../shared/contract/xray-methods';
import type { ThreadManifest, ThreadStreamEvent } from '../../../shared/contract/xray';
import { LoupeError } from '../../../shared/errors';
import { assertNotProtected } from '../../../shared/xray/directives';
import type { CoreDeps } from '../deps';
import { foldCountNow } from '../prompt/fold-measure';
import { activeRun, stepsStamp } from '../runs/record';
import { listDirectives } from '../threads/directive-store';
import { findSegment, getThread, lastTranscriptSeq } from '../threads/thread-store';
import { buildThreadManifest, type ManifestTools } from './manifest';
import { segmentKind } from './segments';
import type { XraySource, XraySourceKind } from './source';
import { listReports, readManifest, saveManifest } from './store';
import { instructionFilesStamp } from './system';
import { threadWireSessions, threadWireStamp } from '../wire/store';
import { checkWireSegment, wireView } from './wire-enforcement';

/** The thread X-Ray source's kind, with what the runner's turn events need. */
export interface ThreadSources extends XraySourceKind {
  /**
   * A turn began or ended: the thread's kept manifest is stale; followers get
   * it rebuilt once; with nobody following nothing is built (the next read builds it).
   */
  turnChanged(threadId: string): void;
}

/** Manifests kept between reads, for the threads read last. */
const MANIFESTS_KEPT = 16;

/**
 * Loupe threads as an X-Ray source: the manifest from the ledger and the
 * runs' record, kept as the thread's latest and announced on `thread:<id>`.
 * Directives here are enforced when Loupe assembles the next prompt.
 */
export function threadSources(deps: CoreDeps, tools: ManifestTools): ThreadSources {
  const pending = new Set<Promise<unknown>>();
  deps.onClose(() => Promise.allSettled([...pending]).then(() => undefined));
  /** Threads with a rebuild for followers under way, and whether another turn came meanwhile. */
  const rebuilding = new Map<string, boolean>();
  /**
   * Each thread's latest manifest, with the stamp of what it was built from
   * and the turn it was built after: a read answers it again while neither
   * changed, instead of folding and counting the whole thread once more.
   */
  const kept = new Map<string, { stamp: string; turn: number; manifest: ThreadManifest }>();
  /** Turn events seen per thread: a manifest built before the latest one is stale. */
  const turns = new Map<string, number>();

  /**
   * Everything a thread's manifest is built from, read cheaply (counts and
   * stamps, no fold, no count, no file read): the thread, how far its
   * transcript and evidence have come, its directives, run in progress and
   * reports, its model as the catalog resolves it, the count a fold uses, and
   * the instruction files as lstat sees them. Another process (the CLI) that
   * adds a turn or a directive changes it too, with no event here.
   */
  async function stampOf(threadId: string): Promise<string | null> {
    const thread = getThread(deps.db, threadId);
    if (!thread) return null;
    return JSON.stringify([
      thread,
      lastTranscriptSeq(deps.db, threadId),
      stepsStamp(deps.db, threadId),
      activeRun(deps.db, threadId),
      listDirectives(deps.db, { threadId }),
      listReports(deps.db, threadId).map((r) => [r.host, r.reportedAt]),
      await tools.resolve(thread.model),
      foldCountNow(deps.db, thread.model, thread.agent),
      await instructionFilesStamp(thread.repo, thread.agent),
      // The CLI's own requests on the wire (the manifest lists their segments).
      threadWireStamp(deps.db, threadId),
    ]);
  }

  /** The kept manifest while nothing it was built from changed, else null. */
  async function keptManifest(threadId: string): Promise<ThreadManifest | null> {
    const k = kept.get(threadId);
    if (!k || k.turn !== (turns.get(threadId) ?? 0)) return null;
    return (await stampOf(threadId)) === k.stamp ? k.manifest : null;
  }

  function keep(threadId: string, entry: { stamp: string; turn: number; manifest: ThreadManifest }): void {
    kept.delete(threadId);
    kept.set(threadId, entry);
    if (kept.size > MANIFESTS_KEPT) kept.delete(kept.keys().next().value!);
  }

  /**
   * Builds and keeps a thread's manifest, and announces it on `thread:<id>`
   * when something changed (`reason`; a plain read announces nothing). A
   * thread that cannot be built now shows its last manifest as unavailable.
   */
  async function build(threadId: string, reason: ThreadStreamEvent['reason'] | null, signal?: AbortSignal): Promise<ThreadManifest> {
    let manifest: ThreadManifest;
    // Stamped before building: a change made while it builds makes the next read build again.
    const turn = turns.get(threadId) ?? 0;
    const stamp = await stampOf(threadId);
    try {
      manifest = await buildThreadManifest(deps, tools, threadId, signal);
    } catch (err) {
      kept.delete(threadId);
      const stored = err instanceof LoupeError ? null : readManifest(deps.db, threadId);
      if (!stored) throw err;
      return { ...stored, freshness: 'unavailable' };
    }
    if (stamp !== null) keep(threadId, { stamp, turn, manifest });
    saveManifest(deps.db, threadId, manifest);
    if (!reason) return manifest;
    const { builtAt, freshness, enforceable, totals } = manifest;
    deps.streams.publish('thread', threadId, { type: 'manifest', reason, builtAt, freshness, enforceable, totals, segments: manifest.segments.length });
    return manifest;
  }

  /** One rebuild at a time per thread; turns that come during it cause one more, not one each. */
  function rebuildForFollowers(threadId: string): void {
    if (rebuilding.has(threadId)) {
      rebuilding.set(threadId, true);
      return;
    }
    rebuilding.set(threadId, false);
    const p = build(threadId, 'turn')
      .catch(() => undefined)
      .finally(() => {
        const again = rebuilding.get(threadId);
        rebuilding.delete(threadId);
        pending.delete(p);
        if (again) rebuildForFollowers(threadId);
      });
    pending.add(p);
  }

  const threadWire = (threadId: string) => wireView(deps.db, threadWireSessions(deps.db, threadId));

  function open(threadId: string): XraySource {
    const owner = { threadId };
    return {
      owner,
      manifest: async (signal) => (await keptManifest(threadId)) ?? build(threadId, null, signal),
      async checkDirective(segmentId, kind, author) {
        const entry = findSegment(deps.db, threadId, segmentId);
        // Not in Loupe's transcript: a segment the CLI sent on the wire (its own tool calls and results), enforced there.
        if (!entry) {
          const view = threadWire(threadId);
          return checkWireSegment(view, segmentId, kind, view !== null && view.latest.runId === activeRun(deps.db, threadId), `Thread ${threadId}`);
        }
        // The user may pin the turn in progress (keeping it changes nothing it holds); the agent, working inside
        // that turn, may not direct any of it: its pin is refused like an eviction.
        if (kind !== 'pin' || author === 'agent') {
          const action = kind === 'evict' ? 'evicted' : kind === 'summarize' ? 'summarized' : 'pinned by the agent';
          assertNotProtected({ id: segmentId, kind: segmentKind(entry.item), source: entry.runId }, activeRun(deps.db, threadId), action);
        }
      },
      async requireSegment(segmentId) {
        if (findSegment(deps.db, threadId, segmentId)) return;
        if (threadWire(threadId)?.latest.segments.some((s) => s.id === segmentId)) return;
        throw new LoupeError('not-found', `Thread ${threadId} has no segment ${segmentId}.`, { segmentId });
      },
      changed: (reason, signal) => build(threadId, reason, signal),
    };
  }

  return {
    serves: (target: XrayTarget) => 'threadId' in target,
    async open(target) {
      if (!('threadId' in target)) throw new LoupeError('invalid-input', 'Not a thread.');
      if (!getThread(deps.db, target.threadId)) throw new LoupeError('not-found', `There is no thread ${target.threadId}.`);
      return open(target.threadId);
    },
    turnChanged(threadId) {
      turns.set(threadId, (turns.get(threadId) ?? 0) + 1);
      if (deps.streams.followed(`thread:${threadId}`)) rebuildForFollowers(threadId);
    },
  };
}
