import { create } from 'zustand';
import { persist } from 'zustand/middleware';
import type { Segment, SegmentKind, SegmentStatus } from '../../../../shared/contract/xray';
import type { XrayManifest, XrayTarget } from '../../../../shared/contract/xray-methods';
import { bridge } from '../../bridge';
import { sessionPersist } from '../../session-persist';
import { toUiError } from '../../ui/ui-error';
import type { SegmentOrder } from './segment-filter';
import { sessionSlice, stopSessionPoll } from './session-slice';
import { segmentWords } from './segment-words';
import type { Action, UndoEntry, XrayState } from './state';

const before = (s: Segment): UndoEntry['before'] =>
  s.status === 'pinned' ? { kind: 'pin' } : s.status === 'evicted' ? { kind: 'evict' } : s.status === 'summarized' ? { kind: 'summarize', summary: s.summary } : null;

const toggle = <T>(list: T[], v: T) => (list.includes(v) ? list.filter((x) => x !== v) : [...list, v]);

/** The thread or session shown, as xray.* calls name it. */
export function targetOf(s: Pick<XrayState, 'threadId' | 'sessionFile'>): XrayTarget | null {
  return s.threadId ? { threadId: s.threadId } : s.sessionFile ? { sessionFile: s.sessionFile } : null;
}
const keyOf = (t: XrayTarget) => ('threadId' in t ? t.threadId : 'sessionFile' in t ? t.sessionFile : t.wireSession);
const shownKey = (s: XrayState) => s.threadId ?? s.sessionFile;

let unfollow: (() => void) | null = null;
let timer: ReturnType<typeof setTimeout> | null = null;
// Answers can arrive out of order (a turn's refresh and a directive overlap): only the latest request's answer is shown.
let manifestAsked = 0;
/** When the manifest last announced on the followed thread was built. */
let announced: string | null = null;
let measureAsked = 0;
/** How often the open thread is checked for turns run by another process. */
const THREAD_POLL_MS = 3000;
let threadPoll: ReturnType<typeof setInterval> | null = null;

/**
 * X-Ray: the open repository's threads and CLI sessions, the chosen one's
 * manifest (a thread kept live on `thread:<id>`, a session's file followed),
 * filters and directives with undo.
 */
export const useXray = create<XrayState>()(
  persist(
    (set, get) => {
      async function call(action: Action, target: XrayTarget, segmentId: string, summary?: string, now?: boolean): Promise<XrayManifest> {
        // On the wire an eviction or summary waits for a cheap moment unless applied now (issue 37).
        const timing = now ? { now } : {};
        if (action === 'summarize') return bridge.call('xray.summarize', { ...target, segmentId, summary: summary ?? '', ...timing });
        if (action === 'evict') return bridge.call('xray.evict', { ...target, segmentId, ...timing });
        return bridge.call(`xray.${action}`, { ...target, segmentId });
      }
      async function measure(threadId: string) {
        const asked = ++measureAsked;
        const latest = () => asked === measureAsked && get().threadId === threadId;
        try {
          const measured = await bridge.call('xray.measure', { threadId });
          if (latest()) set({ measured });
        } catch {
          // A thread whose repository is gone cannot be measured; the manifest still shows.
          if (latest()) set({ measured: null });
        }
      }
      /**
       * Shows a manifest unless a later request (or action) has already
       * answered. A thread's next prompt is measured again, unless the answer
       * carries that measure (a directive's answer does: one click, one round trip).
       */
      function show(asked: number, target: XrayTarget, manifest: XrayManifest) {
        if (asked !== manifestAsked || shownKey(get()) !== keyOf(target)) return false;
        if (manifest.source === 'thread' && manifest.measured !== undefined) {
          const { measured, ...shown } = manifest;
          measureAsked++;
          set({ manifest: shown, measured });
          return true;
        }
        set({ manifest });
        if ('threadId' in target) void measure(target.threadId);
        return true;
      }
      /** After this page's own directive, answered or refused: reads the manifest again if a later one was announced meanwhile (a turn). */
      function refreshIfOvertaken(target: XrayTarget) {
        if ('threadId' in target && announced !== null && announced !== get().manifest?.builtAt) void get().refresh();
      }
      return {
        ...sessionSlice(set, get),
        repo: null,
        threads: [],
        threadId: null,
        manifest: null,
        measured: null,
        loading: false,
        error: null,
        actionError: null,
        kinds: [],
        statuses: [],
        query: '',
        order: 'tokens',
        hover: null,
        considering: null,
        busy: null,
        undo: null,
        continuing: false,
        continuedRun: null,
        async setRepo(repo) {
          if (get().repo !== repo) set({ repo, threads: [], sessions: [] });
          try {
            const sessions = get().loadSessions(repo);
            const threads = await bridge.call('threads.list', { repo });
            set({ threads });
            const { threadId: current, sessionFile } = get();
            if (sessionFile && !current) {
              await sessions;
              if (get().sessions.some((s) => s.file === sessionFile)) {
                if (!get().manifest) await get().selectSession(sessionFile);
                return;
              }
            }
            if (!current || !threads.some((t) => t.id === current)) await get().select(threads[0]?.id ?? null);
            else if (!get().manifest) await get().select(current);
          } catch (err) {
            set({ error: toUiError(err) });
          }
        },
        unfollowThread() {
          unfollow?.();
          unfollow = null;
          if (threadPoll) clearInterval(threadPoll);
          threadPoll = null;
        },
        async select(threadId) {
          get().unfollowThread();
          stopSessionPoll();
          // The search belongs to what was shown: another thread starts with none (a hidden "0 of 967" is no answer).
          const query = threadId === get().threadId ? get().query : '';
          set({ threadId, sessionFile: null, continuation: null, manifest: null, measured: null, undo: null, actionError: null, hover: null, considering: null, continuedRun: null, query });
          announced = null;
          if (!threadId) return;
          unfollow = bridge.follow(`thread:${threadId}`, {
            onEvent: (event) => {
              // The manifest an event announces may be the one shown already (the answer to this page's own
              // directive): then there is nothing to read. Turns come in bursts: one refresh for each burst.
              if (event.kind === 'thread') announced = event.payload.builtAt;
              if (timer) clearTimeout(timer);
              timer = setTimeout(() => {
                // This page's own directive is being answered: its answer is the manifest announced, with the
                // next prompt measured beside it. Reading it now would drop that answer and measure again.
                if (get().busy) return;
                if (announced !== null && announced === get().manifest?.builtAt) return;
                void get().refresh();
              }, 150);
            },
            onExpired: () => void get().refresh(),
          });
          // A turn run by another process (`loupe run --thread` in a terminal) publishes nowhere this page hears:
          // the thread list says when the thread last changed, and the manifest is read again then.
          threadPoll = setInterval(() => {
            const { repo } = get();
            if (!repo || get().threadId !== threadId) return;
            void bridge.call('threads.list', { repo }).then(
              (threads) => {
                const before = get().threads.find((t) => t.id === threadId);
                const now = threads.find((t) => t.id === threadId);
                if (get().threadId !== threadId || !now) return;
                if (!before || before.updatedAt !== now.updatedAt || before.runCount !== now.runCount) {
                  set({ threads });
                  if (!get().busy && !get().loading) void get().refresh();
                }
              },
              () => undefined,
            );
          }, THREAD_POLL_MS);
          await get().refresh();
        },
        async refresh() {
          const target = targetOf(get());
          if (!target) return;
          set({ loading: true });
          const asked = ++manifestAsked;
          try {
            const manifest = await bridge.call('xray.manifest', target);
            if (show(asked, target, manifest)) set({ loading: false, error: null });
          } catch (err) {
            set({ loading: false, error: toUiError(err) });
          }
        },
        async act(action, segment, summary, now) {
          const target = targetOf(get());
          if (!target) return;
          set({ busy: segment.id, considering: null, actionError: null });
          try {
            const asked = ++manifestAsked;
            const manifest = await call(action, target, segment.id, summary, now);
            show(asked, target, manifest);
            set({ busy: null, undo: { segmentId: segment.id, did: action, before: before(segment), what: segmentWords(segment) } });
            // A turn announced while the directive was answered (its refresh waited for it).
            refreshIfOvertaken(target);
          } catch (err) {
            set({ busy: null, actionError: { at: segment.id, error: toUiError(err) } });
            refreshIfOvertaken(target);
          }
        },
        async undoLast() {
          const { undo } = get();
          const target = targetOf(get());
          if (!undo || !target) return;
          set({ busy: undo.segmentId });
          try {
            const b = undo.before;
            const asked = ++manifestAsked;
            const manifest = b ? await call(b.kind, target, undo.segmentId, b.summary) : await call('restore', target, undo.segmentId);
            show(asked, target, manifest);
            set({ busy: null, undo: null, actionError: null });
            refreshIfOvertaken(target);
          } catch (err) {
            set({ busy: null, actionError: { at: undo.segmentId, error: toUiError(err) } });
            refreshIfOvertaken(target);
          }
        },
        async continueFresh(ask) {
          const threadId = get().threadId;
          if (!threadId) return false;
          set({ continuing: true, actionError: null });
          try {
            const detail = await bridge.call('xray.continue', { threadId, ask });
            set({ continuing: false, continuedRun: detail });
            return true;
          } catch (err) {
            set({ continuing: false, actionError: { at: 'continue', error: toUiError(err) } });
            return false;
          }
        },
        toggleKind: (kind) => set({ kinds: toggle(get().kinds, kind) }),
        toggleStatus: (status) => set({ statuses: toggle(get().statuses, status) }),
        setQuery: (query) => set({ query }),
        setOrder: (order) => set({ order }),
        setHover: (hover) => set({ hover }),
        setConsidering: (considering) => set({ considering }),
        clearError: () => set({ error: null }),
        clearActionError: () => set({ actionError: null }),
      };
    },
    sessionPersist<XrayState, { threadId: string | null; sessionFile: string | null; kinds: SegmentKind[]; statuses: SegmentStatus[]; order: SegmentOrder }>('xray', (s) => ({
      threadId: s.threadId,
      sessionFile: s.sessionFile,
      kinds: s.kinds,
      statuses: s.statuses,
      order: s.order,
    })),
  ),
);
